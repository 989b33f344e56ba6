import { describe, expect, it } from 'vitest';
import {
  BILLING_MODE_UNITS,
  findPlan,
  findPriceById,
  modelForProvider,
  monthlyRequestLimit,
  PAID_PLANS,
  PLANS,
  planPrice,
  requestLimitDisplay,
} from '../../../core/billing/plan-catalog';
import { PLAN_DETAIL_ROWS, planDetailRows } from '../../../core/billing/plan-details';

describe('plan catalog (spec 3, 9)', () => {
  it('offers Entry, Standard and Premium under their keys, in that order', () => {
    expect(PAID_PLANS.map((p) => [p.key, p.name, p.displayName])).toEqual([
      ['gpt50_4k_50r', 'entry', 'Entry'],
      ['gpt50', 'standard', 'Standard'],
      ['gpt50_8k', 'premium', 'Premium'],
    ]);
    expect(PLANS.free.name).toBe('free');
  });

  it('prices each plan monthly and yearly in USD with the yearly savings', () => {
    const rows = PAID_PLANS.map((p) => [p.prices.monthly.price, p.prices.yearly.price, p.prices.yearly.savings]);
    expect(rows).toEqual([
      [8, 80, 16],
      [20, 200, 40],
      [32, 320, 64],
    ]);
    expect(PLANS.gpt50.prices.monthly).toMatchObject({ currency: 'usd', unitAmountCents: 2000, priceId: 'gpt50_monthly' });
    expect(planPrice(PLANS.gpt50_8k, 'yearly').unitAmountCents).toBe(32000);
  });

  it('limits requests: free 20/month and 240/year, Entry 50 and 600, Standard and Premium unlimited', () => {
    const limits = Object.values(PLANS).map((p) => [p.key, p.prices.monthly.requestLimit, p.prices.yearly.requestLimit]);
    expect(limits).toEqual([
      ['free', 20, 240],
      ['gpt50_4k_50r', 50, 600],
      ['gpt50', null, null],
      ['gpt50_8k', null, null],
    ]);
    expect(requestLimitDisplay(PLANS.gpt50.prices.monthly)).toEqual({ kind: 'unlimited' });
    expect(requestLimitDisplay(PLANS.gpt50_4k_50r.prices.yearly)).toEqual({ kind: 'limited', count: 600, per: 'year' });
    expect(requestLimitDisplay(PLANS.free.prices.monthly)).toEqual({ kind: 'limited', count: 20, per: 'month' });
  });

  it('spreads a yearly limit over months, since counts reset monthly', () => {
    expect(monthlyRequestLimit(PLANS.free)).toBe(PLANS.free.prices.yearly.requestLimit! / 12);
    expect(monthlyRequestLimit(PLANS.gpt50_4k_50r)).toBe(PLANS.gpt50_4k_50r.prices.yearly.requestLimit! / 12);
  });

  it('gives 4,096 tokens to free, Entry and Standard and 8,192 to Premium, shown as 1M', () => {
    expect(Object.values(PLANS).map((p) => [p.product.tokenLimit, p.product.tokenLimitInK])).toEqual([
      [4096, '4K'],
      [4096, '4K'],
      [4096, '4K'],
      [8192, '1M'],
    ]);
  });

  it('uses gpt-5 by default and Claude for the second provider', () => {
    expect(new Set(Object.values(PLANS).map((p) => p.model.id))).toEqual(new Set(['gpt-5']));
    expect(modelForProvider('openai')).toMatchObject({ id: 'gpt-5', displayName: 'GPT-5', provider: 'openai' });
    expect(modelForProvider('anthropic')).toMatchObject({ displayName: 'Claude', contextTokens: 200_000 });
  });

  it('returns 1, 3, 5 and 10 Google results per answer, and shared-channel support from Standard up', () => {
    expect(Object.values(PLANS).map((p) => p.googleResultsPerAnswer)).toEqual([1, 3, 5, 10]);
    expect(Object.values(PLANS).map((p) => p.support)).toEqual([
      ['email'],
      ['email'],
      ['email', 'shared_channel'],
      ['email', 'shared_channel'],
    ]);
  });

  it('bills fixed-rate per user and pay-as-you-go per response', () => {
    expect(BILLING_MODE_UNITS).toEqual({ fixed_rate: 'user', pay_as_you_go: 'response' });
    expect(PLANS.free.payAsYouGo).toBeNull();
    expect(PLANS.gpt50_4k_50r.payAsYouGo).toMatchObject({ unit: 'response', unitAmountCents: 16 });
  });

  it('finds plans and prices by key', () => {
    expect(findPlan('gpt50')?.displayName).toBe('Standard');
    expect(findPlan('toString')).toBeUndefined();
    expect(findPriceById('gpt50_8k_yearly')).toMatchObject({ mode: 'fixed_rate', interval: 'yearly' });
    expect(findPriceById('gpt50_per_response')).toMatchObject({ mode: 'pay_as_you_go', interval: null });
    expect(findPriceById('nope')).toBeUndefined();
  });

  it('lists the plan detail rows in order (the spec\'s seven, plus image generation before support)', () => {
    const rows = planDetailRows(PLANS.gpt50_8k, 'monthly');
    expect(rows.map((r) => r.row)).toEqual([...PLAN_DETAIL_ROWS]);
    expect(rows[0]).toEqual({ row: 'tokens_and_models', tokenLimitInK: '1M', models: ['GPT-5', 'Claude'] });
    expect(rows[1]).toEqual({ row: 'usage', requestLimit: { kind: 'unlimited' } });
    expect(rows[5]).toEqual({ row: 'plugins', googleResultsPerAnswer: 10 });
  });
});
