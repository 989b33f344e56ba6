import type Stripe from 'stripe';
import type { BillingInterval, BillingMode, PaidPlanKey } from '../../core/billing/plan';
import { findPlan } from '../../core/billing/plan-catalog';
import type { GatewayInvoice, GatewaySubscription, GatewaySubscriptionStatus } from '../../core/billing/payment-gateway.port';
import type { PauseReason } from '../../core/billing/subscription';
import { planForLookupKey } from './stripe-catalog-keys';

/** Metadata keys Tomo writes on checkout sessions and subscriptions. */
export const META = {
  teamId: 'team_id',
  planKey: 'plan_key',
  billingMode: 'billing_mode',
  interval: 'interval',
  /** Seats of a pay-as-you-go subscription (its metered price carries no quantity). */
  seats: 'seats',
} as const;

const STATUSES: readonly GatewaySubscriptionStatus[] = [
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'paused',
  'incomplete',
  'incomplete_expired',
  'canceled',
];

export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.id;
}

const fromSeconds = (seconds: number): Date => new Date(seconds * 1000);

/**
 * Plan and billing mode of a Stripe price: by its lookup key, else by the metadata `stripe:sync`
 * writes on every price. A price replaced by a later sync (new amount) loses its lookup key to
 * the new price, as Stripe's `transfer_lookup_key` does, yet existing subscribers keep it.
 */
export function planOfPrice(price: Stripe.Price): { planKey: PaidPlanKey; mode: BillingMode } | null {
  const byLookupKey = planForLookupKey(price.lookup_key);
  if (byLookupKey) return byLookupKey;
  const plan = findPlan(price.metadata?.[META.planKey] ?? '');
  const mode = price.metadata?.[META.billingMode];
  if (!plan || plan.key === 'free' || (mode !== 'fixed_rate' && mode !== 'pay_as_you_go')) return null;
  if (mode === 'pay_as_you_go' && !plan.payAsYouGo) return null;
  return { planKey: plan.key, mode };
}

/** The item that carries Tomo's plan: the first whose price is in the catalog, else the first. */
export function planItem(sub: Stripe.Subscription): Stripe.SubscriptionItem {
  const items = sub.items.data;
  const item = items.find((i) => planOfPrice(i.price) !== null) ?? items[0];
  if (!item) throw new Error(`Stripe subscription ${sub.id} has no items`);
  return item;
}

export function isMetered(item: Stripe.SubscriptionItem): boolean {
  return item.price.recurring?.usage_type === 'metered';
}

export function toGatewaySubscription(sub: Stripe.Subscription): GatewaySubscription {
  const item = planItem(sub);
  const plan = planOfPrice(item.price);
  const recurring = item.price.recurring?.interval;
  const interval: BillingInterval | null = recurring === 'month' ? 'monthly' : recurring === 'year' ? 'yearly' : null;
  const seats = Number(sub.metadata[META.seats] ?? '0');
  // A status added to Stripe after this version is kept as unknown (it grants nothing), never guessed.
  const status = (STATUSES as readonly string[]).includes(sub.status) ? (sub.status as GatewaySubscriptionStatus) : 'unknown';
  return {
    externalId: sub.id,
    customerId: idOf(sub.customer) ?? '',
    teamId: sub.metadata[META.teamId] ?? null,
    planKey: plan?.planKey ?? null,
    interval,
    billingMode: plan?.mode ?? null,
    quantity: isMetered(item) ? (Number.isInteger(seats) ? seats : 0) : (item.quantity ?? 0),
    status,
    pauseReason: status === 'paused' ? pauseReasonOf(sub) : null,
    currentPeriodStart: fromSeconds(item.current_period_start),
    currentPeriodEnd: fromSeconds(item.current_period_end),
    // The customer portal and the Dashboard schedule a cancellation with `cancel_at` and leave
    // `cancel_at_period_end` false: a `cancel_at` within this period means it will not renew either.
    cancelAtPeriodEnd:
      sub.cancel_at_period_end || (typeof sub.cancel_at === 'number' && sub.status !== 'canceled' && sub.cancel_at <= item.current_period_end),
    // `canceled_at` is when a cancellation was asked for (at period end: while the plan still runs).
    endedAt: sub.ended_at === null || sub.ended_at === undefined ? null : fromSeconds(sub.ended_at),
  };
}

/**
 * Why Stripe paused it: `status_details.paused.subscription.type` (API 2026-05-27 on). A paused
 * subscription without status details comes from before Stripe told reasons, when only a trial
 * that ended without a payment method could pause one.
 */
function pauseReasonOf(sub: Stripe.Subscription): PauseReason {
  const paused = sub.status_details?.paused;
  if (!paused) return 'trial_ended';
  switch (paused.subscription?.type) {
    case 'trial_end_without_payment_method':
      return 'trial_ended';
    case 'first_payment_failure':
    case 'final_payment_failure':
      return 'payment_failed';
    case 'pause_requested':
      return 'requested';
    default:
      return 'other';
  }
}

const INVOICE_STATUSES: readonly GatewayInvoice['status'][] = ['draft', 'open', 'paid', 'void', 'uncollectible'];

export function toGatewayInvoice(invoice: Stripe.Invoice): GatewayInvoice {
  const status = invoice.status ?? 'unknown';
  return {
    id: invoice.id ?? '',
    status: (INVOICE_STATUSES as readonly string[]).includes(status) ? (status as GatewayInvoice['status']) : 'unknown',
    hostedUrl: invoice.hosted_invoice_url ?? null,
    amountDueCents: invoice.amount_due,
    amountRemainingCents: invoice.amount_remaining,
    currency: invoice.currency,
  };
}
