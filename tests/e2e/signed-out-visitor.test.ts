import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicPages } from '../../apps/web/src/lib/public-routes';
import { startTestApp, type TestApp } from '../support/app';
import { launchBrowser } from '../support/browser';

// A signed-out visitor on the real server (built site, real API): every public page in both
// languages loads without a console message of type error, a script error, a failed request
// or any response of 400 or more, including the "who is signed in" call every page makes.
let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  app = await startTestApp({}, { worker: false });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('a signed-out visitor', () => {
  it('sees every public page without a console error or a failing request', async () => {
    const context = await browser.newContext();
    const problems: string[] = [];
    let sessionChecks = 0;
    for (const { url } of publicPages()) {
      const page = await context.newPage();
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`${url}: console error: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`${url}: script error: ${error.message}`));
      page.on('requestfailed', (request) => problems.push(`${url}: request failed: ${request.url()} ${request.failure()?.errorText}`));
      page.on('response', (response) => {
        if (response.status() >= 400) problems.push(`${url}: ${response.status()} ${response.url()}`);
        if (new URL(response.url()).pathname === '/api/session') sessionChecks += 1;
      });
      const session = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/session');
      const response = await page.goto(`${app.baseUrl}${url}`);
      expect(response?.status(), url).toBe(200);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      await (await session).finished();
      await page.close();
    }
    expect(problems).toEqual([]);
    // The frame really asked who is signed in (and was told: nobody) on every page.
    expect(sessionChecks).toBe(publicPages().length);
    await context.close();
  }, 180_000);
});
