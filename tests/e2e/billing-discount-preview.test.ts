// A workspace whose plan has a coupon (applied in the Stripe Dashboard or redeemed as a promotion
// code in the portal): the seat preview on the Subscription page shows what Stripe will charge,
// after the discount, and says what the discount takes off. In Japanese, in headless Chromium.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeClient } from '../../adapters/stripe/stripe-client';
import ja from '../../apps/web/src/locales/ja/settings';
import { buyThroughCheckout } from '../integration/billing-http/support/checkout-flow';
import { ADMIN, eventually, startBillingWorld, TEAM, type BillingWorld } from '../integration/billing-http/support/billing-world';
import { launchBrowser, watchPageErrors } from '../support/browser';
import { ensureWebBuild } from '../support/web-app';

let w: BillingWorld;
let browser: Browser;
let admin: BrowserContext;
let subscriptionId: string;

beforeAll(async () => {
  ensureWebBuild();
  [w, browser] = await Promise.all([startBillingWorld(), launchBrowser()]);
  const stripe = w.stripe!;
  stripe.deliverWebhooksTo(`${w.app.baseUrl}/api/stripe/webhook`);
  ({ subscriptionId } = await buyThroughCheckout(w.admin, stripe, { plan: 'gpt50', seats: 2 }));
  await eventually(async () => (await w.rows()).find((r) => r.externalId === subscriptionId && r.status === 'active'), 'the plan bought');
  const sdk = createStripeClient({ secretKey: 'sk_test_tomo_fake', apiUrl: stripe.url });
  const coupon = await sdk.coupons.create({ percent_off: 25, duration: 'forever', name: 'Partner 25%' });
  await sdk.subscriptions.update(subscriptionId, { discounts: [{ coupon: coupon.id }] });

  admin = await browser.newContext({ baseURL: w.app.baseUrl, viewport: { width: 1280, height: 900 } });
  w.slack.oidc.signInAs({ teamId: TEAM, userId: ADMIN });
  const signIn = await admin.newPage();
  await signIn.goto('/auth/signin?returnTo=%2F');
  await signIn.waitForURL(`${w.app.baseUrl}/`);
  await signIn.close();
});
afterAll(async () => {
  await browser?.close();
  await w?.close();
});

const usd = (cents: number) => new Intl.NumberFormat('ja', { style: 'currency', currency: 'USD' }).format(cents / 100);

describe('the seat preview of a discounted plan', () => {
  it('shows the discounted charge and next invoice, and what the discount takes off', async () => {
    const page: Page = await admin.newPage();
    const errors = watchPageErrors(page);
    await page.goto('/ja/settings/subscription');
    await page.locator('[data-subscription]').first().waitFor();
    await page.getByLabel(ja.subscription.seatChange.label.replace('{{plan}}', 'Standard')).fill('4');
    const answer = page.waitForResponse((r) => r.url().includes('/seats/preview'));
    await page.getByRole('button', { name: ja.subscription.seatChange.preview }).click();
    const preview = (await (await answer).json()) as { invoice: { prorationAmountCents: number; nextInvoiceTotalCents: number; nextInvoiceDiscountCents: number } };

    // What Stripe will charge: the 4 seats of the next period at $20 less 25% ($60), plus this
    // change's prorations (discounted too; the arithmetic is in tests/integration/billing/stripe-seats.test.ts).
    expect(preview.invoice.nextInvoiceDiscountCents).toBe(2000);
    expect(preview.invoice.nextInvoiceTotalCents).toBe(6000 + preview.invoice.prorationAmountCents);

    const panel = page.getByTestId('seat-preview');
    expect(await panel.getByTestId('proration-amount').innerText()).toBe(ja.subscription.seatChange.charge.replace('{{amount}}', usd(preview.invoice.prorationAmountCents)));
    expect(await panel.getByTestId('next-invoice').innerText()).toContain(usd(preview.invoice.nextInvoiceTotalCents));
    expect(await panel.getByTestId('next-invoice').innerText()).toContain(ja.subscription.seatChange.nextInvoiceDiscount.replace('{{amount}}', usd(2000)));
    expect(errors).toEqual([]);
  });
});
