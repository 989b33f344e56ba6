import { defaultLocale, localizePath, locales, ogLocale } from './locale';
import type { Locale } from './locale';
import { absoluteUrl, siteName } from './site';

export interface PageMeta {
  title: string;
  description: string;
}

/** Strips a trailing slash ('/ja/' → '/ja') so every page has exactly one canonical URL. */
export function normalizePath(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

/**
 * Title, description, canonical, per-locale alternates plus x-default, Open Graph and
 * Twitter card tags for one page, in the shape of a TanStack Router `head()`.
 */
export function pageHead(meta: PageMeta, pathname: string, locale: Locale) {
  const path = normalizePath(pathname);
  const url = absoluteUrl(localizePath(path, locale));
  const title = meta.title === siteName ? siteName : `${meta.title} | ${siteName}`;
  const image = absoluteUrl('/og-image.png');
  return {
    meta: [
      { title },
      { name: 'description', content: meta.description },
      { property: 'og:type', content: 'website' },
      { property: 'og:site_name', content: siteName },
      { property: 'og:title', content: title },
      { property: 'og:description', content: meta.description },
      { property: 'og:url', content: url },
      { property: 'og:image', content: image },
      { property: 'og:image:width', content: '1200' },
      { property: 'og:image:height', content: '630' },
      { property: 'og:locale', content: ogLocale[locale] },
      ...locales
        .filter((other) => other !== locale)
        .map((other) => ({ property: 'og:locale:alternate', content: ogLocale[other] })),
      { name: 'twitter:card', content: 'summary_large_image' },
      { name: 'twitter:title', content: title },
      { name: 'twitter:description', content: meta.description },
      { name: 'twitter:image', content: image },
    ],
    links: [
      { rel: 'canonical', href: url },
      ...locales.map((other) => ({
        rel: 'alternate',
        hrefLang: other,
        href: absoluteUrl(localizePath(path, other)),
      })),
      { rel: 'alternate', hrefLang: 'x-default', href: absoluteUrl(localizePath(path, defaultLocale)) },
    ],
  };
}
