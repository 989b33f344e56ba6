import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import type {
  CheckoutInput,
  EnsureCustomerInput,
  GatewayInvoice,
  GatewayProduct,
  GatewaySubscription,
  MeterEvent,
  MeterEventReport,
  PaymentGateway,
  ProrationPreview,
  ProrationPreviewInput,
  RedirectSession,
  ResumeInput,
  SeatQuantityInput,
  SetupInput,
  WebhookVerification,
} from '../../core/billing/payment-gateway.port';
import { SubscriptionEndedAtProvider } from '../../core/billing/payment-gateway.port';
import type { PaidPlanKey } from '../../core/billing/plan';
import { PLANS } from '../../core/billing/plan-catalog';
import type { Clock } from '../../core/shared/clock.port';
import { readPlanProduct } from './stripe-catalog-reader';
import { createStripeClient, type StripeClientOptions } from './stripe-client';
import { meterEventName, priceLookupKey } from './stripe-catalog-keys';
import { idOf, isMetered, META, planItem, toGatewayInvoice, toGatewaySubscription } from './stripe-subscription-mapper';
import { describeStripeError, isMissing, isRetryable } from './stripe-errors';
import { isThinPayload, thinToBillingWebhookEvent, toBillingWebhookEvent, type ThinEventNotification } from './stripe-webhook-mapper';

export interface StripePaymentGatewayOptions extends StripeClientOptions {
  /** PUBLIC_URL: checkout, setup and portal return here (`/pricing?checkout=success`, ...). */
  readonly publicUrl: string;
  /** STRIPE_WEBHOOK_SECRET (whsec_...); without it every delivery is refused. */
  readonly webhookSecret?: string | null;
  /** Offered at checkout; Apple Pay and Google Pay come with `card`. */
  readonly paymentMethodTypes?: readonly string[];
  /** Seconds a webhook signature stays valid. Default 300. */
  readonly webhookToleranceSeconds?: number;
  /** Time for the webhook tolerance check. Default: the system clock. */
  readonly clock?: Clock;
  /** An already configured SDK client (otherwise one is built from the client options). */
  readonly client?: Stripe;
}

const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/** Over for good at Stripe: nothing but metadata can change any more. */
/** What a line's or an invoice's discounts take off, in cents. */
const discounted = (amounts: readonly { amount: number }[] | null | undefined): number => (amounts ?? []).reduce((sum, d) => sum + d.amount, 0);
const isEnded = (sub: Stripe.Subscription): boolean => sub.status === 'canceled' || sub.status === 'incomplete_expired';

/** The PaymentGateway port on Stripe, through the official SDK. */
export class StripePaymentGateway implements PaymentGateway {
  readonly stripe: Stripe;
  private readonly priceIds = new Map<string, string>();

  constructor(private readonly options: StripePaymentGatewayOptions) {
    this.stripe = options.client ?? createStripeClient(options);
  }

  async ensureCustomer(input: EnsureCustomerInput): Promise<{ customerId: string; created: boolean }> {
    if (input.knownCustomerId) {
      const existing = await this.findCustomer(input.knownCustomerId);
      if (existing) return { customerId: existing, created: false };
    }
    // The create call is identical for a workspace (same body, same key), so Stripe replays it
    // instead of creating a second customer however often it is retried; names are set after.
    const customer = await this.stripe.customers.create(
      { metadata: { [META.teamId]: input.teamId } },
      { idempotencyKey: `customer:${input.teamId}:${input.knownCustomerId ?? 'first'}` },
    );
    const details = { ...(input.teamName ? { name: input.teamName } : {}), ...(input.email ? { email: input.email } : {}) };
    if (Object.keys(details).length > 0) {
      await this.stripe.customers.update(customer.id, details, { idempotencyKey: `customer-details:${customer.id}:${randomUUID()}` });
    }
    return { customerId: customer.id, created: true };
  }

  async createCheckoutSession(input: CheckoutInput): Promise<RedirectSession> {
    const lookupKey = priceLookupKey(PLANS[input.planKey], input.billingMode, input.interval);
    const key = input.idempotencyKey ?? `checkout:${input.teamId}:${randomUUID()}`;
    const price = await this.priceId(lookupKey);
    try {
      return await this.checkoutWith(input, price, key);
    } catch (error) {
      // `stripe:sync` run with a new amount (another process, this one still running) moved the
      // lookup key to a new price and archived the cached one, which Checkout refuses ("The price
      // specified is inactive"): look it up again and check out with the plan's current price.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      this.priceIds.delete(lookupKey);
      const current = await this.priceId(lookupKey);
      if (current === price) throw error;
      return this.checkoutWith(input, current, `${key}:price:${current}`);
    }
  }

  private async checkoutWith(input: CheckoutInput, price: string, idempotencyKey: string): Promise<RedirectSession> {
    const interval = input.billingMode === 'pay_as_you_go' ? 'monthly' : input.interval;
    const metadata = {
      [META.teamId]: input.teamId,
      [META.planKey]: input.planKey,
      [META.billingMode]: input.billingMode,
      [META.interval]: interval,
      [META.seats]: String(input.seats),
    };
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        customer: input.customerId,
        client_reference_id: input.teamId,
        line_items: [input.billingMode === 'fixed_rate' ? { price, quantity: input.seats } : { price }],
        allowed_payment_method_types: [...this.paymentMethodTypes()],
        subscription_data: { metadata },
        metadata,
        success_url: this.url(`${input.pricingPath ?? '/pricing'}?checkout=success`),
        cancel_url: this.url(`${input.pricingPath ?? '/pricing'}?checkout=cancel`),
      },
      { idempotencyKey },
    );
    return { id: session.id, url: this.sessionUrl(session.url, session.id) };
  }

  async createSetupSession(input: SetupInput): Promise<RedirectSession> {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'setup',
        currency: 'usd',
        customer: input.customerId,
        client_reference_id: input.teamId,
        allowed_payment_method_types: [...this.paymentMethodTypes()],
        metadata: { [META.teamId]: input.teamId },
        success_url: this.url(`${input.pricingPath ?? '/pricing'}?setup=success`),
        cancel_url: this.url(`${input.pricingPath ?? '/pricing'}?setup=cancel`),
      },
      { idempotencyKey: `setup:${input.teamId}:${randomUUID()}` },
    );
    return { id: session.id, url: this.sessionUrl(session.url, session.id) };
  }

  async createPortalSession(input: { customerId: string; returnUrl?: string }): Promise<RedirectSession> {
    const session = await this.stripe.billingPortal.sessions.create(
      { customer: input.customerId, return_url: input.returnUrl ?? this.url('/pricing') },
      { idempotencyKey: `portal:${input.customerId}:${randomUUID()}` },
    );
    return { id: session.id, url: session.url };
  }

  async getSubscription(externalId: string): Promise<GatewaySubscription | null> {
    const sub = await this.retrieveSubscription(externalId);
    return sub ? toGatewaySubscription(sub) : null;
  }

  async listOpenSubscriptions(customerId: string): Promise<GatewaySubscription[]> {
    const open: GatewaySubscription[] = [];
    for await (const sub of this.stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 })) {
      if (sub.status !== 'canceled' && sub.status !== 'incomplete_expired') open.push(toGatewaySubscription(sub));
    }
    return open;
  }

  async updateSeatQuantity(input: SeatQuantityInput): Promise<GatewaySubscription> {
    return this.changeOpenSubscription(input.externalId, (sub) => this.setQuantity(sub, input));
  }

  private async setQuantity(sub: Stripe.Subscription, input: SeatQuantityInput): Promise<GatewaySubscription> {
    const item = planItem(sub);
    const prorationDate = seconds(input.prorationDate);
    const idempotencyKey = input.idempotencyKey ?? `seats:${sub.id}:${input.quantity}:${prorationDate}`;
    const seatsMetadata = { [META.seats]: String(input.quantity) };
    // A metered (pay-as-you-go) item has no quantity: its seats live in metadata and cost nothing.
    const updated = isMetered(item)
      ? await this.stripe.subscriptions.update(sub.id, { metadata: seatsMetadata }, { idempotencyKey })
      : await this.stripe.subscriptions.update(
          sub.id,
          {
            items: [{ id: item.id, quantity: input.quantity }],
            proration_behavior: 'create_prorations',
            proration_date: prorationDate,
            metadata: seatsMetadata,
          },
          { idempotencyKey },
        );
    return toGatewaySubscription(updated);
  }

  async previewProration(input: ProrationPreviewInput): Promise<ProrationPreview> {
    return this.changeOpenSubscription(input.externalId, (sub) => this.preview(sub, input));
  }

  private async preview(sub: Stripe.Subscription, input: ProrationPreviewInput): Promise<ProrationPreview> {
    const item = planItem(sub);
    const prorationDate = seconds(input.prorationDate);
    const invoice = await this.stripe.invoices.createPreview({
      subscription: sub.id,
      subscription_details: isMetered(item)
        ? { proration_behavior: 'none' }
        : {
            items: [{ id: item.id, quantity: input.quantity }],
            proration_behavior: 'create_prorations',
            proration_date: prorationDate,
          },
    });
    // This change's proration lines only: they start at the proration date. Prorations still
    // pending from earlier changes in the period are on the same invoice, but not this change's cost.
    // Net of the customer's or subscription's discounts: a proration's `amount` already holds them
    // with `proration_discounts=included` (listed at 0), but is gross with `itemized`, where
    // `discount_amounts` holds them (changelog 2025-09-30.clover); amount − discounts is right in both.
    const prorationAmountCents = invoice.lines.data
      .filter((line) => line.parent?.subscription_item_details?.proration === true && line.period.start === prorationDate)
      .reduce((sum, line) => sum + line.amount - discounted(line.discount_amounts), 0);
    return {
      prorationAmountCents,
      // `total` is after discounts (and tax); `subtotal` is before them.
      nextInvoiceTotalCents: invoice.total,
      nextInvoiceDiscountCents: discounted(invoice.total_discount_amounts),
      currency: invoice.currency,
      nextBillingDate: new Date(item.current_period_end * 1000),
      prorationDate: new Date(prorationDate * 1000),
    };
  }

  async setCancelAtPeriodEnd(input: { externalId: string; cancelAtPeriodEnd: boolean; idempotencyKey?: string }): Promise<GatewaySubscription> {
    // A toggle may flip back and forth: a key derived only from the input would replay a stale answer.
    const key = input.idempotencyKey ?? `auto-renew:${input.externalId}:${input.cancelAtPeriodEnd}:${randomUUID()}`;
    return this.changeOpenSubscription(input.externalId, async (current) => {
      if (input.cancelAtPeriodEnd) {
        return toGatewaySubscription(await this.stripe.subscriptions.update(current.id, { cancel_at_period_end: true }, { idempotencyKey: key }));
      }
      return this.clearScheduledCancellation(current, key);
    });
  }

  /**
   * Auto-renew back on: undo whichever way the cancellation was scheduled. `cancel_at_period_end=false`
   * only undoes Tomo's own; the customer portal and the Dashboard set a `cancel_at` date, cleared
   * with `cancel_at=''`. Stripe refuses both parameters in one request, so each goes on its own.
   */
  private async clearScheduledCancellation(current: Stripe.Subscription, key: string): Promise<GatewaySubscription> {
    let sub = current;
    if (sub.cancel_at_period_end) {
      sub = await this.stripe.subscriptions.update(sub.id, { cancel_at_period_end: false }, { idempotencyKey: key });
    }
    if (sub.cancel_at !== null && sub.status !== 'canceled') {
      sub = await this.stripe.subscriptions.update(sub.id, { cancel_at: '' }, { idempotencyKey: `${key}:cancel_at` });
    }
    return toGatewaySubscription(sub);
  }

  async resume(input: ResumeInput): Promise<GatewaySubscription> {
    const sub = await this.requireSubscription(input.externalId);
    if (sub.status !== 'paused') return toGatewaySubscription(sub);
    const params: Stripe.SubscriptionResumeParams =
      input.billingCycle === 'keep'
        ? // The period around now was invoiced before the pause (a renewal whose invoice is now
          // paid): same anchor, and no proration for the paused time, so nothing is charged twice.
          { billing_cycle_anchor: { type: 'unchanged' }, proration_behavior: 'none' }
        : // `resume_on_payment_success`: the new period is charged now and the subscription stays paused
          // until that payment succeeds (the default would make it active first, then past_due unretried).
          { billing_cycle_anchor: { type: 'now' }, payment_behavior: 'resume_on_payment_success' };
    const resumed = await this.stripe.subscriptions.resume(sub.id, params, {
      idempotencyKey: input.idempotencyKey ?? `resume:${sub.id}:${randomUUID()}`,
    });
    return toGatewaySubscription(resumed);
  }

  async getLatestInvoice(externalId: string): Promise<GatewayInvoice | null> {
    const sub = await this.requireSubscription(externalId);
    const invoiceId = idOf(sub.latest_invoice);
    if (!invoiceId) return null;
    const invoice = await this.stripe.invoices.retrieve(invoiceId);
    return toGatewayInvoice(invoice);
  }

  async cancelImmediately(input: { externalId: string; idempotencyKey?: string }): Promise<GatewaySubscription> {
    const sub = await this.requireSubscription(input.externalId);
    if (sub.status === 'canceled' || sub.status === 'incomplete_expired') return toGatewaySubscription(sub);
    const canceled = await this.stripe.subscriptions.cancel(
      sub.id,
      // Uninstall (docs/billing.md): no credit for the running period's unused time (fixed-rate plans
      // are not refunded mid-term), but a final invoice now of what was not invoiced yet: the
      // pay-as-you-go responses used this period and the prorations still pending from seat changes
      // (a reduction's credit as much as an increase's charge). With both false Stripe drops those.
      { prorate: false, invoice_now: true },
      { idempotencyKey: input.idempotencyKey ?? `cancel:${sub.id}` },
    );
    return toGatewaySubscription(canceled);
  }

  async reportMeterEvents(events: readonly MeterEvent[]): Promise<MeterEventReport> {
    const accepted: string[] = [];
    const failed: { identifier: string; reason: string; retryable: boolean }[] = [];
    let unavailable: string | null = null;
    for (const event of events) {
      // Once Stripe is unreachable (after the SDK's own retries), the rest wait for the next run.
      if (unavailable) {
        failed.push({ identifier: event.identifier, reason: `not sent: ${unavailable}`, retryable: true });
        continue;
      }
      try {
        await this.stripe.billing.meterEvents.create(
          {
            event_name: meterEventName(event.planKey),
            identifier: event.identifier,
            timestamp: seconds(event.occurredAt),
            payload: { stripe_customer_id: event.customerId, value: String(event.value) },
          },
          { idempotencyKey: `meter-event:${event.identifier}` },
        );
        accepted.push(event.identifier);
      } catch (error) {
        const retryable = isRetryable(error);
        failed.push({ identifier: event.identifier, reason: describeStripeError(error), retryable });
        if (retryable) unavailable = describeStripeError(error);
      }
    }
    return { accepted, failed };
  }

  getPlanProduct(planKey: PaidPlanKey): Promise<GatewayProduct | null> {
    return readPlanProduct(this.stripe, planKey);
  }

  async verifyWebhook(rawBody: string | Uint8Array, signature: string | null | undefined): Promise<WebhookVerification> {
    const secret = this.options.webhookSecret;
    if (!secret) return { ok: false, reason: 'not_configured' };
    if (!signature) return { ok: false, reason: 'missing_signature' };
    const tolerance = this.options.webhookToleranceSeconds ?? 300;
    const receivedAt = (this.options.clock?.now() ?? new Date()).getTime();
    try {
      // An event destination with the thin payload style sends notifications the SDK refuses in
      // constructEvent (a plain Error after the signature passed: a 500 Stripe would retry for days).
      if (isThinPayload(rawBody)) {
        const notification = await this.stripe.parseEventNotificationAsync(rawBody, signature, secret, tolerance, undefined, receivedAt);
        return { ok: true, event: thinToBillingWebhookEvent(notification as unknown as ThinEventNotification) };
      }
      const event = await this.stripe.webhooks.constructEventAsync(rawBody, signature, secret, tolerance, undefined, receivedAt);
      return { ok: true, event: toBillingWebhookEvent(event) };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) return { ok: false, reason: 'invalid_signature' };
      throw error;
    }
  }

  /** The catalog's lookup key resolved to the live Stripe price (cached; `stripe:sync` creates them). */
  private async priceId(lookupKey: string): Promise<string> {
    const cached = this.priceIds.get(lookupKey);
    if (cached) return cached;
    const prices = await this.stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
    const price = prices.data[0];
    if (!price) throw new Error(`Stripe has no active price with lookup key ${lookupKey}; run "npm run stripe:sync"`);
    this.priceIds.set(lookupKey, price.id);
    return price.id;
  }

  private async findCustomer(id: string): Promise<string | null> {
    try {
      const customer = await this.stripe.customers.retrieve(id);
      return 'deleted' in customer && customer.deleted ? null : customer.id;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  private async retrieveSubscription(id: string): Promise<Stripe.Subscription | null> {
    try {
      return await this.stripe.subscriptions.retrieve(id);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /**
   * Runs a change on a subscription Stripe still has open. Stripe refuses changes to a `canceled`
   * subscription (only its metadata and cancellation details may be updated) and has no preview
   * for one; it ends subscriptions on its own (a customer deleted in the Dashboard, dunning that
   * gave up, an incomplete first payment expiring), possibly before the webhook reached Tomo. Such
   * a change throws `SubscriptionEndedAtProvider` with the final state instead of a Stripe error,
   * also when it ended between the read and the change.
   */
  private async changeOpenSubscription<T>(id: string, change: (sub: Stripe.Subscription) => Promise<T>): Promise<T> {
    const sub = await this.retrieveSubscription(id);
    if (!sub || isEnded(sub)) throw new SubscriptionEndedAtProvider(id, sub ? toGatewaySubscription(sub) : null);
    try {
      return await change(sub);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        const again = await this.retrieveSubscription(id);
        if (!again || isEnded(again)) throw new SubscriptionEndedAtProvider(id, again ? toGatewaySubscription(again) : null);
      }
      throw error;
    }
  }

  private async requireSubscription(id: string): Promise<Stripe.Subscription> {
    const sub = await this.retrieveSubscription(id);
    if (!sub) throw new Error(`Stripe has no subscription ${id}`);
    return sub;
  }

  private paymentMethodTypes(): readonly string[] {
    return this.options.paymentMethodTypes ?? ['card', 'alipay'];
  }

  private url(pathAndQuery: string): string {
    return `${this.options.publicUrl.replace(/\/+$/, '')}${pathAndQuery}`;
  }

  private sessionUrl(url: string | null, id: string): string {
    if (!url) throw new Error(`Stripe returned checkout session ${id} without a URL`);
    return url;
  }
}
