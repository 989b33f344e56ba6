import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, watchPageErrors } from '../../../support/browser';
import { ensureWebBuild } from '../../../support/web-app';
import { startSettingsWorld, type SettingsWorld } from './slack-world';

/** The settings world plus one shared headless Chromium, for the settings e2e files. */
export interface BrowserWorld extends SettingsWorld {
  browser: Browser;
  /** A fresh browser profile (own cookies) signed in as `who` through the real Sign in with Slack flow. */
  signedIn(who: { teamId: string; userId: string }, options?: { width?: number }): Promise<BrowserContext>;
  /** Opens a path and waits until the page's content rendered; collects page errors. */
  open(context: BrowserContext, path: string): Promise<{ page: Page; errors: string[] }>;
}

export async function startBrowserWorld(options: { env?: Record<string, string> } = {}): Promise<BrowserWorld> {
  ensureWebBuild();
  const world = await startSettingsWorld(options.env ? { env: options.env } : {});
  const browser = await launchBrowser();
  const base = world.app.baseUrl;
  return {
    ...world,
    browser,
    async signedIn(who, options = {}) {
      const context = await browser.newContext({ baseURL: base, viewport: { width: options.width ?? 1280, height: 900 } });
      world.slack.oidc.signInAs(who);
      const page = await context.newPage();
      await page.goto('/auth/signin?returnTo=%2F');
      await page.waitForURL(`${base}/`);
      await page.close();
      return context;
    },
    async open(context, path) {
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      await page.goto(path);
      await page.locator('main h1, #main h1, h1').first().waitFor();
      return { page, errors };
    },
    async close() {
      await browser.close();
      await world.close();
    },
  };
}
