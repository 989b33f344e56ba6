import { describe, expect, it } from 'vitest';
import { normalizePath, pageHead } from '../../../apps/web/src/lib/seo';
import { site } from '../../../apps/web/src/lib/site';

const meta = { title: 'Pricing', description: 'Plans and prices.' };

describe('page head', () => {
  it('points canonical at the page itself and offers both languages plus x-default', () => {
    const head = pageHead(meta, '/ja/pricing', 'ja');
    const links = Object.fromEntries(head.links.map((link) => [link.rel === 'canonical' ? 'canonical' : link.hrefLang, link.href]));
    expect(links).toEqual({
      canonical: `${site.origin}/ja/pricing`,
      en: `${site.origin}/pricing`,
      ja: `${site.origin}/ja/pricing`,
      'x-default': `${site.origin}/pricing`,
    });
  });

  it('gives one canonical URL whatever the trailing slash', () => {
    expect(normalizePath('/ja/')).toBe('/ja');
    const head = pageHead(meta, '/features/', 'en');
    expect(head.links[0]).toEqual({ rel: 'canonical', href: `${site.origin}/features` });
  });

  it('carries title, description, Open Graph and Twitter card metadata', () => {
    const tags = pageHead(meta, '/pricing', 'en').meta;
    const value = (key: string) => tags.find((tag) => ('name' in tag && tag.name === key) || ('property' in tag && tag.property === key));
    expect(tags[0]).toEqual({ title: 'Pricing | Tomo' });
    expect(value('description')).toMatchObject({ content: 'Plans and prices.' });
    expect(value('og:title')).toMatchObject({ content: 'Pricing | Tomo' });
    expect(value('og:locale')).toMatchObject({ content: 'en_US' });
    expect(value('og:locale:alternate')).toMatchObject({ content: 'ja_JP' });
    expect(value('twitter:card')).toMatchObject({ content: 'summary_large_image' });
    expect(pageHead({ title: 'Tomo', description: 'x' }, '/', 'en').meta[0]).toEqual({ title: 'Tomo' });
  });
});
