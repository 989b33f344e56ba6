// An HTTP fake of the Stripe API endpoints Tomo uses, on 127.0.0.1, driven by the real `stripe`
// SDK (`host`, `port`, `protocol: 'http'`). Stateful, with Stripe's idempotency semantics, and
// knobs for tests: fail the next N calls, read the recorded calls, move the clock, complete a
// checkout as the customer would, and sign or deliver webhook events with the SDK's own helper.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { catalogRoutes } from './catalog-routes';
import { checkoutRoutes, completeCheckoutSession } from './checkout-routes';
import { customerRoutes } from './customer-routes';
import { failRenewal, invoiceRoutes, payInvoice, renderInvoice } from './invoice-routes';
import { billingRoutes } from './billing-routes';
import { createDiscount, discountRoutes } from './discounts';
import { decodeForm, type FormObject } from './form-codec';
import { serveHostedPage } from './hosted-pages';
import { FakeStripeError } from './stripe-fake-errors';
import { renderSubscription } from './stripe-fake-render';
import { matchRoute } from './stripe-fake-routing';
import { StripeFakeState, type FakeEvent, type SubscriptionStatus } from './stripe-fake-state';
import { pauseSubscription, subscriptionRoutes } from './subscription-routes';

export interface RecordedCall {
  method: string;
  path: string;
  params: FormObject;
  idempotencyKey: string | null;
  status: number;
  replayed: boolean;
}

interface Failure {
  remaining: number;
  status: number;
  method?: string;
  path?: string;
}

interface StoredResponse {
  fingerprint: string;
  status: number;
  body: unknown;
}

const routes = [...customerRoutes, ...catalogRoutes, ...checkoutRoutes, ...subscriptionRoutes, ...billingRoutes, ...invoiceRoutes, ...discountRoutes];

export const FAKE_WEBHOOK_SECRET = 'whsec_tomo_fake_webhook_secret';

export class StripeFake {
  readonly state: StripeFakeState;
  readonly calls: RecordedCall[] = [];
  readonly webhookSecret: string;
  private server: Server | null = null;
  private failures: Failure[] = [];
  private idempotent = new Map<string, StoredResponse>();
  private webhookTarget: string | null = null;
  /**
   * Where the hosted pages' addresses point (sessions' and invoices' `url`): an account's custom
   * domain, e.g. `http://payments.example.test:<port>` mapped to this server by the browser's
   * resolver. Null: this server's own address.
   */
  hostedPagesUrl: string | null = null;
  private deliveries: Promise<unknown>[] = [];

  constructor(options: { webhookSecret?: string } = {}) {
    this.webhookSecret = options.webhookSecret ?? FAKE_WEBHOOK_SECRET;
    this.state = new StripeFakeState(() => this.hostedPagesUrl ?? this.url);
    this.state.onEvent((event) => {
      if (this.webhookTarget) this.deliveries.push(this.deliver(event, this.webhookTarget).catch(() => undefined));
    });
  }

  static async start(options: { webhookSecret?: string } = {}): Promise<StripeFake> {
    const fake = new StripeFake(options);
    await fake.listen();
    return fake;
  }

  async listen(): Promise<void> {
    this.server = createServer((req, res) => {
      // The hosted checkout and portal pages share the port with the API.
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
      if (!path.startsWith('/v1/') && serveHostedPage(req, res, path, this.state)) return;
      this.handle(req)
        .catch((error: unknown) => ({ status: 500, body: { error: { type: 'api_error', message: `Fake Stripe bug: ${String(error)}` } } }))
        .then(({ status, body, headers }: { status: number; body: unknown; headers?: Record<string, string> }) => {
          res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_fake_${this.calls.length}`, ...headers });
          res.end(JSON.stringify(body));
        });
    });
    this.server.keepAliveTimeout = 1_000;
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
  }

  /** Waits until every webhook delivery started so far has been answered. */
  async flushWebhooks(): Promise<void> {
    await Promise.allSettled(this.deliveries);
  }

  async stop(): Promise<void> {
    await this.flushWebhooks();
    const server = this.server;
    if (server) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    this.server = null;
  }

  get port(): number {
    return (this.server?.address() as AddressInfo | null)?.port ?? 0;
  }

  /** What STRIPE_API_URL is set to in tests. */
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /**
   * The next `count` API calls fail with `status` (default 500) before reaching any state, as a
   * load balancer or an outage would: nothing is stored, not even the idempotency key. Narrow
   * it to calls of one method and/or whose path starts with `path`.
   */
  failNext(count: number, options: { status?: number; method?: string; path?: string } = {}): void {
    this.failures.push({ ...options, remaining: count, status: options.status ?? 500 });
  }

  callsTo(method: string, pathPrefix: string): RecordedCall[] {
    return this.calls.filter((c) => c.method === method && c.path.startsWith(pathPrefix));
  }

  setNow(now: Date | (() => Date)): void {
    this.state.setNow(now);
  }

  completeCheckoutSession(id: string): ReturnType<typeof completeCheckoutSession> {
    return completeCheckoutSession(this.state, id);
  }

  /** Simulates Stripe moving a subscription on its own (failed renewal, dunning, ...). */
  setSubscriptionStatus(id: string, status: SubscriptionStatus): FakeEvent {
    const sub = this.state.subscription(id);
    const previous = sub.status;
    sub.status = status;
    if (status === 'canceled' && sub.ended_at === null) {
      // Ended now (Stripe gave up collecting, or someone canceled it in the Dashboard).
      sub.ended_at = this.state.nowSeconds();
      sub.canceled_at ??= sub.ended_at;
    }
    const rendered = renderSubscription(this.state, sub);
    return status === 'canceled'
      ? this.state.emit('customer.subscription.deleted', rendered)
      : this.state.emit('customer.subscription.updated', rendered, { status: previous });
  }

  /**
   * A trial whose `trial_settings.end_behavior.missing_payment_method` is `pause` ended without a
   * payment method: the subscription is `paused` (no invoice, nothing collected) until resumed.
   * Stripe sends `customer.subscription.paused` and `customer.subscription.updated`; both are returned.
   */
  endTrialWithoutPaymentMethod(id: string): { paused: FakeEvent; updated: FakeEvent } {
    const sub = this.state.subscription(id);
    if (sub.status !== 'trialing') throw new Error(`fake Stripe: ${id} is ${sub.status}, not trialing`);
    return pauseSubscription(this.state, sub, 'trial_end_without_payment_method');
  }

  /**
   * Stripe pauses an active subscription on its own: `first_payment_failure` /
   * `final_payment_failure` by Smart Retries' pause on payment failure (flexible billing mode),
   * `system` for a reason Stripe does not name. A pause someone asks for goes through
   * `POST /v1/subscriptions/:id/pause` (`pause_requested`). The same two events as a trial's end,
   * with that reason in `status_details.paused.subscription.type`. For a payment failure the
   * period renewed first and its invoice failed (`invoice.payment_failed`): that invoice stays
   * open, is the subscription's `latest_invoice`, and paying it (`payInvoice`, or its hosted page)
   * does not resume the subscription unless `resumeWhenInvoicePaid` is set.
   */
  pause(id: string, type: 'first_payment_failure' | 'final_payment_failure' | 'system'): { paused: FakeEvent; updated: FakeEvent } {
    const sub = this.state.subscription(id);
    if (sub.status !== 'active' && sub.status !== 'past_due') throw new Error(`fake Stripe: ${id} is ${sub.status}, not active`);
    return pauseSubscription(this.state, sub, type);
  }

  /**
   * A renewal whose payment failed, as Stripe bills it with Smart Retries on: the period renews,
   * its invoice stays open as the subscription's `latest_invoice` (`invoice.payment_failed`), and
   * the subscription is `past_due` (`customer.subscription.updated`). When every retry failed,
   * `setSubscriptionStatus(id, 'unpaid')` is the account's "mark the subscription as unpaid":
   * Stripe stops collecting and leaves that invoice open; paying it makes the subscription active.
   */
  failRenewalPayment(id: string): { invoice: Record<string, unknown>; events: FakeEvent[] } {
    const sub = this.state.subscription(id);
    if (sub.status !== 'active') throw new Error(`fake Stripe: ${id} is ${sub.status}, not active`);
    const { invoice, event } = failRenewal(this.state, sub);
    sub.status = 'past_due';
    const updated = this.state.emit('customer.subscription.updated', renderSubscription(this.state, sub), { status: 'active' });
    return { invoice: renderInvoice(this.state, invoice), events: [event, updated] };
  }

  /** The customer pays an open invoice (its hosted page does the same): the events Stripe sends. */
  payInvoice(id: string): FakeEvent[] {
    return payInvoice(this.state, id);
  }

  /**
   * The account's revenue recovery setting: a subscription paused after a failed payment resumes
   * by itself once that invoice is paid, keeping its billing cycle anchor (true), or stays paused
   * until resumed through the API (false, the default). Resetting the anchor is left out.
   */
  resumeWhenInvoicePaid(on: boolean): void {
    this.state.resumeWhenInvoicePaid = on;
  }

  /** Every invoice of a subscription, oldest first, as Stripe renders it. */
  invoicesOf(subscriptionId: string): Record<string, unknown>[] {
    return [...this.state.invoices.values()].filter((i) => i.subscription === subscriptionId).map((i) => renderInvoice(this.state, i));
  }

  /**
   * A coupon applied to the customer (in the Dashboard, or a promotion code the customer redeemed):
   * its discount applies to every subscription of the customer that has none of its own.
   */
  giveCustomerDiscount(customerId: string, couponId: string): void {
    const customer = this.state.customer(customerId);
    customer.discount = createDiscount(this.state, couponId, customer.id, null, 'coupon').id;
  }

  /** The customer's payment method is declined from now on (or accepted again with `false`). */
  declinePayments(customerId: string, declined = true): void {
    const customer = this.state.customers.get(customerId);
    if (!customer) throw new Error(`fake Stripe: no customer ${customerId}`);
    customer.declines = declined;
  }

  /**
   * The period of a subscription set to cancel at its end is over: Stripe ends it then, keeps
   * `canceled_at` (when the cancellation was asked for) and stamps `ended_at` with the period end.
   */
  endPeriod(id: string): FakeEvent {
    const sub = this.state.subscription(id);
    if (!sub.cancel_at_period_end && sub.cancel_at === null) throw new Error(`fake Stripe: ${id} is not set to cancel`);
    sub.status = 'canceled';
    sub.ended_at = sub.cancel_at ?? sub.items[0]?.current_period_end ?? this.state.nowSeconds();
    return this.state.emit('customer.subscription.deleted', renderSubscription(this.state, sub));
  }

  eventsOfType(type: string): FakeEvent[] {
    return this.state.events.filter((e) => e.type === type);
  }

  /** Signs an event exactly as Stripe does, using the SDK's own test-header helper. */
  signedWebhook(event: FakeEvent | Record<string, unknown>, options: { secret?: string; timestamp?: number } = {}): { payload: string; signature: string } {
    const payload = JSON.stringify(event, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? this.webhookSecret,
      ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
    });
    return { payload, signature };
  }

  /**
   * POSTs a signed event to a webhook endpoint, as Stripe's delivery would. Returns the HTTP status.
   * Signed at the moment of delivery, not at the event's `created`: "Stripe generates the timestamp
   * and signature each time we send an event to your endpoint. If Stripe retries an event ..., then
   * we generate a new signature and timestamp for the new delivery attempt"
   * (https://docs.stripe.com/webhooks#verify-manually, preventing replay attacks). A retry days
   * after the event passes the receiver's 300-second tolerance.
   */
  async deliver(event: FakeEvent, url: string): Promise<number> {
    const { payload, signature } = this.signedWebhook(event, { timestamp: this.state.nowSeconds() });
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
    await response.arrayBuffer();
    return response.status;
  }

  /** From now on, every emitted event is delivered (signed) to `url`; null stops it. */
  deliverWebhooksTo(url: string | null): void {
    this.webhookTarget = url;
  }

  private async handle(req: IncomingMessage): Promise<{ status: number; body: unknown; headers?: Record<string, string> }> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    const raw = await readBody(req);
    const params = method === 'POST' ? decodeForm(raw) : decodeForm(url.search.slice(1));
    const idempotencyKey = headerValue(req, 'idempotency-key');
    const call: RecordedCall = { method, path: url.pathname, params, idempotencyKey, status: 0, replayed: false };
    this.calls.push(call);
    const answer = this.answer(req, method, url.pathname, params, idempotencyKey, call);
    call.status = answer.status;
    return answer;
  }

  private answer(req: IncomingMessage, method: string, path: string, params: FormObject, key: string | null, call: RecordedCall): { status: number; body: unknown; headers?: Record<string, string> } {
    if (!/^Bearer sk_(test|live)_\S+$/.test(headerValue(req, 'authorization') ?? '')) {
      return { status: 401, body: new FakeStripeError(401, 'authentication_error', 'Invalid API Key provided.').toJson() };
    }
    const failure = this.failures.find(
      (f) => f.remaining > 0 && (!f.method || f.method === method) && (!f.path || path.startsWith(f.path)),
    );
    if (failure) {
      failure.remaining -= 1;
      return { status: failure.status, body: new FakeStripeError(failure.status, 'api_error', 'Fake Stripe: injected failure.').toJson() };
    }
    const fingerprint = `${method} ${path} ${JSON.stringify(params)}`;
    const storeKey = key && method === 'POST' ? key : null;
    if (storeKey) {
      const stored = this.idempotent.get(storeKey);
      if (stored) {
        if (stored.fingerprint !== fingerprint) {
          const error = new FakeStripeError(400, 'idempotency_error', `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${storeKey}' if you meant to execute a different request.`);
          return { status: 400, body: error.toJson() };
        }
        call.replayed = true;
        return { status: stored.status, body: stored.body, headers: { 'idempotent-replayed': 'true', 'original-request': 'req_fake' } };
      }
    }
    const matched = matchRoute(routes, method, path);
    let status = 200;
    let body: unknown;
    if (!matched) {
      status = 404;
      body = new FakeStripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`).toJson();
    } else {
      try {
        body = matched.route.handle({ method, path, params: matched.params, form: params, idempotencyKey: key }, this.state);
      } catch (error) {
        if (!(error instanceof FakeStripeError)) throw error;
        status = error.status;
        body = error.toJson();
      }
    }
    if (storeKey) this.idempotent.set(storeKey, { fingerprint, status, body });
    return { status, body };
  }
}

function headerValue(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
