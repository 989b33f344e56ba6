import { describe, expect, it } from 'vitest';
import { localeOfPath, localizePath, stripLocale } from '../../../apps/web/src/lib/locale';
import { publicPages, publicPaths } from '../../../apps/web/src/lib/public-routes';

describe('locale paths', () => {
  it('treats /ja and /ja/... as Japanese and everything else as English', () => {
    expect(localeOfPath('/ja')).toBe('ja');
    expect(localeOfPath('/ja/pricing')).toBe('ja');
    expect(localeOfPath('/')).toBe('en');
    expect(localeOfPath('/pricing')).toBe('en');
    expect(localeOfPath('/japan-office')).toBe('en');
  });

  it('moves a page between locales without changing the rest of the path', () => {
    expect(localizePath('/pricing', 'ja')).toBe('/ja/pricing');
    expect(localizePath('/ja/pricing', 'en')).toBe('/pricing');
    expect(localizePath('/ja/pricing', 'ja')).toBe('/ja/pricing');
    expect(localizePath('/', 'ja')).toBe('/ja');
    expect(localizePath('/ja', 'en')).toBe('/');
    expect(localizePath('/ja/', 'en')).toBe('/');
    expect(stripLocale('/ja/use-cases/translation')).toBe('/use-cases/translation');
  });

  it('lists every public route of the spec once, in both languages', () => {
    expect(publicPaths).toHaveLength(21);
    expect(new Set(publicPaths).size).toBe(publicPaths.length);
    const urls = publicPages().map((page) => page.url);
    expect(urls).toHaveLength(42);
    expect(urls).toContain('/ja/specified-commercial-transaction-act');
    expect(urls).toContain('/use-cases/medical-notes');
    expect(urls).toContain('/ja');
  });
});
