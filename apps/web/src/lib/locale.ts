// Locales of the site: English is the default and has no prefix, Japanese lives under /ja/.
export const locales = ['en', 'ja'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** The locale a path belongs to: '/ja' and '/ja/...' are Japanese, everything else English. */
export function localeOfPath(pathname: string): Locale {
  return pathname === '/ja' || pathname.startsWith('/ja/') ? 'ja' : defaultLocale;
}

/** The path without its locale prefix, always starting with '/'. */
export function stripLocale(pathname: string): string {
  if (localeOfPath(pathname) === defaultLocale) return pathname || '/';
  const rest = pathname.slice('/ja'.length);
  return rest === '' ? '/' : rest;
}

/** The same page under another locale: ('/pricing', 'ja') → '/ja/pricing'. */
export function localizePath(pathname: string, locale: Locale): string {
  const bare = stripLocale(pathname);
  if (locale === defaultLocale) return bare;
  return bare === '/' ? `/${locale}` : `/${locale}${bare}`;
}

/** Route param for links: undefined keeps the default locale unprefixed. */
export function localeParam(locale: Locale): Locale | undefined {
  return locale === defaultLocale ? undefined : locale;
}

export const htmlLang: Record<Locale, string> = { en: 'en', ja: 'ja' };
export const ogLocale: Record<Locale, string> = { en: 'en_US', ja: 'ja_JP' };
