import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ja from '../../apps/web/src/locales/ja/pricing';
import { ADMIN, startBillingWorld, TEAM, type BillingWorld } from '../integration/billing-http/support/billing-world';
import { launchBrowser } from '../support/browser';
import { ensureWebBuild } from '../support/web-app';

/**
 * A Japanese admin leaves the hosted Stripe pages (checkout cancelled or paid, wallet setup,
 * customer portal) and comes back to the page in Japanese, with the outcome's alert. Real
 * server and PostgreSQL, the Stripe fake's hosted pages, Sign in with Slack through the Slack fake.
 */
let world: BillingWorld;
let browser: Browser;
let admin: BrowserContext;

beforeAll(async () => {
  ensureWebBuild();
  [world, browser] = await Promise.all([startBillingWorld({ worker: false }), launchBrowser()]);
  admin = await browser.newContext({ baseURL: world.app.baseUrl, viewport: { width: 1280, height: 900 } });
  world.slack.oidc.signInAs({ teamId: TEAM, userId: ADMIN });
  const page = await admin.newPage();
  await page.goto('/auth/signin?returnTo=%2Fja');
  await page.waitForURL(`${world.app.baseUrl}/ja`);
  await page.close();
});

afterAll(async () => {
  await browser?.close();
  await world?.close();
});

async function jaPricing(): Promise<Page> {
  const page = await admin.newPage();
  await page.goto('/ja/pricing');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  return page;
}

const alertTitle = async (page: Page) => {
  await page.locator('.alert').waitFor();
  return page.locator('.alert-title').innerText();
};

describe('coming back from Stripe to /ja/pricing', () => {
  it('a checkout cancelled at Stripe returns to the Japanese pricing page with the cancel alert', async () => {
    const page = await jaPricing();
    const standard = page.locator('li.plan-card', { has: page.getByRole('heading', { name: 'Standard', exact: true }) });
    await standard.getByRole('button', { name: new RegExp(ja.card.subscribe) }).click();
    await page.waitForURL(`${world.stripe!.url}/checkout/**`);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.origin === world.app.baseUrl);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/ja/pricing?checkout=cancel');
    expect(await alertTitle(page)).toBe(ja.alerts.checkoutCancel.title);
    await page.close();
  });

  it('a paid checkout returns to the Japanese pricing page with the thank-you alert', async () => {
    const page = await jaPricing();
    const entry = page.locator('li.plan-card', { has: page.getByRole('heading', { name: 'Entry', exact: true }) });
    await entry.getByRole('button', { name: new RegExp(ja.card.subscribe) }).click();
    await page.waitForURL(`${world.stripe!.url}/checkout/**`);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL((url) => url.origin === world.app.baseUrl);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/ja/pricing?checkout=success');
    expect(await alertTitle(page)).toBe(ja.alerts.checkoutSuccess.title);
    await page.close();
  });

  it('a wallet setup cancelled at Stripe returns to the Japanese pricing page', async () => {
    const page = await jaPricing();
    await page.locator('.wallet-setup').getByRole('button').click();
    await page.waitForURL(`${world.stripe!.url}/checkout/**`);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.origin === world.app.baseUrl);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/ja/pricing?setup=cancel');
    expect(await alertTitle(page)).toBe(ja.alerts.setupCancel.title);
    await page.close();
  });

  it("the menu's Customer Portal returns to the Japanese pricing page", async () => {
    // The workspace has a Stripe customer since the checkouts above.
    const page = await admin.newPage();
    await page.goto('/ja/features');
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.locator('#site-menu form[action="/api/create-portal-session"]').evaluate((form: HTMLFormElement) => form.requestSubmit());
    await page.waitForURL(`${world.stripe!.url}/portal/**`);
    await page.getByRole('link', { name: 'Return' }).click();
    await page.waitForURL((url) => url.origin === world.app.baseUrl);
    expect(new URL(page.url()).pathname).toBe('/ja/pricing');
    await page.close();
  });
});
