import { describe, expect, it } from 'vitest';
import { PLANS } from '../../../core/billing/plan-catalog';
import { formatUsd, planPriceView, usageView } from '../../../apps/web/src/features/pricing/plan-display';
import { parsePricingSearch, pricingAlerts } from '../../../apps/web/src/features/pricing/pricing-search';

describe('pricing query string', () => {
  it('maps each checkout and wallet-setup outcome to its alert', () => {
    expect(pricingAlerts(parsePricingSearch({ checkout: 'success' }))).toEqual(['checkoutSuccess']);
    expect(pricingAlerts(parsePricingSearch({ checkout: 'cancel' }))).toEqual(['checkoutCancel']);
    expect(pricingAlerts(parsePricingSearch({ setup: 'success' }))).toEqual(['setupSuccess']);
    expect(pricingAlerts(parsePricingSearch({ setup: 'cancel' }))).toEqual(['setupCancel']);
  });

  it('ignores unknown outcomes and parameters', () => {
    expect(parsePricingSearch({ checkout: 'maybe', setup: 1, utm_source: 'news' })).toEqual({});
    expect(pricingAlerts({})).toEqual([]);
  });

  it('keeps a refused form post\'s catalogue code, and nothing that is not shaped like one', () => {
    expect(parsePricingSearch({ billing_error: 'BILLING.PROVIDER_UNAVAILABLE' })).toEqual({ billing_error: 'BILLING.PROVIDER_UNAVAILABLE' });
    expect(parsePricingSearch({ billing_error: 'UNKNOWN', checkout: 'cancel' })).toEqual({ billing_error: 'UNKNOWN', checkout: 'cancel' });
    for (const billing_error of ['<script>', 'auth.team_id_missing', 'A'.repeat(65), 42, ['UNKNOWN']]) {
      expect(parsePricingSearch({ billing_error })).toEqual({});
    }
  });
});

describe('plan display', () => {
  it('formats whole dollars without cents and fractions with two decimals', () => {
    expect(formatUsd(800)).toBe('$8');
    expect(formatUsd(16)).toBe('$0.16');
    expect(formatUsd(32000)).toBe('$320');
  });

  it('shows the spec prices, yearly savings and per-response prices', () => {
    expect(planPriceView(PLANS.gpt50_4k_50r, 'monthly', 'fixed_rate')).toEqual({ amount: '$8', unit: 'perUserMonth', savings: null });
    expect(planPriceView(PLANS.gpt50, 'yearly', 'fixed_rate')).toEqual({ amount: '$200', unit: 'perUserYear', savings: '$40' });
    expect(planPriceView(PLANS.gpt50_8k, 'yearly', 'fixed_rate').savings).toBe('$64');
    expect(planPriceView(PLANS.gpt50_8k, 'monthly', 'pay_as_you_go')).toEqual({ amount: '$0.64', unit: 'perResponse', savings: null });
  });

  it('shows usage as about N times per period, or unlimited', () => {
    expect(usageView(PLANS.gpt50_4k_50r, 'monthly', 'fixed_rate')).toEqual({ key: 'timesPerMonth', count: 50 });
    expect(usageView(PLANS.gpt50_4k_50r, 'yearly', 'fixed_rate')).toEqual({ key: 'timesPerYear', count: 600 });
    expect(usageView(PLANS.gpt50, 'monthly', 'fixed_rate')).toEqual({ key: 'unlimited' });
    expect(usageView(PLANS.gpt50, 'monthly', 'pay_as_you_go')).toEqual({ key: 'perResponse' });
  });
});
