// The workspace's Stripe customer is deleted in the Dashboard. Stripe cancels its subscriptions at
// once (https://docs.stripe.com/api/customers/delete) and refuses any change to them; its webhooks
// may reach Tomo only later (endpoint down, Stripe's retries pending). Meanwhile the admin's page
// still shows the plans open: changing one must say the plan has ended, not that Stripe is down.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeClient } from '../../../adapters/stripe/stripe-client';
import { PgCustomerRepository } from '../../../adapters/postgres/pg-customer-repository';
import { translate } from '../../../apps/shared/messages';
import type { SubscriptionRecord } from '../../../core/billing/subscription';
import type { StripeFake } from '../../fakes/stripe/stripe-fake';
import type { FakeEvent } from '../../fakes/stripe/stripe-fake-state';
import { buyThroughCheckout } from './support/checkout-flow';
import { eventually, eventsSoFarApplied, startBillingWorld, TEAM, type BillingWorld } from './support/billing-world';

let w: BillingWorld;
let stripe: StripeFake;
let standard: SubscriptionRecord;
let premium: SubscriptionRecord;
let paused: SubscriptionRecord;
let deletedCustomer: string;
let lateEvents: FakeEvent[];
const webhookUrl = () => `${w.app.baseUrl}/api/stripe/webhook`;

beforeAll(async () => {
  w = await startBillingWorld();
  stripe = w.stripe!;
  stripe.deliverWebhooksTo(webhookUrl());
  const a = await buyThroughCheckout(w.admin, stripe, { plan: 'gpt50', interval: 'monthly', seats: 3 });
  const b = await buyThroughCheckout(w.admin, stripe, { plan: 'gpt50_8k', interval: 'yearly', seats: 2 });
  const bought = async (externalId: string) =>
    eventually(async () => (await w.rows()).find((r) => r.externalId === externalId && r.status === 'active'), `plan ${externalId} bought`);
  standard = await bought(a.subscriptionId);
  premium = await bought(b.subscriptionId);
  // A third plan, paused on request (the Dashboard) before the customer was deleted.
  const c = await buyThroughCheckout(w.admin, stripe, { plan: 'gpt50_4k_50r', interval: 'monthly', seats: 1 });
  await bought(c.subscriptionId);
  await createStripeClient({ secretKey: 'sk_test_tomo_fake', apiUrl: stripe.url }).subscriptions.pause(c.subscriptionId);
  paused = await eventually(async () => (await w.rows()).find((r) => r.externalId === c.subscriptionId && r.status === 'paused'), 'the paused plan');
  await stripe.flushWebhooks();
  // The endpoint is unreachable for now: the deletion's events wait at Stripe.
  stripe.deliverWebhooksTo(null);
  // Every event sent so far is applied before the deletion: one still queued would re-read its
  // subscription after it, and the paused plan would already show as ended.
  await eventsSoFarApplied(w.app, stripe);
  deletedCustomer = stripe.state.subscription(a.subscriptionId).customer;
  const before = stripe.state.events.length;
  await createStripeClient({ secretKey: 'sk_test_tomo_fake', apiUrl: stripe.url }).customers.del(deletedCustomer);
  lateEvents = stripe.state.events.slice(before);
});
afterAll(() => w.close());

const row = async (id: string) => (await w.rows()).find((r) => r.id === id);
const notActive = { error: { code: 'SUBSCRIPTION.NOT_ACTIVE', message: translate('SUBSCRIPTION.NOT_ACTIVE', {}, 'en') } };

describe('a Stripe customer deleted in the Dashboard before its webhooks arrive', () => {
  it('Stripe canceled both plans at once, while Tomo still shows them open', async () => {
    expect(lateEvents.filter((e) => e.type === 'customer.subscription.deleted')).toHaveLength(3);
    expect(stripe.state.subscription(standard.externalId!).status).toBe('canceled');
    expect((await row(standard.id))?.status).toBe('active');
  });

  it('a seat preview says the plan is no longer active (not that Stripe is down) and the page shows it ended', async () => {
    const response = await w.admin.get(`/api/billing/subscriptions/${standard.id}/seats/preview?quantity=5`);

    expect(response.status).toBe(409);
    expect(await response.json()).toEqual(notActive);
    const ended = await row(standard.id);
    expect(ended).toMatchObject({ status: 'canceled', quantity: 3 });
    expect(ended?.canceledAt?.getTime()).toBe(stripe.state.subscription(standard.externalId!).ended_at! * 1000);
    expect(stripe.callsTo('POST', '/v1/invoices/create_preview')).toHaveLength(0);
  });

  it('turning auto-renew off says the same, asks Stripe for no change, and ends the row', async () => {
    const response = await w.admin.send('POST', `/api/billing/subscriptions/${premium.id}/auto-renew`, { autoRenew: false });

    expect(response.status).toBe(409);
    expect(await response.json()).toEqual(notActive);
    expect(stripe.callsTo('POST', `/v1/subscriptions/${premium.externalId!}`)).toHaveLength(0);
    expect((await row(premium.id))?.status).toBe('canceled');
    const settings = (await (await w.admin.get('/api/search-active-subscriptions')).json()) as unknown;
    expect(JSON.stringify(settings)).not.toContain(premium.id);
  });

  it('resuming the paused plan says it is no longer active (not that it was resumed) and the row ends', async () => {
    const response = await w.admin.send('POST', `/api/billing/subscriptions/${paused.id}/resume`, {});

    expect(response.status).toBe(409);
    expect(await response.json()).toEqual(notActive);
    expect(stripe.callsTo('POST', `/v1/subscriptions/${paused.externalId!}/resume`)).toHaveLength(0);
    expect((await row(paused.id))?.status).toBe('canceled');
  });

  it('the Customer Portal opens for a new customer of the workspace, and the late webhooks change nothing', async () => {
    const portal = await w.admin.send('POST', '/api/create-portal-session', {});
    expect(portal.status).toBe(200);
    const customer = await new PgCustomerRepository(w.app.database.orm).find(TEAM);
    expect(customer?.externalCustomerId).toBeDefined();
    expect(customer?.externalCustomerId).not.toBe(deletedCustomer);
    expect(stripe.state.portalSessions.get(((await portal.json()) as { id: string }).id)?.customer).toBe(customer?.externalCustomerId);

    const ends = async () => (await w.rows()).map((r) => ({ id: r.id, status: r.status, quantity: r.quantity, canceledAt: r.canceledAt }));
    const before = await ends();
    for (const event of lateEvents) expect(await stripe.deliver(event, webhookUrl())).toBe(200);
    await eventually(async () => {
      const applied = await w.app.database.orm.em.getConnection().execute<{ n: string }[]>(
        `select count(*) as n from processed_stripe_events where event_id in (${lateEvents.map(() => '?').join(',')})`,
        lateEvents.map((e) => e.id),
      );
      return Number(applied[0]?.n) === lateEvents.filter((e) => e.type.startsWith('customer.subscription.')).length;
    }, 'the late deletion events applied');
    expect(await ends()).toEqual(before);
  });
});
