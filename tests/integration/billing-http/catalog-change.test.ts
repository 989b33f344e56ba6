import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncStripeCatalog } from '../../../adapters/stripe/catalog-sync';
import { createStripeClient } from '../../../adapters/stripe/stripe-client';
import { PAID_PLANS } from '../../../core/billing/plan-catalog';
import type { Plan } from '../../../core/billing/plan';
import type { StripeFake } from '../../fakes/stripe/stripe-fake';
import { buyThroughCheckout } from './support/checkout-flow';
import { eventually, processedEventIds, startBillingWorld, type BillingWorld } from './support/billing-world';

let w: BillingWorld;
let stripe: StripeFake;
beforeAll(async () => {
  w = await startBillingWorld();
  stripe = w.stripe!;
});
afterAll(() => w.close());

const webhookUrl = () => `${w.app.baseUrl}/api/stripe/webhook`;

/** The catalog with one plan's monthly price raised by a dollar (what a later `stripe:sync` would meet). */
function raisedMonthly(planKey: Plan['key'], byCents: number): Plan[] {
  return PAID_PLANS.map((plan) =>
    plan.key !== planKey
      ? plan
      : { ...plan, prices: { ...plan.prices, monthly: { ...plan.prices.monthly, unitAmountCents: plan.prices.monthly.unitAmountCents + byCents } } },
  );
}

describe('a catalog price change in Stripe (stripe:sync with a new amount)', () => {
  it('keeps applying the webhooks of subscribers on the old price: a cancel at Stripe ends the row', async () => {
    const bought = await buyThroughCheckout(w.admin, stripe, { plan: 'gpt50_8k', seats: 2 });
    for (const event of bought.events) expect(await stripe.deliver(event, webhookUrl())).toBe(200);
    await eventually(async () => (await w.rows()).find((r) => r.externalId === bought.subscriptionId && r.status === 'active'), 'the active row');

    const sdk = createStripeClient({ secretKey: 'sk_test_portal', apiUrl: stripe.url });
    const oldPriceId = (await sdk.subscriptions.retrieve(bought.subscriptionId)).items.data[0]!.price.id;
    const report = await syncStripeCatalog(sdk, raisedMonthly('gpt50_8k', 100));
    expect(report.find((e) => e.key === 'gpt50_8k_monthly')).toMatchObject({ action: 'replaced' });
    // As in Stripe, the new price took the lookup key away from the old one, which is archived.
    const oldPrice = await sdk.prices.retrieve(oldPriceId);
    expect(oldPrice).toMatchObject({ lookup_key: null, active: false });
    const subscription = await sdk.subscriptions.retrieve(bought.subscriptionId);
    expect(subscription.items.data[0]!.price).toMatchObject({ id: oldPriceId, lookup_key: null });

    // The customer cancels (e.g. in the customer portal); Tomo hears it only through webhooks.
    const start = stripe.state.events.length;
    await sdk.subscriptions.cancel(bought.subscriptionId);
    const events = stripe.state.events.slice(start);
    expect(events.map((e) => e.type)).toContain('customer.subscription.deleted');
    for (const event of events) expect(await stripe.deliver(event, webhookUrl())).toBe(200);
    const ids = events.map((e) => e.id);
    await eventually(async () => {
      const processed = await processedEventIds(w.app);
      return ids.every((id) => processed.includes(id));
    }, 'the events applied');

    const row = await eventually(async () => (await w.rows()).find((r) => r.externalId === bought.subscriptionId && r.status === 'canceled'), 'the canceled row');
    expect(row).toMatchObject({ planKey: 'gpt50_8k', interval: 'monthly', billingMode: 'fixed_rate', quantity: 2 });
    const page = (await (await w.admin.get('/api/settings/subscription')).json()) as { current: { id: string }[]; past: { id: string }[] };
    expect(page.current.map((s) => s.id)).not.toContain(row.id);
    expect(page.past.map((s) => s.id)).toContain(row.id);
  });

  it('a checkout after stripe:sync replaced a price this running server had used goes through, at the new price', async () => {
    await buyThroughCheckout(w.admin, stripe, { plan: 'gpt50', interval: 'monthly', seats: 1 });
    const sdk = createStripeClient({ secretKey: 'sk_test_portal', apiUrl: stripe.url });
    const before = (await sdk.prices.list({ lookup_keys: ['gpt50_monthly'] })).data[0]!;
    // Run elsewhere (a deploy step, an operator's laptop) while this server keeps running.
    await syncStripeCatalog(sdk, raisedMonthly('gpt50', 100));
    const after = (await sdk.prices.list({ lookup_keys: ['gpt50_monthly'] })).data[0]!;
    expect(after.id).not.toBe(before.id);
    expect(after.unit_amount).toBe(before.unit_amount! + 100);

    const response = await w.admin.send('POST', '/api/create-checkout-session', { plan: 'gpt50', interval: 'monthly', seats: 2 });

    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    expect(stripe.state.checkoutSessions.get(id)?.line_items).toEqual([{ price: after.id, quantity: 2 }]);
    // The next one uses the new price straight away.
    const next = await w.admin.send('POST', '/api/create-checkout-session', { plan: 'gpt50', interval: 'monthly', seats: 1 });
    expect(next.status).toBe(200);
    const refused = stripe.callsTo('POST', '/v1/checkout/sessions').filter((c) => c.status !== 200);
    expect(refused).toHaveLength(1);
  });
});
