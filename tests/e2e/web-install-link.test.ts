import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchPageErrors } from '../support/browser';
import type { StaticServer } from '../support/static-server';
import { startWebApp } from '../support/web-app';

// The trial starts when Tomo is installed in a workspace (GET /slack/install, "Add to Slack");
// signing in with Slack only opens the settings of a workspace that already has it. A prospective
// customer who presses "Start free trial" or the home page's main button must reach the install.
let browser: Browser;
let server: StaticServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startWebApp()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const cases = [
  { path: '/', link: 'Add to Slack', where: '.home-hero' },
  { path: '/ja', link: 'Slack に追加', where: '.home-hero' },
  { path: '/pricing', link: 'Start free trial', where: '.plan-card' },
  { path: '/ja/pricing', link: '無料トライアルを始める', where: '.plan-card' },
] as const;

describe('the way to a free trial', () => {
  for (const { path, link, where } of cases) {
    it(`${path}: "${link}" installs Tomo in Slack`, async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const errors = watchPageErrors(page);
      await page.goto(`${server.url}${path}`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const cta = page.locator(where).getByRole('link', { name: link, exact: true });
      expect(await cta.count()).toBe(1);
      expect(await cta.getAttribute('href')).toBe('/slack/install');
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
