import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { syncStripeCatalog } from '../../../adapters/stripe/catalog-sync';
import { createStripeClient } from '../../../adapters/stripe/stripe-client';
import type { Plan } from '../../../core/billing/plan';
import { PAID_PLANS, PLANS } from '../../../core/billing/plan-catalog';
import { StripeFake } from '../../fakes/stripe/stripe-fake';

let fake: StripeFake;
let stripe: Stripe;

beforeEach(async () => {
  fake = await StripeFake.start();
  stripe = createStripeClient({ secretKey: 'sk_test_tomo_fake', apiUrl: fake.url });
});
afterEach(() => fake.stop());

async function priceByLookupKey(key: string): Promise<Stripe.Price> {
  const { data } = await stripe.prices.list({ lookup_keys: [key], active: true });
  expect(data).toHaveLength(1);
  return data[0]!;
}

describe('npm run stripe:sync (catalog sync)', () => {
  it('creates a product per paid plan, a meter per plan and nine prices addressed by lookup key', async () => {
    const report = await syncStripeCatalog(stripe);

    expect(report.filter((e) => e.action === 'created').map((e) => `${e.kind}:${e.key}`).sort()).toEqual(
      [
        'meter:tomo_responses_gpt50',
        'meter:tomo_responses_gpt50_4k_50r',
        'meter:tomo_responses_gpt50_8k',
        'price:gpt50_4k_50r_monthly',
        'price:gpt50_4k_50r_per_response',
        'price:gpt50_4k_50r_yearly',
        'price:gpt50_8k_monthly',
        'price:gpt50_8k_per_response',
        'price:gpt50_8k_yearly',
        'price:gpt50_monthly',
        'price:gpt50_per_response',
        'price:gpt50_yearly',
        'product:tomo_gpt50',
        'product:tomo_gpt50_4k_50r',
        'product:tomo_gpt50_8k',
      ].sort(),
    );
    expect((await stripe.products.retrieve('tomo_gpt50_8k')).name).toBe('Tomo Premium');

    const entryMonthly = await priceByLookupKey('gpt50_4k_50r_monthly');
    expect(entryMonthly).toMatchObject({ unit_amount: 800, currency: 'usd', product: 'tomo_gpt50_4k_50r' });
    expect(entryMonthly.recurring).toMatchObject({ interval: 'month', usage_type: 'licensed' });
    expect(await priceByLookupKey('gpt50_yearly')).toMatchObject({ unit_amount: 20000, recurring: { interval: 'year' } });
    expect(await priceByLookupKey('gpt50_8k_yearly')).toMatchObject({ unit_amount: 32000 });

    const perResponse = await priceByLookupKey('gpt50_per_response');
    const meter = (await stripe.billing.meters.list({ status: 'active' })).data.find((m) => m.event_name === 'tomo_responses_gpt50');
    expect(perResponse.recurring).toMatchObject({ interval: 'month', usage_type: 'metered', meter: meter?.id });
    expect(perResponse.unit_amount).toBe(PLANS.gpt50.payAsYouGo?.unitAmountCents);
    expect(meter).toMatchObject({ default_aggregation: { formula: 'sum' }, value_settings: { event_payload_key: 'value' } });
  });

  it('changes nothing when run a second time', async () => {
    await syncStripeCatalog(stripe);
    const writesBefore = fake.calls.filter((c) => c.method === 'POST').length;

    const second = await syncStripeCatalog(stripe);

    expect(second.every((e) => e.action === 'unchanged')).toBe(true);
    expect(fake.calls.filter((c) => c.method === 'POST').length).toBe(writesBefore);
    expect(fake.state.prices.size).toBe(9);
    expect(fake.state.meters.size).toBe(3);
  });

  it('moves the lookup key to a new price when an amount changes, archiving the old price', async () => {
    await syncStripeCatalog(stripe);
    const old = await priceByLookupKey('gpt50_monthly');
    const repriced: Plan = { ...PLANS.gpt50, prices: { ...PLANS.gpt50.prices, monthly: { ...PLANS.gpt50.prices.monthly, unitAmountCents: 2500, price: 25 } } };

    const report = await syncStripeCatalog(stripe, PAID_PLANS.map((p) => (p.key === 'gpt50' ? repriced : p)));

    expect(report.find((e) => e.key === 'gpt50_monthly')?.action).toBe('replaced');
    expect(report.filter((e) => e.action !== 'unchanged')).toHaveLength(1);
    expect((await priceByLookupKey('gpt50_monthly')).unit_amount).toBe(2500);
    const archived = await stripe.prices.retrieve(old.id);
    expect(archived).toMatchObject({ active: false, lookup_key: null });
  });

  it('restores a price someone archived in the dashboard', async () => {
    await syncStripeCatalog(stripe);
    const price = await priceByLookupKey('gpt50_8k_per_response');
    await stripe.prices.update(price.id, { active: false });

    const report = await syncStripeCatalog(stripe);

    expect(report.find((e) => e.key === 'gpt50_8k_per_response')).toMatchObject({ action: 'updated', id: price.id });
    expect((await stripe.prices.retrieve(price.id)).active).toBe(true);
  });
});
