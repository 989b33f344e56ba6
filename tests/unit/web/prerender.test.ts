import { describe, expect, it } from 'vitest';
import { assetTags, injectIntoHead, pageScripts, routeChunkKeys } from '../../../apps/web/prerender/asset-tags';
import type { Manifest } from '../../../apps/web/prerender/asset-tags';
import { inlineScriptHashes, outputFile, spaShell } from '../../../apps/web/prerender/prerender-site';
import { robotsTxt, sitemapXml } from '../../../apps/web/prerender/sitemap';

const manifest: Manifest = {
  'src/app/entry-client.tsx': { file: 'assets/entry.js', css: ['assets/entry.css'], imports: ['_vendor.js'], isEntry: true },
  '_vendor.js': { file: 'assets/vendor.js' },
  '_section.js': { file: 'assets/section.js', imports: ['_vendor.js'] },
  'src/routes/{-$locale}/pricing.tsx?tsr-split=component': { file: 'assets/pricing.js', imports: ['src/app/entry-client.tsx', '_section.js'] },
  'src/routes/{-$locale}/index.tsx?tsr-split=component': { file: 'assets/home.js' },
  'src/locales/ja/pricing.ts': { file: 'assets/ja-pricing.js' },
};

describe('asset tags of a prerendered page', () => {
  it('finds the split component of a route file, an index route included', () => {
    expect(routeChunkKeys('/{-$locale}/pricing')).toContain('src/routes/{-$locale}/pricing.tsx?tsr-split=component');
    expect(routeChunkKeys('/{-$locale}/')).toEqual(['src/routes/{-$locale}/index.tsx?tsr-split=component']);
    expect(routeChunkKeys('/{-$locale}/pricing')).not.toContain('src/routes/{-$locale}/pricing/index.tsx?tsr-split=component');
  });

  it('preloads exactly what the page renders with: entry, route chunk, its imports and messages', () => {
    const scripts = pageScripts(manifest, ['__root__', '/{-$locale}', '/{-$locale}/pricing'], ['ja/pricing', 'ja/missing']);
    expect(scripts).toEqual(['/assets/entry.js', '/assets/vendor.js', '/assets/pricing.js', '/assets/section.js', '/assets/ja-pricing.js']);
    expect(scripts).not.toContain('/assets/home.js');
  });

  it('writes the stylesheet, module preloads and one entry script', () => {
    const tags = assetTags(manifest, ['/assets/entry.js', '/assets/vendor.js']);
    expect(tags).toBe(
      '<link rel="stylesheet" href="/assets/entry.css"><link rel="modulepreload" href="/assets/vendor.js">' +
        '<script type="module" src="/assets/entry.js"></script>',
    );
    expect(injectIntoHead('<html><head><title>x</title></head><body></body></html>', tags)).toBe(
      `<html><head><title>x</title>${tags}</head><body></body></html>`,
    );
    expect(() => injectIntoHead('<p>no head</p>', tags)).toThrow();
  });

  it('puts each page at <path>/index.html and marks the shell as client-rendered', () => {
    expect(outputFile('/dist', '/')).toBe('/dist/index.html');
    expect(outputFile('/dist', '/ja/pricing')).toBe('/dist/ja/pricing/index.html');
    expect(spaShell('<script></script>')).toContain('<html lang="en" data-render="client">');
  });
});

describe('crawler files', () => {
  it('lists each page per language with its alternates in sitemap.xml', () => {
    const xml = sitemapXml('https://tomo.example', ['/', '/pricing']);
    expect(xml.match(/<url>/g)).toHaveLength(4);
    expect(xml).toContain('<loc>https://tomo.example/ja/pricing</loc>');
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://tomo.example/pricing"/>');
    expect(xml).toContain('<loc>https://tomo.example/ja</loc>');
  });

  it('points robots.txt at the sitemap and keeps private areas out', () => {
    const robots = robotsTxt('https://tomo.example');
    expect(robots).toContain('Sitemap: https://tomo.example/sitemap.xml');
    expect(robots).toContain('Disallow: /api/');
    expect(robots).toContain('Disallow: /ja/settings');
  });
});

describe('inline script hashes for the Content-Security-Policy', () => {
  it('hashes each inline script as the browser does (sha256 of its text, base64), and no script loaded from a file', () => {
    const html = '<head><script type="module" src="/assets/entry.js"></script></head><body><script>scrollTo(0,0)</script><SCRIPT >a()</SCRIPT></body>';
    // echo -n 'scrollTo(0,0)' | openssl dgst -sha256 -binary | base64
    expect(inlineScriptHashes(html)).toEqual(['sha256-8BvsWrK5RAzsqVjNkllY9i6W6atg2Saho63iSuqou2c=', 'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4=']);
    expect(inlineScriptHashes(spaShell('<script type="module" src="/assets/entry.js"></script>'))).toEqual([]);
  });
});
