import { localizePath, locales } from '../src/lib/locale.ts';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** sitemap.xml: every page in every locale, each with its alternates and x-default. */
export function sitemapXml(origin: string, paths: readonly string[]): string {
  const url = (path: string) => escapeXml(new URL(path, origin).href);
  const entries = paths.flatMap((path) =>
    locales.map((locale) => {
      const alternates = [
        ...locales.map((other) => `<xhtml:link rel="alternate" hreflang="${other}" href="${url(localizePath(path, other))}"/>`),
        `<xhtml:link rel="alternate" hreflang="x-default" href="${url(localizePath(path, 'en'))}"/>`,
      ];
      return `<url><loc>${url(localizePath(path, locale))}</loc>${alternates.join('')}</url>`;
    }),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /auth/',
    'Disallow: /settings',
    'Disallow: /ja/settings',
    '',
    `Sitemap: ${new URL('/sitemap.xml', origin).href}`,
    '',
  ].join('\n');
}
