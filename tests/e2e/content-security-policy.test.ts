import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localizePath, locales } from '../../apps/web/src/lib/locale';
import { publicPages } from '../../apps/web/src/lib/public-routes';
import { startDemoInBrowser, type DemoInBrowser } from '../support/all-in-one';

// Every kind of page Tomo serves, opened in Chromium under the Content-Security-Policy the server
// sends (ADR 10), with an analytics script and a booking form configured on another origin: the
// browser reports no violation, and what needs scripts (menus, the playground, the embeds, the
// Trello relay) still works.
let started: DemoInBrowser;
let browser: Browser;
let base: string;
let vendor: Server;
let vendorOrigin: string;
/** What the analytics vendor received: the page views it was sent (fetch) and its pixel loads (img). */
const received: string[] = [];

/** Another origin: an analytics script that sends page views by fetch and by pixel, and a booking form. */
async function startVendor(): Promise<void> {
  vendor = createServer((req, res) => {
    const path = req.url ?? '/';
    if (path === '/analytics.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(
        `(function(){var o=new URL(document.currentScript.src).origin;window.tomoAnalytics={pageview:function(v){` +
          `fetch(o+'/event',{method:'POST',mode:'no-cors',body:v.path});new Image().src=o+'/pixel.gif?path='+encodeURIComponent(v.path);}};})();`,
      );
    } else if (path === '/event' && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push(`event ${body}`);
        res.writeHead(204).end();
      });
    } else if (path.startsWith('/pixel.gif')) {
      received.push(`pixel ${new URL(path, 'http://x').searchParams.get('path')}`);
      res.writeHead(200, { 'content-type': 'image/gif' }).end(Buffer.from('R0lGODlhAQABAAAAACw=', 'base64'));
    } else if (path.startsWith('/book')) {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Book</title><p>Pick a time for your demo</p>');
    } else res.writeHead(404).end();
  });
  vendor.listen(0, '127.0.0.1');
  await new Promise((done) => vendor.once('listening', done));
  vendorOrigin = `http://127.0.0.1:${(vendor.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  await startVendor();
  started = await startDemoInBrowser({
    ANALYTICS_SCRIPT_URL: `${vendorOrigin}/analytics.js`,
    BOOKING_URL: `${vendorOrigin}/book`,
  });
  ({ browser } = started);
  base = started.tomo.url;
}, 120_000);

afterAll(async () => {
  await started?.close();
  vendor?.close();
});

/**
 * A browser context that reports every CSP violation (the `securitypolicyviolation` event, in the
 * page and its frames) and every console message about the policy.
 */
async function watchedContext(): Promise<{ context: BrowserContext; violations: string[] }> {
  const context = await browser.newContext();
  const violations: string[] = [];
  await context.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation;
      report(`${location.pathname}: ${event.effectiveDirective} refused ${event.blockedURI || '(inline)'} ${event.sample}`);
    });
  });
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  context.on('weberror', (error) => violations.push(`page error: ${error.error().message}`));
  return { context, violations };
}

const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
const menuButton = (page: Page) => page.locator('button[aria-controls="site-menu"]');

/** The slide-out menu opens on a click: React handles the page. */
async function menuOpens(page: Page): Promise<void> {
  await menuButton(page).click();
  await expect.poll(() => menuButton(page).getAttribute('aria-expanded')).toBe('true');
  await page.keyboard.press('Escape');
}

describe('the Content-Security-Policy in Chromium', () => {
  it('every public page and the 404 page, in en and ja: no violation, the menu opens, the page view reaches the analytics origin', async () => {
    const { context, violations } = await watchedContext();
    const page = await context.newPage();
    const urls = [...publicPages().map((p) => p.url), '/no-such-page', '/ja/no-such-page'];
    for (const url of urls) {
      const response = await page.goto(`${base}${url}`);
      expect(response?.headers()['content-security-policy'], url).toContain("script-src 'self' 'sha256-");
      await hydrated(page);
      await menuOpens(page);
      // The view is sent by fetch and by pixel, both to the configured analytics origin.
      await expect.poll(() => received.filter((r) => r.endsWith(` ${url}`)).length, { message: url }).toBe(2);
    }
    expect(violations).toEqual([]);
    await context.close();
  }, 180_000);

  it('/booking/demo frames the configured booking form, in en and ja', async () => {
    const { context, violations } = await watchedContext();
    const page = await context.newPage();
    for (const locale of locales) {
      await page.goto(`${base}${localizePath('/booking/demo', locale)}`);
      await hydrated(page);
      const frame = page.locator('.booking-embed iframe');
      await frame.scrollIntoViewIfNeeded();
      await expect.poll(() => page.frameLocator('.booking-embed iframe').getByText('Pick a time for your demo').count()).toBe(1);
    }
    expect(violations).toEqual([]);
    await context.close();
  }, 60_000);

  it('the playground and the settings pages, in en and ja: no violation, a message gets its answer, settings render signed in', async () => {
    const { context, violations } = await watchedContext();
    const page = await context.newPage();
    await page.goto(`${base}/playground`);
    const composer = page.getByRole('textbox', { name: 'Message # general' });
    await composer.fill('@Tomo is the policy strict?');
    await composer.press('Enter');
    await expect
      .poll(() => page.locator('.playground-thread .playground-message-tomo .playground-text').allInnerTexts(), { timeout: 30_000 })
      .toEqual([expect.stringContaining('Answer budget')]);
    await page.goto(`${base}/ja/playground`);
    await hydrated(page);
    await expect.poll(() => page.getByRole('note').innerText()).toContain('LLM_PROVIDER=demo');

    // Signed in as Ada through the playground's emulated "Sign in with Slack".
    await page.goto(`${base}/playground`);
    await page.getByRole('link', { name: 'Settings (signs in as Ada)' }).click();
    await page.waitForURL(/\/settings$/);
    for (const url of ['/settings', '/ja/settings', '/settings/app', '/ja/settings/integrations']) {
      await page.goto(`${base}${url}`);
      await hydrated(page);
      await expect.poll(() => page.locator('main h1').count(), { message: url }).toBe(1);
      await menuOpens(page);
    }
    // The app icon (an <img> from Tomo's origin) loaded.
    await page.goto(`${base}/settings/app`);
    await expect.poll(() => page.locator('main img').first().evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(violations).toEqual([]);
    await context.close();
  }, 120_000);

  it("Trello's relay page posts the token from the fragment: its script runs, and the token leaves the address", async () => {
    const { context, violations } = await watchedContext();
    const page = await context.newPage();
    await page.goto(`${base}/api/auth/callback/atlassian-trello?state=s1#token=relayed-token`);
    // Signed out, the post is answered with the sign-in request: the page's script sent it.
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Sign in first to connect a service.');
    expect(page.url()).not.toContain('relayed-token');
    expect(violations).toEqual([]);
    await context.close();
  }, 60_000);
});
