import type { i18n as I18n } from 'i18next';
import { prepareMessages } from '../app/i18n';
import type { Namespace } from '../app/messages';
import { isLocale } from './locale';
import type { Locale } from './locale';
import { pageHead } from './seo';
import type { PageMeta } from './seo';

export interface LoadedPage {
  locale: Locale;
  meta: PageMeta;
}

/** The locale of a `{-$locale}` param (already validated by the locale layout route). */
export function localeFromParam(param: string | undefined): Locale {
  return isLocale(param) ? param : 'en';
}

/**
 * Loader shared by every public page: loads the page's message namespaces for the locale
 * (`namespace` and any `alsoNamespaces`, in parallel) and returns the page's title and
 * description (keys `<metaKey>.title` and `<metaKey>.description` of `namespace`).
 */
export async function loadPage(
  i18n: I18n,
  localeParam: string | undefined,
  namespace: Namespace,
  metaKey = 'meta',
  alsoNamespaces: readonly Namespace[] = [],
): Promise<LoadedPage> {
  const locale = localeFromParam(localeParam);
  await prepareMessages(i18n, locale, [namespace, ...alsoNamespaces]);
  const t = i18n.getFixedT(locale, namespace);
  return { locale, meta: { title: t(`${metaKey}.title`), description: t(`${metaKey}.description`) } };
}

export function headFor(page: LoadedPage | undefined, pathname: string) {
  if (!page) return {};
  return pageHead(page.meta, pathname, page.locale);
}
