import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeClient } from '../../../adapters/stripe/stripe-client';
import { PgSubscriptionRepository } from '../../../adapters/postgres/pg-subscription-repository';
import { dedupeId } from '../../../adapters/queue/pg-boss-job-queue';
import type { SubscriptionRecord } from '../../../core/billing/subscription';
import type { StripeFake } from '../../fakes/stripe/stripe-fake';
import type { FakeEvent } from '../../fakes/stripe/stripe-fake-state';
import type { TestApp } from '../../support/app';
import { buyThroughCheckout } from './support/checkout-flow';
import { eventually, processedEventIds, startBillingWorld, TEAM, type BillingWorld } from './support/billing-world';

let a: BillingWorld;
let b: BillingWorld;
let stripe: StripeFake;
beforeAll(async () => {
  a = await startBillingWorld();
  stripe = a.stripe!;
  // A second deployment (own database) on the same Stripe account, for delivery-order tests.
  b = await startBillingWorld({ stripe });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const webhookUrl = (app: TestApp) => `${app.baseUrl}/api/stripe/webhook`;

async function post(app: TestApp, payload: string, signature: string | null): Promise<Response> {
  return fetch(webhookUrl(app), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    body: payload,
  });
}

async function queuedWebhookJobs(app: TestApp): Promise<number> {
  const rows = await app.database.orm.em.getConnection().execute<{ n: string }[]>(`select count(*) as n from pgboss.job where name = 'billing-webhook'`);
  return Number(rows[0]?.n ?? 0);
}

/** What a subscription row says, without the bookkeeping each deployment stamps itself. */
const content = (rows: SubscriptionRecord[]) =>
  rows
    .map(({ id: _id, createdAt: _c, updatedAt: _u, ...rest }) => rest)
    .sort((x, y) => (x.externalId ?? '').localeCompare(y.externalId ?? ''));

/** Delivers one signed event to deployment a and waits until its worker applied it. */
async function settle(event: FakeEvent): Promise<void> {
  expect(await stripe.deliver(event, webhookUrl(a.app))).toBe(200);
  await eventually(async () => (await processedEventIds(a.app)).includes(event.id), `${event.id} applied`);
}

/** Where a's admin sees a subscription: the Subscription page (current plans answer, past ones do not) and the user context's list. */
async function planShownFor(id: string): Promise<{ current: string[]; past: string[]; active: boolean }> {
  type View = { id: string; status: string };
  const page = (await (await a.admin.get('/api/settings/subscription')).json()) as { current: View[]; past: View[] };
  const active = (await (await a.admin.get('/api/search-active-subscriptions')).json()) as View[];
  return {
    current: page.current.filter((s) => s.id === id).map((s) => s.status),
    past: page.past.filter((s) => s.id === id).map((s) => s.status),
    active: active.some((s) => s.id === id),
  };
}

describe('POST /api/stripe/webhook', () => {
  it('refuses a bad, missing or replayed-onto-other-bytes signature with 400 and changes nothing', async () => {
    const { events } = await buyThroughCheckout(a.admin, stripe, { plan: 'gpt50', seats: 2 });
    const event = events[0]!;
    const wrongSecret = stripe.signedWebhook(event, { secret: 'whsec_not_the_right_one' });
    const genuine = stripe.signedWebhook(event);
    const tampered = genuine.payload.replace('"quantity": 2', '"quantity": 200');

    expect((await post(a.app, wrongSecret.payload, wrongSecret.signature)).status).toBe(400);
    expect((await post(a.app, genuine.payload, null)).status).toBe(400);
    expect(tampered).not.toBe(genuine.payload);
    expect((await post(a.app, tampered, genuine.signature)).status).toBe(400);
    const stale = stripe.signedWebhook(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect((await post(a.app, stale.payload, stale.signature)).status).toBe(400);

    expect(await queuedWebhookJobs(a.app)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await a.rows()).toEqual([]);
    expect(await processedEventIds(a.app)).toEqual([]);
  });

  it('acknowledges at once, queues each event once, and the worker creates the subscription from Stripe\'s state', async () => {
    const bought = await buyThroughCheckout(a.admin, stripe, { plan: 'standard', interval: 'yearly', seats: 4 });

    for (const event of bought.events) {
      const { payload, signature } = stripe.signedWebhook(event);
      const response = await post(a.app, payload, signature);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ received: true, queued: true });
    }

    const rows = await eventually(async () => {
      const found = await a.rows();
      return found.some((r) => r.externalId === bought.subscriptionId) && found;
    }, 'the subscription row');
    expect(rows.find((r) => r.externalId === bought.subscriptionId)).toMatchObject({
      teamId: TEAM,
      kind: 'paid',
      planKey: 'gpt50',
      interval: 'yearly',
      billingMode: 'fixed_rate',
      quantity: 4,
      status: 'active',
      cancelAtPeriodEnd: false,
    });
  });

  it('the same events twice, and in reverse order on another deployment, end in identical rows', async () => {
    const start = stripe.state.events.length;
    const fixed = await buyThroughCheckout(a.admin, stripe, { plan: 'gpt50_4k_50r', seats: 3 });
    const payg = await buyThroughCheckout(a.admin, stripe, { plan: 'gpt50_8k', mode: 'pay_as_you_go', seats: 2 });
    // Changes made in Stripe's customer portal reach Tomo only as webhooks.
    const portal = createStripeClient({ secretKey: 'sk_test_portal', apiUrl: stripe.url });
    const item = (await portal.subscriptions.retrieve(fixed.subscriptionId)).items.data[0]!;
    await portal.subscriptions.update(fixed.subscriptionId, { items: [{ id: item.id, quantity: 5 }] });
    await portal.subscriptions.update(fixed.subscriptionId, { cancel_at_period_end: true });
    await portal.subscriptions.cancel(payg.subscriptionId);
    const ours = new Set([fixed.subscriptionId, payg.subscriptionId]);
    const events = stripe.state.events.slice(start).filter((e) => ours.has(subscriptionOf(e)));
    expect(events.length).toBeGreaterThanOrEqual(9);

    for (const event of events) {
      for (let i = 0; i < 2; i += 1) expect(await stripe.deliver(event, webhookUrl(a.app))).toBe(200);
    }
    for (const event of [...events].reverse()) expect(await stripe.deliver(event, webhookUrl(b.app))).toBe(200);

    const ids = events.map((e) => e.id);
    for (const world of [a, b]) {
      await eventually(async () => (await processedEventIds(world.app)).filter((id) => ids.includes(id)).length === ids.length, 'every event applied');
    }
    const inA = content((await a.rows()).filter((r) => ours.has(r.externalId ?? '')));
    const inB = content((await b.rows()).filter((r) => ours.has(r.externalId ?? '')));
    expect(inB).toEqual(inA);
    const canceledAt = new Date(stripe.state.subscription(payg.subscriptionId).canceled_at! * 1000);
    const expected = [
      { externalId: fixed.subscriptionId, planKey: 'gpt50_4k_50r', quantity: 5, status: 'active', cancelAtPeriodEnd: true, canceledAt: null },
      { externalId: payg.subscriptionId, planKey: 'gpt50_8k', billingMode: 'pay_as_you_go', quantity: 2, status: 'canceled', canceledAt },
    ].sort((x, y) => x.externalId.localeCompare(y.externalId));
    expect(inA).toEqual(expected.map((e) => expect.objectContaining(e)));
    // Each distinct event became one job, however often it was delivered.
    expect(await queuedWebhookJobs(a.app)).toBe(new Set((await processedEventIds(a.app))).size);
    // What is kept of each: its type and workspace, never its payload.
    const kept = (
      await a.app.database.orm.em.getConnection().execute<{ event_id: string; type: string | null; team_id: string | null }[]>('select event_id, type, team_id from processed_stripe_events')
    ).filter((row) => ids.includes(row.event_id));
    expect(kept.map((row) => ({ type: row.type, team: row.team_id })).sort((x, y) => String(x.type).localeCompare(String(y.type)))).toEqual(
      events.map((e) => ({ type: e.type, team: TEAM })).sort((x, y) => x.type.localeCompare(y.type)),
    );
  });

  it('Stripe\'s retry of a days-old event carrying an older state is accepted (signed anew) and leaves Stripe\'s current state', async () => {
    // The checkout was paid three days ago while the endpoint was down: its events wait at Stripe.
    stripe.setNow(() => new Date(Date.now() - 3 * 86_400_000));
    const bought = await buyThroughCheckout(a.admin, stripe, { plan: 'gpt50', seats: 2 });
    stripe.setNow(() => new Date());
    const created = bought.events.find((e) => e.type === 'customer.subscription.created')!;
    expect(Date.now() / 1000 - created.created).toBeGreaterThan(2 * 86_400);
    // Today the admin adds seats in the portal; that event gets through first.
    const portal = createStripeClient({ secretKey: 'sk_test_portal', apiUrl: stripe.url });
    const item = (await portal.subscriptions.retrieve(bought.subscriptionId)).items.data[0]!;
    const start = stripe.state.events.length;
    await portal.subscriptions.update(bought.subscriptionId, { items: [{ id: item.id, quantity: 4 }] });
    await settle(stripe.state.events.slice(start).find((e) => e.type === 'customer.subscription.updated')!);

    // Stripe's retry of the three-day-old event (two seats in its snapshot).
    await settle(created);

    const row = (await a.rows()).find((r) => r.externalId === bought.subscriptionId);
    expect(row).toMatchObject({ status: 'active', quantity: 4, planKey: 'gpt50' });
  });

  it('an event delivered again after its job gave up (Stripe unreachable for longer than the retries) is applied then, not dropped as a duplicate', async () => {
    const bought = await buyThroughCheckout(a.admin, stripe, { plan: 'gpt50_8k', seats: 3 });
    const created = bought.events.find((e) => e.type === 'customer.subscription.created')!;
    const job = dedupeId('billing-webhook', created.id);
    const jobState = async () =>
      (await a.app.database.orm.em.getConnection().execute<{ state: string }[]>('select state from pgboss.job where id = ?', [job]))[0];
    // The worker's re-read fails (the SDK's own two retries included) ...
    stripe.failNext(3, { method: 'GET', path: `/v1/subscriptions/${bought.subscriptionId}` });
    expect(await stripe.deliver(created, webhookUrl(a.app))).toBe(200);
    await eventually(async () => (await jobState())?.state === 'retry', 'the first attempt failed', 20_000);
    // ... and went on failing until the queue gave up (its ten retries span well over an hour).
    await a.app.database.orm.em.getConnection().execute(`update pgboss.job set state = 'failed' where id = ?`, [job]);
    expect((await jobState())?.state).toBe('failed');
    expect((await a.rows()).find((r) => r.externalId === bought.subscriptionId)).toBeUndefined();

    // Stripe delivers it again (Resend in the Dashboard, or its own retry): applied now.
    expect(await stripe.deliver(created, webhookUrl(a.app))).toBe(200);

    const row = await eventually(async () => (await a.rows()).find((r) => r.externalId === bought.subscriptionId), 'the plan applied');
    expect(row).toMatchObject({ planKey: 'gpt50_8k', quantity: 3, status: 'active' });
    await eventually(async () => (await jobState())?.state === 'completed', 'the job completed');
    // Delivered once more, an applied event queues nothing and changes nothing.
    expect(await stripe.deliver(created, webhookUrl(a.app))).toBe(200);
    expect((await jobState())?.state).toBe('completed');
  });

  it('a subscription whose first payment never came (incomplete_expired) leaves no past plan when Tomo never knew it', async () => {
    const pastPlans = async () => ((await (await a.admin.get('/api/settings/subscription')).json()) as { past: unknown[] }).past;
    const pastBefore = await pastPlans();
    // Checkout completed, but none of its events reached Tomo; Stripe then gives up on the payment.
    const bought = await buyThroughCheckout(a.admin, stripe, { plan: 'gpt50_8k', seats: 3 });
    stripe.setSubscriptionStatus(bought.subscriptionId, 'incomplete');
    const expired = stripe.setSubscriptionStatus(bought.subscriptionId, 'incomplete_expired');
    expect(await stripe.deliver(expired, webhookUrl(a.app))).toBe(200);
    await eventually(async () => (await processedEventIds(a.app)).includes(expired.id), 'the event applied');

    expect((await a.rows()).filter((r) => r.externalId === bought.subscriptionId)).toEqual([]);
    expect(await pastPlans()).toEqual(pastBefore);
  });
  it('a plan Stripe gave up collecting (unpaid) or left in a status Tomo does not know stops answering; paying brings it back', async () => {
    const bought = await buyThroughCheckout(a.admin, stripe, { plan: 'gpt50', seats: 2 });
    for (const event of bought.events) await settle(event);
    const ours = async () => (await a.rows()).find((r) => r.externalId === bought.subscriptionId);
    const id = (await ours())?.id;
    const planShown = () => planShownFor(id!);
    expect(await ours()).toMatchObject({ status: 'active' });

    // A renewal failed: Stripe retries (Smart Retries), the workspace keeps answering meanwhile.
    await settle(stripe.setSubscriptionStatus(bought.subscriptionId, 'past_due'));
    expect(await ours()).toMatchObject({ status: 'past_due' });
    expect(await planShown()).toEqual({ current: ['past_due'], past: [], active: true });

    // Every retry failed and the account's setting is "mark the subscription as unpaid": Stripe
    // stops trying to collect and keeps the invoice open. Access ends until it is paid.
    await settle(stripe.setSubscriptionStatus(bought.subscriptionId, 'unpaid'));
    expect(await ours()).toMatchObject({ status: 'suspended' });
    expect(await planShown()).toEqual({ current: [], past: ['suspended'], active: false });

    // The admin pays the open invoice in the portal: the plan is back.
    await settle(stripe.setSubscriptionStatus(bought.subscriptionId, 'active'));
    expect(await planShown()).toEqual({ current: ['active'], past: [], active: true });
    expect(await ours()).toMatchObject({ status: 'active', canceledAt: null });

    // A status this version does not know (Stripe adds them over time) grants nothing either.
    await settle(stripe.setSubscriptionStatus(bought.subscriptionId, 'on_hold' as 'unpaid'));
    expect(await ours()).toMatchObject({ status: 'suspended' });
    expect(await planShown()).toEqual({ current: [], past: ['suspended'], active: false });
  });
  it('a Stripe trial that ended without a payment method is paused, its own state: no answers, no end stamped; resuming makes it active with no end', async () => {
    const bought = await buyThroughCheckout(a.admin, stripe, { plan: 'gpt50', seats: 2 });
    for (const event of bought.events) await settle(event);
    const ours = async () => (await a.rows()).find((r) => r.externalId === bought.subscriptionId);
    const id = (await ours())!.id;
    const planShown = () => planShownFor(id);

    // A trial added in the Dashboard with "pause if no payment method" at its end.
    await settle(stripe.setSubscriptionStatus(bought.subscriptionId, 'trialing'));
    expect(await ours()).toMatchObject({ status: 'active', canceledAt: null });
    const { paused, updated } = stripe.endTrialWithoutPaymentMethod(bought.subscriptionId);
    await settle(paused);
    await settle(updated);
    expect(await ours()).toMatchObject({ status: 'paused', canceledAt: null, pauseReason: 'trial_ended' });
    expect(await planShown()).toEqual({ current: [], past: ['paused'], active: false });

    // A row an earlier version stored for the pause: canceled, with an end stamped.
    const repository = new PgSubscriptionRepository(a.app.database.orm);
    await repository.save(TEAM, { ...(await ours())!, status: 'canceled', canceledAt: new Date('2026-01-02T03:04:05Z') });
    await settle(stripe.setSubscriptionStatus(bought.subscriptionId, 'paused'));
    expect(await ours()).toMatchObject({ status: 'paused', canceledAt: null });

    // A payment method was added and the subscription resumed (through the real SDK): a new period from now.
    const dashboard = createStripeClient({ secretKey: 'sk_test_dashboard', apiUrl: stripe.url });
    const resumed = await dashboard.subscriptions.resume(bought.subscriptionId, { billing_cycle_anchor: { type: 'now' } });
    expect(resumed.status).toBe('active');
    await settle(stripe.eventsOfType('customer.subscription.resumed').at(-1)!);
    await settle(stripe.eventsOfType('customer.subscription.updated').at(-1)!);
    const row = await ours();
    expect(row).toMatchObject({ status: 'active', canceledAt: null, cancelAtPeriodEnd: false });
    expect(row!.currentPeriodStart.getTime()).toBe(resumed.items.data[0]!.current_period_start * 1000);
    expect(await planShown()).toEqual({ current: ['active'], past: [], active: true });
    // Stripe resumes paused subscriptions only.
    await expect(dashboard.subscriptions.resume(bought.subscriptionId)).rejects.toThrow(/status=paused/);
  });
  it('a pause someone asked for and a pause after a failed renewal are told apart by Stripe\'s status_details; resumed, the plan is active again', async () => {
    const bought = await buyThroughCheckout(a.admin, stripe, { plan: 'gpt50', seats: 2 });
    for (const event of bought.events) await settle(event);
    const ours = async () => (await a.rows()).find((r) => r.externalId === bought.subscriptionId);
    const id = (await ours())!.id;
    // What the Subscription page is given for this plan among the halted ones.
    const shownReason = async () => {
      const page = (await (await a.admin.get('/api/settings/subscription')).json()) as { past: { id: string; status: string; pauseReason: string | null }[] };
      return page.past.filter((s) => s.id === id).map((s) => [s.status, s.pauseReason]);
    };
    const dashboard = createStripeClient({ secretKey: 'sk_test_dashboard', apiUrl: stripe.url });

    // Paused with the pause endpoint (the Dashboard uses it too): Stripe says `pause_requested`.
    await dashboard.subscriptions.pause(bought.subscriptionId);
    expect((await dashboard.subscriptions.retrieve(bought.subscriptionId)).status_details?.paused?.subscription.type).toBe('pause_requested');
    await settle(stripe.eventsOfType('customer.subscription.paused').at(-1)!);
    await settle(stripe.eventsOfType('customer.subscription.updated').at(-1)!);
    expect(await ours()).toMatchObject({ status: 'paused', pauseReason: 'requested', canceledAt: null });
    expect(await shownReason()).toEqual([['paused', 'requested']]);

    await dashboard.subscriptions.resume(bought.subscriptionId, { billing_cycle_anchor: { type: 'now' } });
    await settle(stripe.eventsOfType('customer.subscription.updated').at(-1)!);
    expect(await ours()).toMatchObject({ status: 'active' });
    expect(await shownReason()).toEqual([]);

    // Smart Retries' "pause after the final failed payment": `final_payment_failure`.
    const failed = stripe.pause(bought.subscriptionId, 'final_payment_failure');
    await settle(failed.paused);
    await settle(failed.updated);
    expect(await ours()).toMatchObject({ status: 'paused', pauseReason: 'payment_failed' });
    expect(await shownReason()).toEqual([['paused', 'payment_failed']]);
  });
  it('a cancellation at period end: Stripe stamps canceled_at when it is asked for, yet the row stays open, and records the end at ended_at', async () => {
    const bought = await buyThroughCheckout(a.admin, stripe, { plan: 'gpt50', seats: 1 });
    for (const event of bought.events) await settle(event);
    const ours = async () => (await a.rows()).find((r) => r.externalId === bought.subscriptionId);
    const portal = createStripeClient({ secretKey: 'sk_test_portal', apiUrl: stripe.url });

    const asked = await portal.subscriptions.update(bought.subscriptionId, { cancel_at_period_end: true });
    expect(asked.canceled_at).toBeGreaterThan(0);
    expect(asked.ended_at).toBeNull();
    await settle(stripe.eventsOfType('customer.subscription.updated').at(-1)!);
    expect(await ours()).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, canceledAt: null });
    // Undone: Stripe clears canceled_at again.
    expect((await portal.subscriptions.update(bought.subscriptionId, { cancel_at_period_end: false })).canceled_at).toBeNull();
    const again = await portal.subscriptions.update(bought.subscriptionId, { cancel_at_period_end: true });

    // The period is over: the row keeps when it ended, not when the cancellation was asked for.
    await settle(stripe.endPeriod(bought.subscriptionId));
    const periodEnd = again.items.data[0]!.current_period_end;
    expect(periodEnd).toBeGreaterThan(again.canceled_at! + 86_400);
    expect(await ours()).toMatchObject({ status: 'canceled', canceledAt: new Date(periodEnd * 1000) });
  });
  it('a thin event (an event destination set to the thin payload style) is acknowledged, and a subscription one is applied by re-reading', async () => {
    const bought = await buyThroughCheckout(a.admin, stripe, { plan: 'gpt50_4k_50r', seats: 2 });
    for (const event of bought.events) expect(await stripe.deliver(event, webhookUrl(a.app))).toBe(200);
    const ours = async () => (await a.rows()).find((r) => r.externalId === bought.subscriptionId);
    await eventually(async () => (await ours())?.quantity === 2, 'the subscription row');

    // Seats raised in the portal; this destination gets the thin version of the event only.
    const portal = createStripeClient({ secretKey: 'sk_test_portal', apiUrl: stripe.url });
    const item = (await portal.subscriptions.retrieve(bought.subscriptionId)).items.data[0]!;
    await portal.subscriptions.update(bought.subscriptionId, { items: [{ id: item.id, quantity: 6 }] });
    const thin = (type: string, related: { id: string; type: string }) => ({
      id: `evt_thin_${type}_${related.id}`,
      object: 'v2.core.event',
      type,
      created: new Date().toISOString(),
      livemode: false,
      context: null,
      reason: null,
      related_object: { ...related, url: `/v1/${related.type}s/${related.id}` },
    });
    const send = async (event: Record<string, unknown>) => {
      const { payload, signature } = stripe.signedWebhook(event);
      const response = await post(a.app, payload, signature);
      return { status: response.status, body: (await response.json()) as unknown };
    };

    const updated = thin('v1.customer.subscription.updated', { id: bought.subscriptionId, type: 'subscription' });
    expect(await send(updated)).toEqual({ status: 200, body: { received: true, queued: true } });
    await eventually(async () => (await ours())?.quantity === 6, 'the seats from the thin event');

    // Thin events Tomo has no use for are acknowledged, not failed (Stripe would retry them for days).
    expect(await send(thin('v1.invoice.paid', { id: 'in_thin_1', type: 'invoice' }))).toEqual({ status: 200, body: { received: true, queued: false } });
    expect(await send(thin('v2.core.event_destination.ping', { id: 'ed_thin_1', type: 'v2.core.event_destination' }))).toEqual({
      status: 200,
      body: { received: true, queued: false },
    });
    // The signature is checked on thin events too.
    const forged = stripe.signedWebhook(updated, { secret: 'whsec_not_the_right_one' });
    expect((await post(a.app, forged.payload, forged.signature)).status).toBe(400);
  });
  it('a signed event for a customer Tomo does not know, naming a workspace never installed here, is acknowledged and stores nothing', async () => {
    // Another deployment (say staging) on the same Stripe account sells to its own workspaces:
    // the account's webhooks reach this endpoint too, with that deployment's team id in metadata.
    const elsewhere = createStripeClient({ secretKey: 'sk_test_staging', apiUrl: stripe.url });
    const customer = await elsewhere.customers.create({ metadata: { team_id: 'T0STAGING' } });
    const price = (await elsewhere.prices.list({ lookup_keys: ['gpt50_monthly'], active: true })).data[0]!;
    const session = await elsewhere.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      client_reference_id: 'T0STAGING',
      success_url: 'https://staging.example/pricing?checkout=success',
      line_items: [{ price: price.id, quantity: 3 }],
      subscription_data: { metadata: { team_id: 'T0STAGING', plan_key: 'gpt50', billing_mode: 'fixed_rate', interval: 'monthly', seats: '3' } },
    });
    const before = stripe.state.events.length;
    stripe.completeCheckoutSession(session.id);
    const events = stripe.state.events.slice(before);

    for (const event of events) expect(await stripe.deliver(event, webhookUrl(a.app))).toBe(200);
    await eventually(
      async () => {
        const done = await processedEventIds(a.app);
        return events.filter((e) => e.type.startsWith('customer.subscription') || e.type.startsWith('invoice') || e.type.startsWith('checkout')).every((e) => done.includes(e.id));
      },
      'every handled event processed',
    );
    expect(await a.rows('T0STAGING')).toEqual([]);
    const customers = await a.app.database.orm.em.getConnection().execute<{ n: string }[]>(`select count(*) as n from customers where team_id = 'T0STAGING'`);
    expect(Number(customers[0]?.n)).toBe(0);
  });
});

function subscriptionOf(event: FakeEvent): string {
  const object = event.data.object as { object?: string; id?: string; subscription?: string | null; parent?: { subscription_details?: { subscription?: string } } };
  if (object.object === 'subscription') return object.id ?? '';
  if (object.object === 'checkout.session') return object.subscription ?? '';
  return object.parent?.subscription_details?.subscription ?? '';
}
