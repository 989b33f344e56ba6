import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';

/** The system Chromium (Debian package); never a downloaded browser. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** `extraArgs`: switches one test needs on top of these (e.g. `--short-reporting-delay`). */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: [...chromiumArgs, ...extraArgs] });
}

/**
 * Script errors and console errors of a page (hydration mismatches show up here). Failed
 * network requests are left out: pages served by stub servers may ask for what a stub lacks
 * (tests/e2e/signed-out-visitor.test.ts checks them against the real server).
 */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  return errors;
}
