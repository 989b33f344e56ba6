import type { Request } from 'express';
import type { Locale } from '../../../../core/workspace/user';
import { toLocale } from '../../../../core/workspace/user';

/** Header the web app sends with the language of the page the person is looking at. */
export const LOCALE_HEADER = 'x-tomo-locale';

/**
 * The language of messages in an API answer: the page's language when the web app names it,
 * else the browser's first Accept-Language, else English.
 */
export function requestLocale(req: Request, fallback?: Locale): Locale {
  const named = req.get(LOCALE_HEADER);
  if (named) return toLocale(named);
  if (fallback) return fallback;
  const accepted = req.get('accept-language')?.split(',')[0]?.trim();
  return toLocale(accepted ?? null);
}
