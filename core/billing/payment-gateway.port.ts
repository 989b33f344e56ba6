import type { TeamId } from '../shared/ids';
import type { BillingInterval, BillingMode, PaidPlanKey } from './plan';
import type { PauseReason } from './subscription';

/**
 * What billing needs from the payment provider (Stripe in production, see
 * adapters/stripe). Amounts are integer cents, times are Dates; no provider types cross
 * this line. Every mutating call is idempotent: retrying it with the same input (or the
 * same `idempotencyKey`) never charges, creates or cancels twice.
 */
export interface PaymentGateway {
  /** The workspace's provider customer: the known one if it still exists, else a new one. */
  ensureCustomer(input: EnsureCustomerInput): Promise<{ readonly customerId: string; readonly created: boolean }>;
  /** Hosted checkout for a plan; returns to `<pricingPath>?checkout=success` or `?checkout=cancel`. */
  createCheckoutSession(input: CheckoutInput): Promise<RedirectSession>;
  /** Hosted wallet / card setup (no charge); returns to `<pricingPath>?setup=success` or `?setup=cancel`. */
  createSetupSession(input: SetupInput): Promise<RedirectSession>;
  /** The provider's customer portal for the workspace's customer. */
  createPortalSession(input: { readonly customerId: string; readonly returnUrl?: string }): Promise<RedirectSession>;
  /** Re-reads one subscription from the provider; null when it does not exist there. */
  getSubscription(externalId: string): Promise<GatewaySubscription | null>;
  /** Every subscription of the customer that has not ended (for uninstall). */
  listOpenSubscriptions(customerId: string): Promise<GatewaySubscription[]>;
  /**
   * Sets the seat count; the prorated difference goes on the next invoice. Throws
   * `SubscriptionEndedAtProvider` when the provider has already ended the subscription.
   */
  updateSeatQuantity(input: SeatQuantityInput): Promise<GatewaySubscription>;
  /** What `updateSeatQuantity` with the same input would add to the next invoice (same `SubscriptionEndedAtProvider`). */
  previewProration(input: ProrationPreviewInput): Promise<ProrationPreview>;
  /**
   * Auto-renew off (true) or back on (false: clears any scheduled cancellation, also one set in
   * the provider's portal). Same `SubscriptionEndedAtProvider` for an ended subscription.
   */
  setCancelAtPeriodEnd(input: {
    readonly externalId: string;
    readonly cancelAtPeriodEnd: boolean;
    readonly idempotencyKey?: string;
  }): Promise<GatewaySubscription>;
  /**
   * Resumes a paused subscription; one that is not paused is returned as it is.
   * `restart` (the default): a new period from now, whose invoice is paid in the same call (if
   * that fails it stays paused). `keep`: the billing cycle stays, nothing is invoiced or prorated
   * (after the invoice that paused it was paid: that invoice covered the period).
   */
  resume(input: ResumeInput): Promise<GatewaySubscription>;
  /** The subscription's most recent invoice (after a failed renewal: the one left unpaid); null without one. */
  getLatestInvoice(externalId: string): Promise<GatewayInvoice | null>;
  /** Ends the subscription now, without refund or final proration (uninstall). Already ended: no-op. */
  cancelImmediately(input: { readonly externalId: string; readonly idempotencyKey?: string }): Promise<GatewaySubscription>;
  /**
   * Reports answered responses of pay-as-you-go subscriptions. Each event's `identifier` is
   * its idempotency key: sending it again (a retried batch) never counts it twice. Events
   * that could not be sent are returned in `failed` for the caller to retry.
   */
  reportMeterEvents(events: readonly MeterEvent[]): Promise<MeterEventReport>;
  /** A plan's product and its live prices at the provider (what `stripe:sync` created); null if missing. */
  getPlanProduct(planKey: PaidPlanKey): Promise<GatewayProduct | null>;
  /** Checks the signature of a webhook delivery on its raw body (300 s tolerance). */
  verifyWebhook(rawBody: string | Uint8Array, signature: string | null | undefined): Promise<WebhookVerification>;
}

export interface EnsureCustomerInput {
  readonly teamId: TeamId;
  readonly teamName?: string | null;
  readonly email?: string | null;
  /** The id stored in the customers table, if any. */
  readonly knownCustomerId?: string | null;
}

export interface CheckoutInput {
  readonly teamId: TeamId;
  readonly customerId: string;
  readonly planKey: PaidPlanKey;
  /** Pay-as-you-go is billed monthly for the responses of the month, whatever is passed here. */
  readonly interval: BillingInterval;
  readonly billingMode: BillingMode;
  /** Seats bought (fixed-rate: the quantity charged; pay-as-you-go: seats to assign). */
  readonly seats: number;
  readonly idempotencyKey?: string;
  /** The site's pricing page in the buyer's language ('/ja/pricing') to come back to; default '/pricing'. */
  readonly pricingPath?: string;
}

export interface SetupInput {
  readonly teamId: TeamId;
  readonly customerId: string;
  /** As for checkout: the pricing page to come back to; default '/pricing'. */
  readonly pricingPath?: string;
}

export interface RedirectSession {
  readonly id: string;
  readonly url: string;
}

export type GatewaySubscriptionStatus =
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'unpaid'
  | 'paused'
  | 'incomplete'
  | 'incomplete_expired'
  | 'canceled'
  /** A status this version does not know (Stripe adds statuses over time). */
  | 'unknown';

/** The provider's view of one subscription, in core terms. */
export interface GatewaySubscription {
  readonly externalId: string;
  readonly customerId: string;
  /** From the subscription's metadata (set at checkout); null if created elsewhere. */
  readonly teamId: TeamId | null;
  /** null when the price is not one of the catalog's (created by hand in the dashboard). */
  readonly planKey: PaidPlanKey | null;
  readonly interval: BillingInterval | null;
  readonly billingMode: BillingMode | null;
  readonly quantity: number;
  readonly status: GatewaySubscriptionStatus;
  /** Status paused: why, when the provider says (Stripe's `status_details`); else null. */
  readonly pauseReason: PauseReason | null;
  readonly currentPeriodStart: Date;
  readonly currentPeriodEnd: Date;
  readonly cancelAtPeriodEnd: boolean;
  /**
   * When it ended (Stripe's `ended_at`), null while open. Not Stripe's `canceled_at`: for a
   * cancellation at period end that is when it was asked for, set while the plan still runs.
   */
  readonly endedAt: Date | null;
}

/**
 * The provider ended the subscription (Stripe: `canceled` or `incomplete_expired`, e.g. when the
 * customer was deleted in the Dashboard, which cancels its subscriptions at once) or no longer has
 * it, while Tomo's row still shows it open (its webhook not applied yet): it cannot be changed any
 * more. `current` is the provider's final state (null when it no longer exists there).
 */
export class SubscriptionEndedAtProvider extends Error {
  constructor(
    readonly externalId: string,
    readonly current: GatewaySubscription | null,
  ) {
    super(`the payment provider has ended subscription ${externalId}`);
    this.name = 'SubscriptionEndedAtProvider';
  }
}

export interface ResumeInput {
  readonly externalId: string;
  readonly billingCycle?: 'restart' | 'keep';
  /** Defaults to a new key per call (a plan may be paused and resumed again later). */
  readonly idempotencyKey?: string;
}

/** One invoice of a subscription, in core terms. */
export interface GatewayInvoice {
  readonly id: string;
  /** `open`: finalized and still due; `paid`; `void` / `uncollectible`: no longer collected; `draft`: not final yet. */
  readonly status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible' | 'unknown';
  /** The provider's page where the customer sees and pays it; null for a draft. */
  readonly hostedUrl: string | null;
  readonly amountDueCents: number;
  readonly amountRemainingCents: number;
  readonly currency: string;
}

export interface SeatQuantityInput {
  readonly externalId: string;
  readonly quantity: number;
  /** Prorate as of this moment; pass the preview's `prorationDate` so the charge matches it. */
  readonly prorationDate: Date;
  /** Defaults to one derived from subscription, quantity and proration date. */
  readonly idempotencyKey?: string;
}

export interface ProrationPreviewInput {
  readonly externalId: string;
  readonly quantity: number;
  readonly prorationDate: Date;
}

export interface ProrationPreview {
  /** Signed sum of the proration lines (negative: a credit), in cents. */
  readonly prorationAmountCents: number;
  /** The whole next invoice (prorations plus the next period), after discounts, in cents. */
  readonly nextInvoiceTotalCents: number;
  /** What the customer's or subscription's discounts (coupons, promotion codes) take off that invoice. */
  readonly nextInvoiceDiscountCents: number;
  readonly currency: string;
  /** Where the difference is charged or credited. */
  readonly nextBillingDate: Date;
  readonly prorationDate: Date;
}

export interface GatewayProduct {
  readonly externalId: string;
  readonly name: string;
  readonly active: boolean;
  /** Active prices of the plan, found by the catalog's lookup keys (missing ones are absent). */
  readonly prices: readonly GatewayPlanPrice[];
}

export interface GatewayPlanPrice {
  /** The catalog's `priceId`. */
  readonly lookupKey: string;
  readonly externalId: string;
  readonly billingMode: BillingMode;
  readonly interval: BillingInterval;
  readonly currency: string;
  /** Per seat (fixed-rate) or per response (pay-as-you-go, may be fractional), in cents. */
  readonly unitAmountCents: number;
}

export interface MeterEvent {
  /** Stable per answered response (e.g. the usage event id): the deduplication key. */
  readonly identifier: string;
  readonly customerId: string;
  readonly planKey: PaidPlanKey;
  /** Responses; 1 per answer. */
  readonly value: number;
  readonly occurredAt: Date;
}

export interface MeterEventReport {
  readonly accepted: readonly string[];
  /**
   * Not sent. `retryable` false means the provider refused the event itself (e.g. older than
   * its 35-day window, unknown customer): sending it again cannot succeed.
   */
  readonly failed: readonly { readonly identifier: string; readonly reason: string; readonly retryable: boolean }[];
}

/**
 * Events that make Tomo re-read a subscription. Several name the same change (Stripe sends
 * `invoice.paid` and `invoice.payment_succeeded` for one payment; an endpoint set up from Stripe's
 * guides may listen to either): each is applied by re-reading, so any of them is enough and two
 * change nothing twice. `checkout.session.async_payment_*` is how Checkout reports a delayed
 * payment method (bank debits) settling after `checkout.session.completed`.
 */
export const HANDLED_WEBHOOK_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.trial_will_end',
  'invoice.paid',
  'invoice.payment_succeeded',
  'invoice.payment_failed',
] as const;
export type HandledWebhookType = (typeof HANDLED_WEBHOOK_TYPES)[number];

/** A verified webhook event, reduced to ids: the state itself is always re-read. */
export type BillingWebhookEvent =
  | {
      readonly id: string;
      readonly type: HandledWebhookType;
      readonly createdAt: Date;
      readonly customerId: string | null;
      /** The subscription the event is about; null e.g. for a completed wallet setup. */
      readonly subscriptionId: string | null;
      /** checkout.session.completed: client_reference_id, else subscription metadata if present. */
      readonly teamId: TeamId | null;
    }
  | { readonly id: string; readonly type: 'ignored'; readonly originalType: string; readonly createdAt: Date };

export type WebhookVerification =
  | { readonly ok: true; readonly event: BillingWebhookEvent }
  | { readonly ok: false; readonly reason: 'missing_signature' | 'invalid_signature' | 'not_configured' };
