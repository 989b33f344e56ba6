import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localizePath } from '../../apps/web/src/lib/locale';
import { publicPages, publicPaths } from '../../apps/web/src/lib/public-routes';
import { launchBrowser } from '../support/browser';
import type { StaticServer } from '../support/static-server';
import { builtOrigin, startWebApp } from '../support/web-app';

// What a crawler or a link preview sees: the prerendered HTML with JavaScript switched off.
let server: StaticServer;
let browser: Browser;
let noScript: BrowserContext;
let origin: string;

beforeAll(async () => {
  server = await startWebApp();
  origin = builtOrigin();
  browser = await launchBrowser();
  noScript = await browser.newContext({ javaScriptEnabled: false });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('every public route in both languages, before any script runs', () => {
  const titles = new Map<string, string>();

  for (const page of publicPages()) {
    it(`${page.url} is prerendered with its language, title and links`, async () => {
      const tab = await noScript.newPage();
      const response = await tab.goto(`${server.url}${page.url}`);
      expect(response?.status()).toBe(200);

      const head = tab.locator('head');
      expect(await tab.locator('html').getAttribute('lang')).toBe(page.locale);
      const title = await tab.title();
      expect(title).toMatch(/(^Tomo$)|( \| Tomo$)/);
      titles.set(page.url, title);

      const canonical = `${origin}${page.url}`;
      expect(await head.locator('link[rel="canonical"]').getAttribute('href')).toBe(canonical);
      const alternate = (lang: string) => head.locator(`link[rel="alternate"][hreflang="${lang}"]`).getAttribute('href');
      expect(await alternate('en')).toBe(`${origin}${localizePath(page.path, 'en')}`);
      expect(await alternate('ja')).toBe(`${origin}${localizePath(page.path, 'ja')}`);
      expect(await alternate('x-default')).toBe(`${origin}${localizePath(page.path, 'en')}`);

      const meta = (selector: string) => head.locator(`meta[${selector}]`).getAttribute('content');
      expect((await meta('name="description"'))?.length ?? 0).toBeGreaterThan(50);
      expect(await meta('property="og:title"')).toBe(title);
      expect(await meta('property="og:url"')).toBe(canonical);
      expect(await meta('property="og:locale"')).toBe(page.locale === 'ja' ? 'ja_JP' : 'en_US');
      expect(await meta('property="og:image"')).toBe(`${origin}/og-image.png`);
      expect(await meta('name="twitter:card"')).toBe('summary_large_image');
      expect(await meta('name="twitter:title"')).toBe(title);

      // Real content is in the HTML itself, in the page's language.
      await expect(tab.locator('main h1').count()).resolves.toBe(1);
      const text = await tab.locator('main').innerText();
      expect(text.length).toBeGreaterThan(400);
      expect(text).not.toMatch(/lorem ipsum|TODO|TBD|\{\{/i);
      if (page.locale === 'ja') expect(text).toMatch(/[\u3040-\u30ff]/);
      await tab.close();
    });
  }

  it('describes PDF search as a vector space of about a thousand dimensions (spec 9), in both languages', async () => {
    for (const [path, words] of [
      ['/features', 'a vector space of about a thousand dimensions'],
      ['/ja/features', '約 1,000 次元のベクトル空間'],
    ] as const) {
      const tab = await noScript.newPage();
      await tab.goto(`${server.url}${path}`);
      expect(await tab.locator('#plugins').innerText()).toContain(words);
      await tab.close();
    }
  });

  it("names the 16K token tier (spec 9): Standard's answers read up to 16K tokens of links and files, in both languages", async () => {
    for (const [path, words] of [
      ['/pricing', ['4K', '8K', '16K', '32K'].map((read) => `links and files read up to ${read} tokens per answer`)],
      ['/ja/pricing', ['4K', '8K', '16K', '32K'].map((read) => `リンクとファイルは 1 回の回答で ${read} トークンまで読み取り`)],
    ] as const) {
      const tab = await noScript.newPage();
      await tab.goto(`${server.url}${path}`);
      // The 'Tokens and models' row: trial, Entry, Standard, Premium (the plan catalogue's `readers.tokensPerAnswer`).
      const cells = await tab.locator('#plan-details tbody tr').first().locator('td').allInnerTexts();
      expect(cells.map((cell, n) => cell.includes(words[n]!))).toEqual([true, true, true, true]);
      await tab.close();
    }
  });

  it('gives every page its own title within a language', () => {
    for (const locale of ['en', 'ja']) {
      const own = publicPages().filter((page) => page.locale === locale).map((page) => titles.get(page.url));
      expect(new Set(own).size).toBe(own.length);
    }
  });
});

describe('crawler files and fallbacks', () => {
  it('sitemap.xml lists every public page in both languages with alternates', async () => {
    const response = await fetch(`${server.url}/sitemap.xml`);
    expect(response.status).toBe(200);
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs.sort()).toEqual(publicPages().map((page) => `${origin}${page.url}`).sort());
    expect(xml.match(/hreflang="x-default"/g)?.length).toBe(publicPaths.length * 2);
  });

  it('robots.txt allows the site, keeps crawlers out of settings and points at the sitemap', async () => {
    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(robots).toContain('Allow: /');
    expect(robots).toContain('Disallow: /settings');
    expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });

  it('answers routes that are not prerendered (settings) with the client-only shell', async () => {
    const response = await fetch(`${server.url}/settings/app`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('data-render="client"');
    expect(html).toContain('<script type="module" src="/assets/');
  });

  it('answers a path that is neither prerendered nor a client route with 404 and the not-found page in its language', async () => {
    for (const [path, lang] of [['/no-such-page', 'en'], ['/use-cases/no-such-case', 'en'], ['/ja/no-such-page', 'ja'], ['/favicon.ico', 'en']] as const) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html).toContain(`<html lang="${lang}"`);
      expect(html).toContain('<meta name="robots" content="noindex"/>');
    }
    for (const path of ['/ja/settings/members', '/settings', '/playground']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain('data-render="client"');
    }
  });

  it('answers the not-found pages asked for by name with 404 too, as a browser sees them', async () => {
    const page = await browser.newPage();
    for (const [file, lang] of [['/404.html', 'en'], ['/ja/404.html', 'ja']] as const) {
      const response = await page.goto(`${server.url}${file}`);
      expect(response?.status(), file).toBe(404);
      expect(await page.locator('html').getAttribute('lang')).toBe(lang);
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    }
    await page.close();
  });

  it('has prerendered not-found pages that ask not to be indexed', async () => {
    for (const [file, lang] of [['/404.html', 'en'], ['/ja/404.html', 'ja']] as const) {
      const html = await (await fetch(`${server.url}${file}`)).text();
      expect(html).toContain(`<html lang="${lang}"`);
      expect(html).toContain('<meta name="robots" content="noindex"/>');
    }
  });
});
