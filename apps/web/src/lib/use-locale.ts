import { useLocation } from '@tanstack/react-router';
import { localeOfPath, localeParam } from './locale';
import type { Locale } from './locale';

/** The locale of the current URL ('/ja/...' is Japanese). */
export function useLocale(): Locale {
  return useLocation({ select: (location) => localeOfPath(location.pathname) });
}

/** Params for typed links to `/{-$locale}/...` routes that keep the current locale. */
export function useLocaleParams(): { locale: Locale | undefined } {
  return { locale: localeParam(useLocale()) };
}
