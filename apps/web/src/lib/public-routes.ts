import { localizePath, locales } from './locale.ts';
import type { Locale } from './locale.ts';

export const useCaseSlugs = [
  'custom-instructions',
  'google-search',
  'google-workspace',
  'image-generation',
  'medical-notes',
  'slack-search',
  'slack-workflows',
  'translation',
] as const;
export type UseCaseSlug = (typeof useCaseSlugs)[number];

export function isUseCaseSlug(value: string): value is UseCaseSlug {
  return (useCaseSlugs as readonly string[]).includes(value);
}

/** Every public page, without locale prefix. Prerendered, listed in sitemap.xml, tested. */
export const publicPaths: readonly string[] = [
  '/',
  '/features',
  '/features/comps',
  '/features/request',
  '/features/roadmap',
  '/use-cases',
  ...useCaseSlugs.map((slug) => `/use-cases/${slug}`),
  '/pricing',
  '/booking/demo',
  '/compliance/hipaa',
  '/security/vdp',
  '/privacy-policy',
  '/terms-of-service',
  '/specified-commercial-transaction-act',
];

export interface PublicPage {
  path: string;
  locale: Locale;
  url: string;
}

/** Every (path, locale) pair: '/pricing' en and '/ja/pricing' ja. */
export function publicPages(): PublicPage[] {
  return publicPaths.flatMap((path) => locales.map((locale) => ({ path, locale, url: localizePath(path, locale) })));
}
