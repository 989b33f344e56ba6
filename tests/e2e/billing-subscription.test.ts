import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeClient } from '../../adapters/stripe/stripe-client';
import { PLANS } from '../../core/billing/plan-catalog';
import { translate } from '../../apps/shared/messages';
import en from '../../apps/web/src/locales/en/settings';
import ja from '../../apps/web/src/locales/ja/settings';
import { ADMIN, eventually, MEMBER, startBillingWorld, TEAM, type BillingWorld } from '../integration/billing-http/support/billing-world';
import { buyPlan } from '../integration/settings/support/slack-world';
import { seriousViolations } from '../support/axe';
import { launchBrowser, watchPageErrors } from '../support/browser';
import { ensureWebBuild } from '../support/web-app';

/**
 * Buying and managing a plan in headless Chromium against the real server, worker and
 * PostgreSQL, with the Stripe fake (hosted checkout and portal pages, signed webhooks) and the
 * Slack fake as identity provider. A second deployment runs without STRIPE_SECRET_KEY.
 */
let on: BillingWorld;
let off: BillingWorld;
let browser: Browser;
let admin: BrowserContext;
const pageErrors: string[] = [];

beforeAll(async () => {
  ensureWebBuild();
  [on, off, browser] = await Promise.all([startBillingWorld(), startBillingWorld({ billing: false, worker: false }), launchBrowser()]);
  on.stripe!.deliverWebhooksTo(`${on.app.baseUrl}/api/stripe/webhook`);
  admin = await signedIn(on, ADMIN);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([on?.close(), off?.close()]);
});

/** A fresh browser profile signed in through the real Sign in with Slack flow. */
async function signedIn(world: BillingWorld, userId: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: world.app.baseUrl, viewport: { width: 1280, height: 900 } });
  world.slack.oidc.signInAs({ teamId: TEAM, userId });
  const page = await context.newPage();
  await page.goto('/auth/signin?returnTo=%2F');
  await page.waitForURL(`${world.app.baseUrl}/`);
  await page.close();
  return context;
}

async function open(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  page.on('close', () => pageErrors.push(...errors));
  await page.goto(path);
  await page.locator('h1').first().waitFor();
  return page;
}

async function openSubscription(context: BrowserContext, path = '/settings/subscription'): Promise<Page> {
  const page = await open(context, path);
  await page.locator('[data-subscription]').first().waitFor();
  return page;
}

const planCard = (page: Page, name: string): Locator =>
  page.locator('li.plan-card', { has: page.getByRole('heading', { name, exact: true }) });
const paidCard = (page: Page): Locator => page.locator('li.subscription-card', { has: page.getByRole('heading', { name: 'Standard' }) });
const usd = (cents: number, locale: 'en' | 'ja') => new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(cents / 100);

interface PreviewJson {
  oldQuantity: number;
  newQuantity: number;
  prorationDate: string;
  invoice: { prorationAmountCents: number; nextInvoiceTotalCents: number; currency: string } | null;
}

/** Types a seat count, asks for the preview and returns what the server answered. */
async function previewSeats(page: Page, copy: typeof en, seats: number): Promise<PreviewJson> {
  await page.getByLabel(copy.subscription.seatChange.label.replace('{{plan}}', 'Standard')).fill(String(seats));
  const answer = page.waitForResponse((r) => r.url().includes('/seats/preview'));
  await page.getByRole('button', { name: copy.subscription.seatChange.preview }).click();
  const response = await answer;
  expect(response.status()).toBe(200);
  return (await response.json()) as PreviewJson;
}

const stripeSubscription = () => {
  const [sub] = [...on.stripe!.state.subscriptions.values()];
  if (!sub) throw new Error('no Stripe subscription');
  return sub;
};

describe('billing configured', () => {
  it('an admin subscribes from /pricing through the hosted checkout; the webhook makes it the plan and the button becomes Manage', async () => {
    const page = await open(admin, '/pricing');
    await page.locator('#pricing-seats').fill('2');
    // A button (the checkout form) once the session is known; signed out it would be a sign-in link.
    await planCard(page, 'Standard').getByRole('button', { name: /Subscribe/ }).click();
    await page.waitForURL(`${on.stripe!.url}/checkout/**`);
    expect(await page.locator('main').innerText()).toContain('× 2');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(`${on.app.baseUrl}/pricing?checkout=success`);

    await on.stripe!.flushWebhooks();
    const row = await eventually(async () => (await on.rows()).find((r) => r.kind === 'paid' && r.quantity === 2), 'the paid subscription row');
    expect(row).toMatchObject({ planKey: 'gpt50', interval: 'monthly', billingMode: 'fixed_rate', cancelAtPeriodEnd: false });

    await page.reload();
    const manage = planCard(page, 'Standard').getByRole('button', { name: /Manage/ });
    await manage.waitFor();
    expect(await planCard(page, 'Entry').getByRole('button', { name: /Subscribe/ }).count()).toBe(1);
    await page.close();
  });

  it('shows the plan on the Subscription page: status, seats assigned / total, renewal, auto-renew on', async () => {
    const page = await openSubscription(admin);
    const card = paidCard(page);
    expect(await card.getByTestId('subscription-status').innerText()).toBe('Active');
    expect(await card.getByTestId('subscription-seats').innerText()).toBe('0 / 2');
    expect(await card.innerText()).toMatch(/Renews on\s*[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2}/);
    expect(await card.getByRole('switch', { name: en.subscription.autoRenew.label }).getAttribute('aria-checked')).toBe('true');
    await page.close();
  });

  it('previews a seat change with the prorated amount from Stripe before confirming, then changes the quantity', async () => {
    const page = await openSubscription(admin);
    const preview = await previewSeats(page, en, 5);
    const monthly = PLANS.gpt50.prices.monthly.unitAmountCents;
    const cents = preview.invoice!.prorationAmountCents;
    // Three more seats for (almost) the whole month just bought.
    expect(cents).toBeGreaterThan(3 * monthly * 0.95);
    expect(cents).toBeLessThanOrEqual(3 * monthly);
    const panel = page.getByTestId('seat-preview');
    expect(await panel.getByTestId('proration-amount').innerText()).toBe(`Prorated charge on the next invoice: ${usd(cents, 'en')}`);
    expect(await panel.innerText()).toContain(usd(preview.invoice!.nextInvoiceTotalCents, 'en'));
    // Nothing changed yet.
    expect(stripeSubscription().items[0]?.quantity).toBe(2);

    await panel.getByRole('button', { name: 'Confirm: change the seat count to 5' }).click();
    await page.getByText('Seats changed to 5.').waitFor();
    // Stripe charges exactly what was shown: the pending proration equals the preview.
    expect(stripeSubscription().items[0]?.quantity).toBe(5);
    expect(stripeSubscription().pending_lines.reduce((sum, line) => sum + line.amount, 0)).toBe(cents);

    await page.reload();
    await page.locator('[data-subscription]').first().waitFor();
    expect(await paidCard(page).getByTestId('subscription-seats').innerText()).toBe('0 / 5');
    await page.close();
  });

  it('shows the preview in Japanese with the amount as money, and cancelling it changes nothing', async () => {
    const page = await openSubscription(admin, '/ja/settings/subscription');
    expect(await page.locator('h1').innerText()).toBe(ja.subscription.title);
    const preview = await previewSeats(page, ja, 4);
    // One seat less for (almost) the whole month; the charge of the earlier change stays out of it.
    const credit = -preview.invoice!.prorationAmountCents;
    expect(credit).toBeGreaterThan(PLANS.gpt50.prices.monthly.unitAmountCents * 0.95);
    expect(credit).toBeLessThanOrEqual(PLANS.gpt50.prices.monthly.unitAmountCents);
    const panel = page.getByTestId('seat-preview');
    expect(await panel.getByTestId('proration-amount').innerText()).toBe(`次回の請求から差し引かれる日割り額：${usd(credit, 'ja')}`);
    await panel.getByRole('button', { name: ja.actions.cancel }).click();
    await panel.waitFor({ state: 'detached' });
    expect(stripeSubscription().items[0]?.quantity).toBe(5);

    // A count that is no whole number: the message is said, and a screen reader hears it on the field.
    const seats = page.getByLabel(ja.subscription.seatChange.label.replace('{{plan}}', 'Standard'));
    await seats.fill('0');
    await page.getByRole('alert').filter({ hasText: 'シート数は1以上の整数で入力してください。' }).waitFor();
    const describedBy = (await seats.getAttribute('aria-describedby')) ?? '';
    const description = await page.evaluate((ids) => ids.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' '), describedBy);
    expect({ invalid: await seats.getAttribute('aria-invalid'), description }).toEqual({ invalid: 'true', description: 'シート数は1以上の整数で入力してください。' });
    await page.close();
  });

  it('counts assigned seats, and the preview names who loses a seat when going below them', async () => {
    const page = await openSubscription(admin);
    const id = (await on.rows()).find((r) => r.kind === 'paid')!.id;
    for (const memberId of [ADMIN, MEMBER]) {
      const status = await page.evaluate(
        async ({ memberId, id }) =>
          (await fetch(`/api/settings/members/${memberId}/seat`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ subscriptionId: id }) })).status,
        { memberId, id },
      );
      expect(status).toBe(200);
    }
    await page.reload();
    await expect.poll(() => paidCard(page).getByTestId('subscription-seats').innerText()).toBe('2 / 5');

    await previewSeats(page, en, 1);
    const panel = page.getByTestId('seat-preview');
    expect(await panel.innerText()).toContain('These members lose their seat (most recently assigned first): Max Member');
    await panel.getByRole('button', { name: en.actions.cancel }).click();
    expect(stripeSubscription().items[0]?.quantity).toBe(5);
    await page.close();
  });

  it('is accessible: axe-core finds nothing serious with a seat preview or the auto-renew confirmation open; the switch works by keyboard', async () => {
    const found: string[] = [];
    for (const [prefix, copy] of [['', en], ['/ja', ja]] as const) {
      const page = await openSubscription(admin, `${prefix}/settings/subscription`);
      for (const line of await seriousViolations(page)) found.push(`${prefix} page ${line}`);
      await previewSeats(page, copy, 3);
      for (const line of await seriousViolations(page)) found.push(`${prefix} seat preview ${line}`);
      await page.getByTestId('seat-preview').getByRole('button', { name: copy.actions.cancel }).click();

      // Space on the focused switch asks first; Escape closes the question, changes nothing and gives focus back.
      const autoRenew = paidCard(page).getByRole('switch', { name: copy.subscription.autoRenew.label });
      expect(await autoRenew.getAttribute('aria-checked')).toBe('true');
      await autoRenew.focus();
      await page.keyboard.press('Space');
      const dialog = page.locator('dialog[open]');
      await dialog.waitFor();
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      for (const line of await seriousViolations(page)) found.push(`${prefix} auto-renew confirm ${line}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await autoRenew.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await autoRenew.getAttribute('aria-checked')).toBe('true');
      await page.close();
    }
    expect(stripeSubscription().cancel_at_period_end).toBe(false);
    expect(found).toEqual([]);
  });

  it('turns auto-renew off after confirmation: still active, cancels at period end', async () => {
    const page = await openSubscription(admin);
    await paidCard(page).getByRole('switch', { name: en.subscription.autoRenew.label }).click();
    const dialog = page.locator('dialog[open]');
    expect(await dialog.innerText()).toContain('Turn off auto-renewal for Standard?');
    await dialog.getByRole('button', { name: en.actions.confirm }).click();
    await paidCard(page).getByTestId('cancels-at-period-end').waitFor();
    expect(stripeSubscription().cancel_at_period_end).toBe(true);

    await page.reload();
    const card = paidCard(page);
    await card.waitFor();
    expect(await card.getByTestId('subscription-status').innerText()).toBe('Active');
    expect(await card.getByTestId('cancels-at-period-end').innerText()).toMatch(
      /^Cancels at period end — Auto-renewal is off: this plan stays active until [A-Z][a-z]{2} \d{1,2}, \d{4} and then ends\.$/,
    );
    expect(await card.innerText()).toContain('Ends on');
    expect(await card.getByRole('switch', { name: en.subscription.autoRenew.label }).getAttribute('aria-checked')).toBe('false');
    await on.stripe!.flushWebhooks();
    expect((await on.rows()).find((r) => r.kind === 'paid')).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, quantity: 5 });
    await page.close();
  });

  it('Manage opens the Stripe Customer Portal', async () => {
    const page = await openSubscription(admin);
    await page.getByRole('button', { name: en.subscription.manage.button }).click();
    await page.waitForURL(`${on.stripe!.url}/portal/**`);
    expect(await page.locator('h1').innerText()).toBe('Fake Stripe Customer Portal');
    await page.close();
  });

  it('a member sees the plan but no buying controls, and the API refuses them', async () => {
    const member = await signedIn(on, MEMBER);
    const page = await openSubscription(member);
    expect(await paidCard(page).getByTestId('subscription-seats').innerText()).toBe('2 / 5');
    await page.getByText(en.subscription.adminOnly).waitFor();
    expect(await page.getByRole('switch').count()).toBe(0);
    expect(await page.getByRole('spinbutton').count()).toBe(0);
    expect(await page.getByRole('button', { name: en.subscription.manage.button }).count()).toBe(0);
    const id = (await on.rows()).find((r) => r.kind === 'paid')!.id;
    const status = await page.evaluate(
      async (path) => (await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"autoRenew":true}' })).status,
      `/api/billing/subscriptions/${id}/auto-renew`,
    );
    expect(status).toBe(403);
    await member.close();
  });

  it('a plan Stripe paused at its trial end (no payment method) shows as Paused with what to do; the admin resumes it and it is active again', async () => {
    const sub = stripeSubscription();
    on.stripe!.setSubscriptionStatus(sub.id, 'trialing');
    on.stripe!.endTrialWithoutPaymentMethod(sub.id);
    await on.stripe!.flushWebhooks();
    await eventually(async () => (await on.rows()).find((r) => r.kind === 'paid')?.status === 'paused', 'the paused row');

    const page = await openSubscription(admin);
    const card = paidCard(page);
    await card.waitFor();
    expect(await card.getByTestId('subscription-status').innerText()).toBe('Paused');
    expect(await card.getByTestId('paused-note').innerText()).toBe(en.subscription.pausedNote);
    expect(await card.getByRole('switch').count()).toBe(0);
    expect(await card.getByRole('spinbutton').count()).toBe(0);
    // Auto-renew was turned off above: a paused plan does not claim to stay active until a date.
    expect(await card.getByTestId('cancels-at-period-end').count()).toBe(0);
    expect(await page.getByRole('link', { name: en.subscription.seePlans }).count()).toBe(1);
    // The Customer Portal (where the payment method is added) is on the page too.
    await page.getByRole('button', { name: en.subscription.manage.button }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await card.getByRole('button', { name: en.subscription.resume.button }).click();
    const dialog = page.locator('dialog[open]');
    expect(await dialog.innerText()).toContain('Resume Standard?');
    await dialog.getByRole('button', { name: en.actions.confirm }).click();
    await expect.poll(() => card.getByTestId('subscription-status').innerText()).toBe('Active');
    expect(await card.getByTestId('paused-note').count()).toBe(0);
    expect(stripeSubscription().status).toBe('active');
    await on.stripe!.flushWebhooks();
    expect((await on.rows()).find((r) => r.kind === 'paid')).toMatchObject({ status: 'active', canceledAt: null });

    const ja_ = await openSubscription(admin, '/ja/settings/subscription');
    expect(await ja_.locator('li.subscription-card', { has: ja_.getByRole('heading', { name: PLANS.gpt50.displayName }) }).count()).toBe(1);
    await ja_.close();

    // Paused again, this time on request (Stripe's pause endpoint, through the real SDK): the note says so, with no word of a trial or payment method.
    await createStripeClient({ secretKey: 'sk_test_dashboard', apiUrl: on.stripe!.url }).subscriptions.pause(sub.id);
    await on.stripe!.flushWebhooks();
    await eventually(async () => (await on.rows()).find((r) => r.kind === 'paid')?.status === 'paused', 'the paused row');
    await page.reload();
    await card.waitFor();
    expect(await card.getByTestId('paused-note').innerText()).toBe(en.subscription.pausedOnRequestNote);
    const jaPaused = await openSubscription(admin, '/ja/settings/subscription');
    expect(await jaPaused.getByTestId('paused-note').innerText()).toBe(ja.subscription.pausedOnRequestNote);
    await jaPaused.close();
    await card.getByRole('button', { name: en.subscription.resume.button }).click();
    await page.locator('dialog[open]').getByRole('button', { name: en.actions.confirm }).click();
    await expect.poll(() => card.getByTestId('subscription-status').innerText()).toBe('Active');
    await on.stripe!.flushWebhooks();
    await page.close();
  });

  it('a plan Stripe paused after a failed renewal payment offers to pay that invoice, not a resume; paid on Stripe’s page, it is active again with no second charge', async () => {
    const sub = stripeSubscription();
    // Auto-renew back on (it was turned off above), so the period renews; its payment fails and Smart Retries pauses the plan.
    await createStripeClient({ secretKey: 'sk_test_portal', apiUrl: on.stripe!.url }).subscriptions.update(sub.id, { cancel_at_period_end: false });
    on.stripe!.pause(sub.id, 'first_payment_failure');
    await on.stripe!.flushWebhooks();
    await eventually(async () => (await on.rows()).find((r) => r.kind === 'paid')?.pauseReason === 'payment_failed', 'the paused row');
    const invoicesBefore = on.stripe!.invoicesOf(sub.id).length;

    const ja_ = await openSubscription(admin, '/ja/settings/subscription');
    expect(await ja_.getByTestId('paused-note').innerText()).toBe(ja.subscription.pausedAfterFailedPaymentNote);
    await ja_.getByRole('button', { name: ja.subscription.payInvoice.button }).waitFor();
    expect(await ja_.getByRole('button', { name: ja.subscription.resume.button }).count()).toBe(0);
    await ja_.close();

    const page = await openSubscription(admin);
    const card = paidCard(page);
    await card.waitFor();
    expect(await card.getByTestId('subscription-status').innerText()).toBe('Paused');
    expect(await card.getByTestId('paused-note').innerText()).toBe(en.subscription.pausedAfterFailedPaymentNote);
    expect(await card.getByRole('button', { name: en.subscription.resume.button }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    // Pay the unpaid invoice: Stripe's hosted page of the renewal invoice, paid there.
    await card.getByRole('button', { name: en.subscription.payInvoice.button }).click();
    await page.waitForURL(`${on.stripe!.url}/invoice/**`);
    expect(await page.locator('h1').innerText()).toBe('Fake Stripe Invoice');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByTestId('invoice-status').waitFor();
    await on.stripe!.flushWebhooks();

    // Back on the Subscription page: active again, on the period that invoice paid for, with no new invoice.
    await eventually(async () => (await on.rows()).find((r) => r.kind === 'paid')?.status === 'active', 'the active row');
    await page.goto('/settings/subscription');
    await expect.poll(() => card.getByTestId('subscription-status').innerText()).toBe('Active');
    expect(await card.getByTestId('paused-note').count()).toBe(0);
    expect(on.stripe!.invoicesOf(sub.id).length).toBe(invoicesBefore);
    expect(on.stripe!.invoicesOf(sub.id).at(-1)).toMatchObject({ status: 'paid', billing_reason: 'subscription_cycle' });
    expect(stripeSubscription().status).toBe('active');
    await page.close();
  });

  it('a plan Stripe marked unpaid (retries exhausted) shows as Suspended with Pay the unpaid invoice; paid on Stripe’s page, it is active again', async () => {
    const sub = stripeSubscription();
    // The next renewal's payment fails, Smart Retries give up and the account marks it unpaid: the invoice stays open.
    const { invoice } = on.stripe!.failRenewalPayment(sub.id);
    on.stripe!.setSubscriptionStatus(sub.id, 'unpaid');
    await on.stripe!.flushWebhooks();
    await eventually(async () => (await on.rows()).find((r) => r.kind === 'paid')?.status === 'suspended', 'the suspended row');

    const rowId = (await on.rows()).find((r) => r.kind === 'paid')!.id;
    const page = await openSubscription(admin, '/ja/settings/subscription');
    const card = page.locator(`li.subscription-card[data-subscription="${rowId}"]`);
    await card.waitFor();
    expect(await card.getByTestId('subscription-status').innerText()).toBe(ja.subscription.statuses.suspended);
    expect(await card.getByTestId('suspended-note').innerText()).toBe(ja.subscription.suspendedNote);
    expect(await seriousViolations(page)).toEqual([]);

    await card.getByRole('button', { name: ja.subscription.payInvoice.button }).click();
    await page.waitForURL(`${on.stripe!.url}/invoice/${String(invoice.id)}`);
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByTestId('invoice-status').waitFor();
    await on.stripe!.flushWebhooks();

    await eventually(async () => (await on.rows()).find((r) => r.kind === 'paid')?.status === 'active', 'the active row');
    await page.goto('/ja/settings/subscription');
    await expect.poll(() => card.getByTestId('subscription-status').innerText()).toBe(ja.subscription.statuses.active);
    expect(await page.getByTestId('suspended-note').count()).toBe(0);
    expect(on.stripe!.invoicesOf(sub.id).at(-1)).toMatchObject({ id: invoice.id, status: 'paid' });
    expect(stripeSubscription().status).toBe('active');
    await page.close();
  });
});

describe('billing not configured', () => {
  it('pricing buttons say Coming soon and the Subscription page has no buying controls, with a note', async () => {
    await buyPlan(off.app, TEAM, { id: 'sub-off-standard', planKey: 'gpt50', seats: 3 });
    const context = await signedIn(off, ADMIN);
    const pricing = await open(context, '/pricing');
    const comingSoon = pricing.getByRole('button', { name: /Coming soon/ });
    await expect.poll(() => comingSoon.count()).toBe(3);
    for (const button of await comingSoon.all()) expect(await button.isDisabled()).toBe(true);
    expect(await pricing.getByRole('button', { name: /Subscribe|Manage/ }).count()).toBe(0);

    const page = await openSubscription(context);
    await page.getByText(translate('BILLING.NOT_CONFIGURED', {}, 'en')).waitFor();
    expect(await paidCard(page).getByTestId('subscription-seats').innerText()).toBe('0 / 3');
    expect(await page.getByRole('switch').count()).toBe(0);
    expect(await page.getByRole('spinbutton').count()).toBe(0);
    expect(await page.getByRole('button', { name: en.subscription.manage.button }).count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    await context.close();
    expect(pageErrors).toEqual([]);
  });
});
