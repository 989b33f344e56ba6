import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgSubscriptionRepository } from '../../../adapters/postgres/pg-subscription-repository';
import { createStripeClient } from '../../../adapters/stripe/stripe-client';
import { translate } from '../../../apps/shared/messages';
import type { HttpSession } from '../settings/support/http-session';
import type { StripeFake } from '../../fakes/stripe/stripe-fake';
import { buyThroughCheckout } from './support/checkout-flow';
import { eventually, eventsSoFarApplied, processedEventIds, startBillingWorld, type BillingWorld } from './support/billing-world';

/**
 * A plan Stripe paused after its renewal payment failed (Smart Retries' pause on payment
 * failure): the renewal invoice stays open at Stripe. The admin pays that invoice from the
 * Subscription page instead of resuming into a new period charged on top of it, and the plan is
 * active again for the period the invoice covers — resumed by Tomo on `invoice.paid`, or by Stripe
 * itself when the account is set to — with one charge for that period. Real server, worker and
 * SDK against the Stripe fake.
 */
let w: BillingWorld;
let stripe: StripeFake;
beforeAll(async () => {
  w = await startBillingWorld();
  stripe = w.stripe!;
  stripe.deliverWebhooksTo(`${w.app.baseUrl}/api/stripe/webhook`);
  // The workspace's trial is over: the paid plan is all it has.
  const repository = new PgSubscriptionRepository(w.app.database.orm);
  for (const trial of (await w.rows()).filter((r) => r.kind === 'trial')) {
    await repository.save(w.team.id, { ...trial, currentPeriodEnd: new Date(Date.now() - 86_400_000) });
  }
});
afterAll(() => w.close());

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
/** What Chromium sends for the page's `<form method="post">`. */
function formPost(who: HttpSession, path: string, fields: Record<string, string>): Promise<Response> {
  return who.request(path, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: BROWSER_ACCEPT, origin: who.baseUrl },
    body: new URLSearchParams(fields).toString(),
  });
}

type Invoice = { id: string; status: string; amount_due: number; billing_reason: string; hosted_invoice_url: string; period_start: number; period_end: number };
const invoicesOf = (subscriptionId: string) => stripe.invoicesOf(subscriptionId) as unknown as Invoice[];
const resumeCalls = (subscriptionId: string) => stripe.callsTo('POST', `/v1/subscriptions/${subscriptionId}/resume`).filter((c) => !c.replayed);

async function boughtAndPausedForPayment(seats: number, type: 'first_payment_failure' | 'final_payment_failure') {
  const bought = await buyThroughCheckout(w.admin, stripe, { plan: 'gpt50', seats });
  await stripe.flushWebhooks();
  const ours = async () => (await w.rows()).find((r) => r.externalId === bought.subscriptionId);
  await eventually(async () => (await ours())?.status === 'active', 'the active row');
  stripe.pause(bought.subscriptionId, type);
  await stripe.flushWebhooks();
  await eventually(async () => (await ours())?.status === 'paused', 'the paused row');
  return { subscriptionId: bought.subscriptionId, id: (await ours())!.id, ours };
}

describe('a plan paused after a failed renewal payment', () => {
  it('is brought back by paying the open renewal invoice on Stripe’s page: active for the period that invoice covers, charged once', async () => {
    const { subscriptionId, id, ours } = await boughtAndPausedForPayment(2, 'first_payment_failure');
    expect(await ours()).toMatchObject({ status: 'paused', pauseReason: 'payment_failed', canceledAt: null });
    const [first, renewal] = invoicesOf(subscriptionId);
    expect([first?.status, renewal?.status, renewal?.billing_reason]).toEqual(['paid', 'open', 'subscription_cycle']);

    // Resume (an old tab, an API caller) would start a new period charged on top of the open invoice: refused, nothing asked of Stripe.
    const resume = await w.admin.send('POST', `/api/billing/subscriptions/${id}/resume`, {});
    expect(resume.status).toBe(402);
    expect(await resume.json()).toMatchObject({ error: { code: 'SUBSCRIPTION.INVOICE_DUE', message: translate('SUBSCRIPTION.INVOICE_DUE', {}, 'en') } });
    expect(resumeCalls(subscriptionId)).toEqual([]);

    // Members may not; a member's form post goes back to the page with the reason.
    expect((await w.member.send('POST', `/api/billing/subscriptions/${id}/pay-invoice`, {})).status).toBe(403);
    const refused = await formPost(w.member, `/api/billing/subscriptions/${id}/pay-invoice`, { returnTo: '/ja/settings/subscription' });
    expect([refused.status, refused.headers.get('location')]).toEqual([303, '/ja/settings/subscription?billing_error=PERMISSION.ADMIN_REQUIRED']);

    // The admin's JSON call names the invoice's hosted page and what is due (2 seats × the monthly price).
    const asked = await w.admin.send('POST', `/api/billing/subscriptions/${id}/pay-invoice`, {});
    expect(asked.status).toBe(200);
    const due = (await asked.json()) as { url: string; amountDueCents: number; currency: string };
    expect(due).toEqual({ url: renewal!.hosted_invoice_url, amountDueCents: renewal!.amount_due, currency: 'usd' });
    expect(due.amountDueCents).toBe(first!.amount_due);
    // The page's form post goes straight on to that page.
    const form = await formPost(w.admin, `/api/billing/subscriptions/${id}/pay-invoice`, { returnTo: '/settings/subscription' });
    expect([form.status, form.headers.get('location')]).toEqual([303, renewal!.hosted_invoice_url]);

    // The admin pays on Stripe's hosted invoice page; Stripe sends invoice.paid and (this account) does not resume it by itself.
    const paid = await fetch(`${renewal!.hosted_invoice_url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    await stripe.flushWebhooks();
    await eventually(async () => (await ours())?.status === 'active', 'the row active again');

    // Tomo resumed it once, on its billing cycle without prorations; no invoice besides the one paid.
    expect(resumeCalls(subscriptionId).map((c) => c.params)).toEqual([{ billing_cycle_anchor: { type: 'unchanged' }, proration_behavior: 'none' }]);
    expect(invoicesOf(subscriptionId).map((i) => [i.billing_reason, i.status])).toEqual([
      ['subscription_create', 'paid'],
      ['subscription_cycle', 'paid'],
    ]);
    expect(stripe.state.subscription(subscriptionId).status).toBe('active');
    expect(await ours()).toMatchObject({ status: 'active', canceledAt: null, currentPeriodEnd: new Date(renewal!.period_end * 1000) });
    const page = (await (await w.admin.get('/api/settings/subscription')).json()) as { current: { id: string; status: string }[]; past: { id: string }[] };
    expect(page.current.filter((s) => s.id === id).map((s) => s.status)).toEqual(['active']);
    expect(page.past.filter((s) => s.id === id)).toEqual([]);

    // Stripe delivers invoice.paid again (its retries): nothing more is asked of Stripe.
    const again = stripe.eventsOfType('invoice.paid').at(-1)!;
    expect(await stripe.deliver({ ...again, id: `${again.id}_redelivered` }, `${w.app.baseUrl}/api/stripe/webhook`)).toBe(200);
    await eventually(async () => (await processedEventIds(w.app)).includes(`${again.id}_redelivered`), 'the redelivery applied');
    expect(resumeCalls(subscriptionId)).toHaveLength(1);
    // And the pay-invoice endpoint has nothing left to pay.
    expect((await w.admin.send('POST', `/api/billing/subscriptions/${id}/pay-invoice`, {})).status).toBe(409);
  });

  it('Stripe resuming it on its own once the invoice is paid (the account setting) is applied as is: Tomo asks nothing more', async () => {
    stripe.resumeWhenInvoicePaid(true);
    try {
      const { subscriptionId, ours } = await boughtAndPausedForPayment(1, 'final_payment_failure');
      const renewal = invoicesOf(subscriptionId).at(-1)!;
      stripe.payInvoice(renewal.id);
      await stripe.flushWebhooks();
      await eventually(async () => (await ours())?.status === 'active', 'the row active again');
      expect(stripe.eventsOfType('customer.subscription.resumed').at(-1)?.data.object).toMatchObject({ id: subscriptionId, status: 'active' });
      expect(resumeCalls(subscriptionId)).toEqual([]);
      expect(invoicesOf(subscriptionId).map((i) => i.status)).toEqual(['paid', 'paid']);
      expect(await ours()).toMatchObject({ currentPeriodEnd: new Date(renewal.period_end * 1000) });
    } finally {
      stripe.resumeWhenInvoicePaid(false);
    }
  });

  it('an endpoint that listens to invoice.payment_succeeded instead of invoice.paid brings the plan back the same way', async () => {
    const { subscriptionId, ours } = await boughtAndPausedForPayment(1, 'final_payment_failure');
    const webhook = `${w.app.baseUrl}/api/stripe/webhook`;
    stripe.deliverWebhooksTo(null);
    // Every event sent so far is applied (a later one would re-read the paid invoice on its own).
    await eventsSoFarApplied(w.app, stripe);
    try {
      const renewal = invoicesOf(subscriptionId).at(-1)!;
      const sent = stripe.payInvoice(renewal.id);
      expect(sent.map((e) => e.type)).toEqual(['invoice.paid', 'invoice.payment_succeeded']);
      const succeeded = sent.find((e) => e.type === 'invoice.payment_succeeded')!;

      expect(await stripe.deliver(succeeded, webhook)).toBe(200);

      await eventually(async () => (await ours())?.status === 'active', 'the row active again');
      expect(resumeCalls(subscriptionId).map((c) => c.params)).toEqual([{ billing_cycle_anchor: { type: 'unchanged' }, proration_behavior: 'none' }]);
      expect(await ours()).toMatchObject({ currentPeriodEnd: new Date(renewal.period_end * 1000), canceledAt: null });
    } finally {
      stripe.deliverWebhooksTo(webhook);
    }
  });

  it('a plan paused on request still resumes into a new period from today (charged once, as before)', async () => {
    const bought = await buyThroughCheckout(w.admin, stripe, { plan: 'gpt50', seats: 1 });
    await stripe.flushWebhooks();
    const ours = async () => (await w.rows()).find((r) => r.externalId === bought.subscriptionId);
    await eventually(async () => (await ours())?.status === 'active', 'the active row');
    await createStripeClient({ secretKey: 'sk_test_dashboard', apiUrl: stripe.url }).subscriptions.pause(bought.subscriptionId);
    await stripe.flushWebhooks();
    await eventually(async () => (await ours())?.pauseReason === 'requested', 'the paused row');
    const id = (await ours())!.id;
    expect((await w.admin.send('POST', `/api/billing/subscriptions/${id}/pay-invoice`, {})).status).toBe(409);
    expect((await w.admin.send('POST', `/api/billing/subscriptions/${id}/resume`, {})).status).toBe(200);
    expect(resumeCalls(bought.subscriptionId).map((c) => c.params)).toEqual([
      { billing_cycle_anchor: { type: 'now' }, payment_behavior: 'resume_on_payment_success' },
    ]);
    expect(invoicesOf(bought.subscriptionId).map((i) => [i.billing_reason, i.status])).toEqual([
      ['subscription_create', 'paid'],
      ['subscription_update', 'paid'],
    ]);
  });
});

describe('a plan whose renewal payment failed and was not recovered (past due, then unpaid)', () => {
  async function boughtWithFailedRenewal(seats: number) {
    const bought = await buyThroughCheckout(w.admin, stripe, { plan: 'gpt50', seats });
    await stripe.flushWebhooks();
    const ours = async () => (await w.rows()).find((r) => r.externalId === bought.subscriptionId);
    await eventually(async () => (await ours())?.status === 'active', 'the active row');
    const failed = stripe.failRenewalPayment(bought.subscriptionId);
    await stripe.flushWebhooks();
    await eventually(async () => (await ours())?.status === 'past_due', 'the past due row');
    return { subscriptionId: bought.subscriptionId, id: (await ours())!.id, ours, renewal: failed.invoice as unknown as Invoice };
  }

  it('the admin pays the invoice Stripe left open on its hosted page, past due or suspended (unpaid): the plan is active again, charged once', async () => {
    const { subscriptionId, id, ours, renewal } = await boughtWithFailedRenewal(2);
    expect([renewal.status, renewal.billing_reason]).toEqual(['open', 'subscription_cycle']);

    // Past due (Smart Retries still running): the admin may pay it now rather than wait for a retry.
    const pastDue = await w.admin.send('POST', `/api/billing/subscriptions/${id}/pay-invoice`, {});
    expect(pastDue.status).toBe(200);
    expect(await pastDue.json()).toEqual({ url: renewal.hosted_invoice_url, amountDueCents: renewal.amount_due, currency: 'usd' });

    // Every retry failed and the account marks the subscription unpaid: Stripe stops collecting and
    // leaves the invoice open. Members get no answers; the Subscription page lists it as suspended.
    stripe.setSubscriptionStatus(subscriptionId, 'unpaid');
    await stripe.flushWebhooks();
    await eventually(async () => (await ours())?.status === 'suspended', 'the suspended row');

    // Members may not pay it; their form post goes back to the page with the reason.
    const refused = await formPost(w.member, `/api/billing/subscriptions/${id}/pay-invoice`, { returnTo: '/ja/settings/subscription' });
    expect([refused.status, refused.headers.get('location')]).toEqual([303, '/ja/settings/subscription?billing_error=PERMISSION.ADMIN_REQUIRED']);
    // The admin's Pay the unpaid invoice goes on to Stripe's page for that invoice.
    const form = await formPost(w.admin, `/api/billing/subscriptions/${id}/pay-invoice`, { returnTo: '/settings/subscription' });
    expect([form.status, form.headers.get('location')]).toEqual([303, renewal.hosted_invoice_url]);

    const paid = await fetch(`${renewal.hosted_invoice_url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    await stripe.flushWebhooks();
    await eventually(async () => (await ours())?.status === 'active', 'the row active again');

    // Stripe made it active itself (the most recent invoice paid): nothing resumed, no other invoice.
    expect(stripe.state.subscription(subscriptionId).status).toBe('active');
    expect(resumeCalls(subscriptionId)).toEqual([]);
    expect(invoicesOf(subscriptionId).map((i) => [i.billing_reason, i.status])).toEqual([
      ['subscription_create', 'paid'],
      ['subscription_cycle', 'paid'],
    ]);
    expect(await ours()).toMatchObject({ status: 'active', canceledAt: null, currentPeriodEnd: new Date(renewal.period_end * 1000) });
    const page = (await (await w.admin.get('/api/settings/subscription')).json()) as { current: { id: string; status: string }[] };
    expect(page.current.filter((s) => s.id === id).map((s) => s.status)).toEqual(['active']);
    // Nothing is left to pay.
    const again = await w.admin.send('POST', `/api/billing/subscriptions/${id}/pay-invoice`, {});
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { code: 'SUBSCRIPTION.NO_OPEN_INVOICE', message: translate('SUBSCRIPTION.NO_OPEN_INVOICE', {}, 'en') } });
  });

  it('paid before its webhook arrived: the button brings the suspended plan back from Stripe’s state and returns to the page', async () => {
    const { subscriptionId, id, ours, renewal } = await boughtWithFailedRenewal(1);
    stripe.setSubscriptionStatus(subscriptionId, 'unpaid');
    await stripe.flushWebhooks();
    await eventually(async () => (await ours())?.status === 'suspended', 'the suspended row');
    const webhook = `${w.app.baseUrl}/api/stripe/webhook`;
    stripe.deliverWebhooksTo(null);
    try {
      stripe.payInvoice(renewal.id);
      const form = await formPost(w.admin, `/api/billing/subscriptions/${id}/pay-invoice`, { returnTo: '/ja/settings/subscription' });
      expect([form.status, form.headers.get('location')]).toEqual([303, '/ja/settings/subscription']);
      expect(await ours()).toMatchObject({ status: 'active', canceledAt: null });
      expect(resumeCalls(subscriptionId)).toEqual([]);
    } finally {
      stripe.deliverWebhooksTo(webhook);
    }
  });
});
