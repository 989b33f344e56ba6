// Stripe ended the workspace's plans (its customer deleted in the Dashboard) while their webhooks
// wait at Stripe. The admin's Subscription page, opened before, still shows them active; the first
// action on one is answered 409 SUBSCRIPTION.NOT_ACTIVE and the server records the end. The page
// must then show the current state at once, with the message, not only after a reload.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeClient } from '../../adapters/stripe/stripe-client';
import { translate } from '../../apps/shared/messages';
import en from '../../apps/web/src/locales/en/settings';
import ja from '../../apps/web/src/locales/ja/settings';
import { buyThroughCheckout } from '../integration/billing-http/support/checkout-flow';
import { ADMIN, eventsSoFarApplied, eventually, startBillingWorld, TEAM, type BillingWorld } from '../integration/billing-http/support/billing-world';
import { launchBrowser, watchPageErrors } from '../support/browser';
import { ensureWebBuild } from '../support/web-app';

let w: BillingWorld;
let browser: Browser;
let admin: BrowserContext;
let standardPage: Page;
let premiumPage: Page;
const pageErrors: string[] = [];

async function open(path: string): Promise<Page> {
  const page = await admin.newPage();
  const errors = watchPageErrors(page);
  page.on('close', () => pageErrors.push(...errors));
  await page.goto(path);
  await page.locator('[data-subscription]').first().waitFor();
  // Survives only as long as the page is not loaded again.
  await page.evaluate(() => Object.assign(window, { tomoSameDocument: true }));
  return page;
}

const card = (page: Page, name: string): Locator => page.locator('li.subscription-card', { has: page.getByRole('heading', { name, exact: true }) });
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { tomoSameDocument?: boolean }).tomoSameDocument === true);

beforeAll(async () => {
  ensureWebBuild();
  [w, browser] = await Promise.all([startBillingWorld(), launchBrowser()]);
  const stripe = w.stripe!;
  stripe.deliverWebhooksTo(`${w.app.baseUrl}/api/stripe/webhook`);
  const a = await buyThroughCheckout(w.admin, stripe, { plan: 'gpt50', seats: 2 });
  const b = await buyThroughCheckout(w.admin, stripe, { plan: 'gpt50_8k', seats: 1 });
  for (const id of [a.subscriptionId, b.subscriptionId]) {
    await eventually(async () => (await w.rows()).find((r) => r.externalId === id && r.status === 'active'), `plan ${id} bought`);
  }
  await stripe.flushWebhooks();
  await eventsSoFarApplied(w.app, stripe);

  admin = await browser.newContext({ baseURL: w.app.baseUrl, viewport: { width: 1280, height: 900 } });
  w.slack.oidc.signInAs({ teamId: TEAM, userId: ADMIN });
  const signIn = await admin.newPage();
  await signIn.goto('/auth/signin?returnTo=%2F');
  await signIn.waitForURL(`${w.app.baseUrl}/`);
  await signIn.close();
  standardPage = await open('/settings/subscription');
  premiumPage = await open('/ja/settings/subscription');
  await card(standardPage, 'Standard').waitFor();
  await card(premiumPage, 'Premium').waitFor();

  // The endpoint is unreachable: the deletion's events stay at Stripe.
  stripe.deliverWebhooksTo(null);
  await createStripeClient({ secretKey: 'sk_test_tomo_fake', apiUrl: stripe.url }).customers.del(stripe.state.subscription(a.subscriptionId).customer);
});
afterAll(async () => {
  await browser?.close();
  await w?.close();
});

describe('a plan Stripe ended before its webhook arrived, on a Subscription page already open', () => {
  it('a seat preview says it is no longer active and the card goes at once, without reloading the page', async () => {
    const page = standardPage;
    await card(page, 'Standard').getByLabel(en.subscription.seatChange.label.replace('{{plan}}', 'Standard')).fill('4');
    const answer = page.waitForResponse((r) => r.url().includes('/seats/preview'));
    await card(page, 'Standard').getByRole('button', { name: en.subscription.seatChange.preview }).click();
    expect((await answer).status()).toBe(409);

    await card(page, 'Standard').waitFor({ state: 'detached' });
    await page.getByRole('alert').filter({ hasText: translate('SUBSCRIPTION.NOT_ACTIVE', {}, 'en') }).waitFor();
    expect(await sameDocument(page)).toBe(true);
    // Premium was ended by the same deletion, but nothing has told Tomo yet: it is still shown.
    expect(await card(page, 'Premium').count()).toBe(1);
    expect(pageErrors).toEqual([]);
  });

  it('in Japanese, turning auto-renew off says the same and the card goes at once', async () => {
    const page = premiumPage;
    await card(page, 'Premium').getByRole('switch', { name: ja.subscription.autoRenew.label }).click();
    const dialog = page.locator('dialog[open]');
    const answer = page.waitForResponse((r) => r.url().includes('/auto-renew'));
    await dialog.getByRole('button', { name: ja.actions.confirm }).click();
    expect((await answer).status()).toBe(409);

    await card(page, 'Premium').waitFor({ state: 'detached' });
    await page.getByRole('alert').filter({ hasText: translate('SUBSCRIPTION.NOT_ACTIVE', {}, 'ja') }).waitFor();
    expect(await sameDocument(page)).toBe(true);
    expect((await w.rows()).filter((r) => r.kind === 'paid').map((r) => r.status)).toEqual(['canceled', 'canceled']);
  });
});
