import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncStripeCatalog } from '../../adapters/stripe/catalog-sync';
import { createStripeClient } from '../../adapters/stripe/stripe-client';
import en from '../../apps/web/src/locales/en/pricing';
import { ADMIN, startBillingWorld, TEAM, type BillingWorld } from '../integration/billing-http/support/billing-world';
import { StripeFake } from '../fakes/stripe/stripe-fake';
import { launchBrowser } from '../support/browser';
import { ensureWebBuild } from '../support/web-app';

/**
 * A Stripe account that serves Checkout on its own domain (STRIPE_CUSTOM_DOMAIN_URL): the plan
 * button's form posts to Tomo, which answers 303 to the session's address on that domain, and
 * Chromium checks that redirect against `form-action`. The custom domain is the Stripe fake
 * reached under another host name (the browser's resolver maps it to 127.0.0.1).
 */
const CUSTOM_HOST = 'payments.example.test';
let stripe: StripeFake;
let world: BillingWorld;
let browser: Browser;
let admin: BrowserContext;
let customDomain: string;

beforeAll(async () => {
  ensureWebBuild();
  stripe = await StripeFake.start();
  stripe.setNow(() => new Date());
  await syncStripeCatalog(createStripeClient({ secretKey: 'sk_test_tomo_fake', apiUrl: stripe.url }));
  customDomain = `http://${CUSTOM_HOST}:${stripe.port}`;
  stripe.hostedPagesUrl = customDomain;
  [world, browser] = await Promise.all([
    startBillingWorld({ worker: false, stripe, env: { STRIPE_CUSTOM_DOMAIN_URL: customDomain } }),
    launchBrowser([`--host-resolver-rules=MAP ${CUSTOM_HOST} 127.0.0.1`]),
  ]);
  admin = await browser.newContext({ baseURL: world.app.baseUrl, viewport: { width: 1280, height: 900 } });
  world.slack.oidc.signInAs({ teamId: TEAM, userId: ADMIN });
  const page = await admin.newPage();
  await page.goto('/auth/signin?returnTo=%2Fpricing');
  await page.waitForURL(`${world.app.baseUrl}/pricing`);
  await page.close();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await world?.close();
  await stripe?.stop();
});

describe("Stripe Checkout on the account's custom domain", () => {
  it('the plan button takes the admin to the checkout page on the custom domain, and paying brings them back', async () => {
    const page = await admin.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto('/pricing');
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const entry = page.locator('li.plan-card', { has: page.getByRole('heading', { name: 'Entry', exact: true }) });
    await entry.getByRole('button', { name: new RegExp(en.card.subscribe) }).click();
    await page.waitForURL(`${customDomain}/checkout/**`);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL((url) => url.origin === world.app.baseUrl);
    expect(new URL(page.url()).search).toBe('?checkout=success');
    expect(violations).toEqual([]);
    await page.close();
  }, 60_000);
});
