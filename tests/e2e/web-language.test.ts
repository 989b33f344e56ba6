import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicPages } from '../../apps/web/src/lib/public-routes';
import { launchBrowser, watchPageErrors } from '../support/browser';
import type { StaticServer } from '../support/static-server';
import { startWebApp } from '../support/web-app';

let server: StaticServer;
let browser: Browser;

beforeAll(async () => {
  server = await startWebApp();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('language menu', () => {
  it('loads the current path, query and anchor under the chosen language', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/features/roadmap?ref=newsletter#in-progress`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.locator('button[aria-controls="language-menu"]').click();
    expect(await page.locator('#language-menu a[aria-current="true"]').innerText()).toContain('English');
    await page.locator('#language-menu a[hreflang="ja"]').click();
    await page.waitForURL(`${server.url}/ja/features/roadmap?ref=newsletter#in-progress`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    expect(await page.locator('html').getAttribute('lang')).toBe('ja');
    expect(await page.title()).toBe('ロードマップ | Tomo');

    await page.locator('button[aria-controls="language-menu"]').click();
    await page.locator('#language-menu a[hreflang="en"]').click();
    await page.waitForURL(`${server.url}/features/roadmap?ref=newsletter#in-progress`);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.close();
  });

  it('switches the home page between / and /ja', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/ja`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    expect(await page.locator('#language-menu a[hreflang="en"]').getAttribute('href')).toBe('/');
    await page.goto(`${server.url}/`);
    expect(await page.locator('#language-menu a[hreflang="ja"]').getAttribute('href')).toBe('/ja');
    await page.close();
  });

  it('keeps a mistyped address when the not-found page switches language, and signs in back to it', async () => {
    // The not-found page is prerendered once, at /404; in the browser its links must name the address typed.
    const page = await browser.newPage();
    const response = await page.goto(`${server.url}/no-such-page?ref=mail`);
    expect(response?.status()).toBe(404);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    expect(await page.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth/signin?returnTo=%2Fno-such-page%3Fref%3Dmail');
    await page.locator('button[aria-controls="language-menu"]').click();
    expect(await page.locator('#language-menu a[hreflang="ja"]').getAttribute('href')).toBe('/ja/no-such-page');
    await page.locator('#language-menu a[hreflang="ja"]').click();
    await page.waitForURL(`${server.url}/ja/no-such-page?ref=mail`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    expect(await page.locator('html').getAttribute('lang')).toBe('ja');
    expect(await page.title()).toBe('ページが見つかりません | Tomo');
    await page.locator('button[aria-controls="language-menu"]').click();
    expect(await page.locator('#language-menu a[hreflang="en"]').getAttribute('href')).toBe('/no-such-page');
    await page.close();
  });

  it('keeps links inside the chosen language after hydration', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/ja/use-cases`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.locator('main a[href="/ja/use-cases/translation"]').click();
    await page.waitForURL(`${server.url}/ja/use-cases/translation`);
    await page.waitForFunction(() => document.title === '翻訳 | Tomo');
    expect(await page.locator('html').getAttribute('lang')).toBe('ja');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/ja\/use-cases\/translation$/);
    await page.close();
  });
});

// One test per page: each gets the whole test timeout (40 pages in one test ran out of it on a
// busy 2-core machine), and a failure names its page.
describe('hydration', () => {
  it.each(publicPages().map(({ url }) => url))('hydrates %s without errors or visible changes', async (url) => {
    const page = await browser.newPage();
    const errors = watchPageErrors(page);
    const response = await page.goto(`${server.url}${url}`);
    const prerendered = (await response!.text()).match(/<h1[^>]*>([^<]*)</)?.[1];
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    expect(await page.locator('main h1').innerText()).toBe(prerendered?.replace(/&#x27;/g, "'").replace(/&amp;/g, '&'));
    expect(errors).toEqual([]);
    await page.close();
  });
});
