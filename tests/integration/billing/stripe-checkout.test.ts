import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BillingInterval, BillingMode, PaidPlanKey } from '../../../core/billing/plan';
import { PLANS } from '../../../core/billing/plan-catalog';
import { PUBLIC_URL, startStripeHarness, type StripeHarness } from '../../fakes/stripe/stripe-test-harness';

let h: StripeHarness;
beforeEach(async () => {
  h = await startStripeHarness();
});
afterEach(() => h.stop());

async function customerFor(teamId: string): Promise<string> {
  return (await h.gateway.ensureCustomer({ teamId, teamName: 'Acme', email: 'admin@acme.test' })).customerId;
}

describe('Stripe checkout through the gateway', () => {
  const cases: [PaidPlanKey, BillingInterval, BillingMode, string, number][] = [
    ['gpt50_4k_50r', 'monthly', 'fixed_rate', 'gpt50_4k_50r_monthly', 800],
    ['gpt50', 'yearly', 'fixed_rate', 'gpt50_yearly', 20000],
    ['gpt50_8k', 'monthly', 'fixed_rate', 'gpt50_8k_monthly', 3200],
    ['gpt50_8k', 'yearly', 'fixed_rate', 'gpt50_8k_yearly', 32000],
  ];

  it.each(cases)('%s %s %s: the seat price is charged per seat', async (planKey, interval, billingMode, lookupKey, cents) => {
    const customerId = await customerFor('T100');

    const session = await h.gateway.createCheckoutSession({ teamId: 'T100', customerId, planKey, interval, billingMode, seats: 4 });

    const stored = h.fake.state.checkoutSessions.get(session.id)!;
    const price = h.fake.state.prices.get(stored.line_items[0]!.price)!;
    expect(session.url).toBe(`${h.fake.url}/checkout/${session.id}`);
    expect(price).toMatchObject({ lookup_key: lookupKey, unit_amount: cents });
    expect(stored).toMatchObject({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: 'T100',
      line_items: [{ price: price.id, quantity: 4 }],
      success_url: `${PUBLIC_URL}/pricing?checkout=success`,
      cancel_url: `${PUBLIC_URL}/pricing?checkout=cancel`,
      allowed_payment_method_types: ['card', 'alipay'],
    });
    expect(stored.subscription_data.metadata).toEqual({ team_id: 'T100', plan_key: planKey, billing_mode: billingMode, interval, seats: '4' });
  });

  it('pay-as-you-go puts the metered per-response price on the order, with no quantity', async () => {
    const customerId = await customerFor('T101');

    const session = await h.gateway.createCheckoutSession({ teamId: 'T101', customerId, planKey: 'gpt50', interval: 'yearly', billingMode: 'pay_as_you_go', seats: 3 });

    const stored = h.fake.state.checkoutSessions.get(session.id)!;
    const price = h.fake.state.prices.get(stored.line_items[0]!.price)!;
    expect(price).toMatchObject({ lookup_key: 'gpt50_per_response', unit_amount: PLANS.gpt50.payAsYouGo?.unitAmountCents });
    expect(price.recurring).toMatchObject({ usage_type: 'metered' });
    expect(stored.line_items).toEqual([{ price: price.id, quantity: null }]);
    expect(stored.subscription_data.metadata).toMatchObject({ billing_mode: 'pay_as_you_go', interval: 'monthly', seats: '3' });
  });

  it('after paying, the subscription reads back as the plan, interval, mode and seats bought', async () => {
    const fixed = await h.subscribe({ teamId: 'T102', planKey: 'gpt50_8k', interval: 'yearly', billingMode: 'fixed_rate', seats: 7 });
    const payg = await h.subscribe({ teamId: 'T102', planKey: 'gpt50_4k_50r', interval: 'monthly', billingMode: 'pay_as_you_go', seats: 2 });

    expect(fixed).toMatchObject({ teamId: 'T102', planKey: 'gpt50_8k', interval: 'yearly', billingMode: 'fixed_rate', quantity: 7, status: 'active', cancelAtPeriodEnd: false });
    expect(fixed.currentPeriodEnd.toISOString()).toBe('2027-03-10T12:00:00.000Z');
    expect(payg).toMatchObject({ planKey: 'gpt50_4k_50r', interval: 'monthly', billingMode: 'pay_as_you_go', quantity: 2 });
    expect(payg.currentPeriodEnd.toISOString()).toBe('2026-04-10T12:00:00.000Z');
  });

  it('the wallet setup session saves a payment method and returns to the pricing page', async () => {
    const customerId = await customerFor('T103');

    const session = await h.gateway.createSetupSession({ teamId: 'T103', customerId });

    expect(h.fake.state.checkoutSessions.get(session.id)).toMatchObject({
      mode: 'setup',
      currency: 'usd',
      customer: customerId,
      line_items: [],
      allowed_payment_method_types: ['card', 'alipay'],
      success_url: `${PUBLIC_URL}/pricing?setup=success`,
      cancel_url: `${PUBLIC_URL}/pricing?setup=cancel`,
    });
  });

  it('the portal session opens the workspace customer and comes back to the pricing page', async () => {
    const customerId = await customerFor('T104');

    const portal = await h.gateway.createPortalSession({ customerId });

    expect(portal.url).toBe(`${h.fake.url}/portal/${portal.id}`);
    expect(h.fake.state.portalSessions.get(portal.id)).toMatchObject({ customer: customerId, return_url: `${PUBLIC_URL}/pricing` });
  });

  it('every mutating call carries an idempotency key', async () => {
    await h.subscribe({ teamId: 'T105', planKey: 'gpt50', interval: 'monthly', billingMode: 'fixed_rate', seats: 1 });
    await h.gateway.createPortalSession({ customerId: (await customerFor('T105')) });

    const posts = h.fake.calls.filter((c) => c.method === 'POST');
    expect(posts.length).toBeGreaterThan(0);
    expect(posts.filter((c) => !c.idempotencyKey || c.idempotencyKey.startsWith('stripe-node-retry-'))).toEqual([]);
  });
});

describe('one Stripe customer per workspace', () => {
  it('creates the customer once, tagged with the team id, even when the call is repeated', async () => {
    const first = await h.gateway.ensureCustomer({ teamId: 'T200', teamName: 'Acme' });
    const repeated = await h.gateway.ensureCustomer({ teamId: 'T200', teamName: 'Acme' });

    expect(repeated.customerId).toBe(first.customerId);
    expect(h.fake.state.customers.size).toBe(1);
    expect(h.fake.state.customers.get(first.customerId)).toMatchObject({ name: 'Acme', metadata: { team_id: 'T200' } });
  });

  it('reuses the stored customer, and replaces one deleted in Stripe', async () => {
    const { customerId } = await h.gateway.ensureCustomer({ teamId: 'T201' });
    expect(await h.gateway.ensureCustomer({ teamId: 'T201', knownCustomerId: customerId })).toEqual({ customerId, created: false });

    h.fake.state.customers.get(customerId)!.deleted = true;
    const replaced = await h.gateway.ensureCustomer({ teamId: 'T201', knownCustomerId: customerId });

    expect(replaced.created).toBe(true);
    expect(replaced.customerId).not.toBe(customerId);
  });

  it('refuses to start a checkout when the catalog has not been synced', async () => {
    const bare = await startStripeHarness({ syncCatalog: false });
    try {
      const { customerId } = await bare.gateway.ensureCustomer({ teamId: 'T202' });
      await expect(
        bare.gateway.createCheckoutSession({ teamId: 'T202', customerId, planKey: 'gpt50', interval: 'monthly', billingMode: 'fixed_rate', seats: 1 }),
      ).rejects.toThrow(/stripe:sync/);
    } finally {
      await bare.stop();
    }
  });
});
