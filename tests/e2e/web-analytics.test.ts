import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { json } from '../support/static-server';
import type { StaticServer } from '../support/static-server';
import { startWebApp } from '../support/web-app';

// A stand-in for a real analytics script: it records the page views it is given.
const recorder = `window.tomoAnalytics = { pageview(view) { (window.__views ||= []).push(view); } };`;

let browser: Browser;
let configured: StaticServer;
let unconfigured: StaticServer;
let scriptRequests = 0;

beforeAll(async () => {
  browser = await launchBrowser();
  configured = await startWebApp({
    '/api/public-config': json({ billingEnabled: false, analyticsScriptUrl: '/vendor/analytics.js' }),
    '/vendor/analytics.js': (_req, res) => {
      scriptRequests += 1;
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(recorder);
    },
  });
  unconfigured = await startWebApp({ '/api/public-config': json({ billingEnabled: false }) });
});

afterAll(async () => {
  await browser?.close();
  await configured?.close();
  await unconfigured?.close();
});

type View = { url: string; path: string; title: string; locale: string; referrer: string };
const views = (page: Page) => page.evaluate(() => (window as unknown as { __views?: View[] }).__views ?? []);

describe('page views', () => {
  it('sends one page view per route change to the configured script', async () => {
    const page = await browser.newPage();
    await page.goto(`${configured.url}/ja`);
    await expect.poll(() => views(page)).toHaveLength(1);
    const [first] = await views(page);
    expect(first).toMatchObject({ path: '/ja', locale: 'ja', title: 'Tomo', url: `${configured.url}/ja` });

    await page.locator('button[aria-controls="site-menu"]').click();
    await page.locator('#site-menu a[href="/ja/pricing"]').click();
    await expect.poll(() => views(page)).toHaveLength(2);
    expect((await views(page))[1]).toMatchObject({ path: '/ja/pricing', title: '料金 | Tomo', referrer: `${configured.url}/ja` });

    // Back to the home page is a route change too.
    await page.goBack();
    await page.waitForURL(`${configured.url}/ja`);
    await expect.poll(() => views(page)).toHaveLength(3);
    expect((await views(page))[2]).toMatchObject({ path: '/ja' });

    // Moving to an anchor on the same page is not a new page view.
    await page.goto(`${configured.url}/features`);
    await expect.poll(() => views(page)).toHaveLength(1);
    await page.locator('.toc a[href="#triggers"]').click();
    await page.waitForURL(`${configured.url}/features#triggers`);
    await page.waitForTimeout(300);
    expect(await views(page)).toHaveLength(1);
    await page.close();
  });

  it('loads no script and sends nothing when no analytics script is configured', async () => {
    const before = scriptRequests;
    const page = await browser.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${unconfigured.url}/`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.locator('button[aria-controls="site-menu"]').click();
    await page.locator('#site-menu a[href="/features"]').click();
    await page.waitForURL(`${unconfigured.url}/features`);
    await page.waitForLoadState('networkidle');
    const others = requested.filter((path) => !path.startsWith('/assets/') && !path.startsWith('/api/'));
    expect(new Set(others)).toEqual(new Set(['/', '/favicon.svg']));
    expect(await page.evaluate(() => 'tomoAnalytics' in window)).toBe(false);
    expect(scriptRequests).toBe(before);
    await page.close();
  });
});
