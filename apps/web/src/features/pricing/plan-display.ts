import type { BillingInterval, BillingMode, Plan } from '../../../../../core/billing/plan';
import { requestLimitDisplay } from '../../../../../core/billing/plan-catalog';

/** '$8', '$0.16': fixed formatting so the prerendered and the hydrated text are identical. */
export function formatUsd(cents: number): string {
  const whole = cents % 100 === 0;
  return `$${whole ? String(cents / 100) : (cents / 100).toFixed(2)}`;
}

export interface PlanPriceView {
  amount: string;
  unit: 'perUserMonth' | 'perUserYear' | 'perResponse';
  savings: string | null;
}

export function planPriceView(plan: Plan, interval: BillingInterval, mode: BillingMode): PlanPriceView {
  if (mode === 'pay_as_you_go' && plan.payAsYouGo) {
    return { amount: formatUsd(plan.payAsYouGo.unitAmountCents), unit: 'perResponse', savings: null };
  }
  const price = plan.prices[interval];
  return {
    amount: formatUsd(price.unitAmountCents),
    unit: interval === 'monthly' ? 'perUserMonth' : 'perUserYear',
    savings: price.savings ? formatUsd(price.savings * 100) : null,
  };
}

export const MAX_SEATS = 10000;

/** The seat count typed into the pricing page, or null unless it is a whole number from 1 to MAX_SEATS. */
export function parseSeats(text: string): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const seats = Number(text);
  return seats >= 1 && seats <= MAX_SEATS ? seats : null;
}

/** What `seats` seats of a fixed-rate plan cost per billing period (catalogue prices); null for pay as you go. */
export function seatsTotalView(
  plan: Plan,
  interval: BillingInterval,
  mode: BillingMode,
  seats: number,
): { key: 'totalPerMonth' | 'totalPerYear'; total: string; price: string; seats: number } | null {
  if (mode === 'pay_as_you_go' && plan.payAsYouGo) return null;
  const cents = plan.prices[interval].unitAmountCents;
  return { key: interval === 'monthly' ? 'totalPerMonth' : 'totalPerYear', total: formatUsd(cents * seats), price: formatUsd(cents), seats };
}

/** Translation key and parameters of the "Usage" row for one plan. */
export function usageView(
  plan: Plan,
  interval: BillingInterval,
  mode: BillingMode,
): { key: 'unlimited' | 'timesPerMonth' | 'timesPerYear' | 'perResponse'; count?: number } {
  if (mode === 'pay_as_you_go' && plan.payAsYouGo) return { key: 'perResponse' };
  const limit = requestLimitDisplay(plan.prices[interval]);
  if (limit.kind === 'unlimited') return { key: 'unlimited' };
  return { key: limit.per === 'month' ? 'timesPerMonth' : 'timesPerYear', count: limit.count };
}
