import type { BillingInterval, BillingMode, PaidPlanKey, Plan } from '../../core/billing/plan';
import { findPriceById, PAID_PLANS } from '../../core/billing/plan-catalog';

/**
 * How the core plan catalog is addressed in Stripe: prices by lookup key (the catalog's
 * `priceId`), products by the catalog's product id, and one billing meter per plan for
 * pay-as-you-go (a workspace may hold pay-as-you-go subscriptions on two plans; one shared
 * meter would bill each response on both).
 */
export function priceLookupKey(plan: Plan, mode: BillingMode, interval: BillingInterval): string {
  if (mode === 'pay_as_you_go') {
    if (!plan.payAsYouGo) throw new Error(`Plan ${plan.key} has no pay-as-you-go price`);
    return plan.payAsYouGo.priceId;
  }
  return plan.prices[interval].priceId;
}

export function meterEventName(planKey: PaidPlanKey): string {
  return `tomo_responses_${planKey}`;
}

export function allLookupKeys(plans: readonly Plan[] = PAID_PLANS): string[] {
  return plans.flatMap((plan) => [
    plan.prices.monthly.priceId,
    plan.prices.yearly.priceId,
    ...(plan.payAsYouGo ? [plan.payAsYouGo.priceId] : []),
  ]);
}

/** Plan and billing mode behind a Stripe price's lookup key; null for prices not from the catalog. */
export function planForLookupKey(lookupKey: string | null | undefined): { planKey: PaidPlanKey; mode: BillingMode } | null {
  if (!lookupKey) return null;
  const found = findPriceById(lookupKey);
  if (!found || found.plan.key === 'free') return null;
  return { planKey: found.plan.key, mode: found.mode };
}
