// The fake's memory: plain records shaped like Stripe's objects (only the fields Tomo reads),
// a settable clock so proration amounts are reproducible, and the events Stripe would send.
import type { FakeCoupon, FakeDiscount } from './discounts';
import { missing } from './stripe-fake-errors';

export type Interval = 'month' | 'year';

export interface FakeCustomer {
  id: string;
  name: string | null;
  email: string | null;
  metadata: Record<string, string>;
  created: number;
  deleted: boolean;
  /** Its payment method is declined (`StripeFake.declinePayments`): charges fail. */
  declines?: boolean;
  /** Its discount (a `FakeDiscount` id), for subscriptions without their own. */
  discount?: string;
}

export interface FakeProduct {
  id: string;
  name: string;
  description: string | null;
  active: boolean;
  metadata: Record<string, string>;
  unit_label: string | null;
  created: number;
  updated: number;
}

export interface FakePrice {
  id: string;
  product: string;
  currency: string;
  unit_amount: number | null;
  unit_amount_decimal: string | null;
  lookup_key: string | null;
  active: boolean;
  nickname: string | null;
  metadata: Record<string, string>;
  recurring: { interval: Interval; interval_count: number; usage_type: 'licensed' | 'metered'; meter: string | null } | null;
  tax_behavior: string;
  created: number;
}

export interface FakeMeter {
  id: string;
  display_name: string;
  event_name: string;
  status: 'active' | 'inactive';
  default_aggregation: { formula: string };
  customer_mapping: { type: 'by_id'; event_payload_key: string };
  value_settings: { event_payload_key: string };
  created: number;
  updated: number;
}

export interface FakeMeterEvent {
  event_name: string;
  identifier: string;
  payload: Record<string, string>;
  timestamp: number;
  created: number;
}

export interface FakeCheckoutSession {
  id: string;
  mode: 'subscription' | 'setup' | 'payment';
  customer: string | null;
  client_reference_id: string | null;
  success_url: string | null;
  cancel_url: string | null;
  currency: string | null;
  metadata: Record<string, string>;
  allowed_payment_method_types: string[];
  line_items: { price: string; quantity: number | null }[];
  subscription_data: { metadata: Record<string, string> };
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  subscription: string | null;
  setup_intent: string | null;
  created: number;
  expires_at: number;
}

export interface FakePortalSession {
  id: string;
  customer: string;
  return_url: string | null;
  created: number;
}

export interface FakeSubscriptionItem {
  id: string;
  price: string;
  quantity: number | null;
  current_period_start: number;
  current_period_end: number;
  created: number;
}

/** A proration Stripe keeps pending until the next invoice (proration_behavior=create_prorations). */
export interface FakePendingLine {
  description: string;
  amount: number;
  quantity: number;
  price: string;
  subscription_item: string;
  period: { start: number; end: number };
  /** What each discount takes off this line (discounts.ts); none when absent. */
  discount_amounts?: { amount: number; discount: string }[];
}

export type SubscriptionStatus = 'trialing' | 'active' | 'past_due' | 'unpaid' | 'canceled' | 'incomplete' | 'incomplete_expired' | 'paused';

export interface FakeSubscription {
  id: string;
  customer: string;
  status: SubscriptionStatus;
  metadata: Record<string, string>;
  items: FakeSubscriptionItem[];
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  created: number;
  start_date: number;
  billing_cycle_anchor: number;
  pending_lines: FakePendingLine[];
  /** The most recent invoice it generated (its first, a renewal, a resumption); null before any. */
  latest_invoice: string | null;
  /** Its own discounts (`FakeDiscount` ids); none when absent. */
  discounts?: string[];
  /** `billing_mode.flexible.proration_discounts`: `included` unless migrated to `itemized`. */
  proration_discounts?: 'included' | 'itemized';
  /** While paused: `status_details.paused` (why, since when), as Stripe renders it. */
  paused?: { type: 'trial_end_without_payment_method' | 'first_payment_failure' | 'final_payment_failure' | 'pause_requested' | 'system'; transitioned_at: number };
}

/**
 * An invoice of a subscription, finalized (never a draft: Stripe finalizes subscription invoices
 * about an hour after creating them, and the fake skips that hour). `open` until paid.
 */
export interface FakeInvoice {
  id: string;
  customer: string;
  subscription: string;
  status: 'open' | 'paid' | 'void' | 'uncollectible';
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  currency: string;
  amount_due: number;
  amount_paid: number;
  attempt_count: number;
  period_start: number;
  period_end: number;
  lines: FakePendingLine[];
  created: number;
  paid_at: number | null;
}

export interface FakeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
}

export class StripeFakeState {
  customers = new Map<string, FakeCustomer>();
  products = new Map<string, FakeProduct>();
  prices = new Map<string, FakePrice>();
  meters = new Map<string, FakeMeter>();
  meterEvents: FakeMeterEvent[] = [];
  checkoutSessions = new Map<string, FakeCheckoutSession>();
  portalSessions = new Map<string, FakePortalSession>();
  subscriptions = new Map<string, FakeSubscription>();
  invoices = new Map<string, FakeInvoice>();
  coupons = new Map<string, FakeCoupon>();
  discounts = new Map<string, FakeDiscount>();
  /**
   * The account's setting for subscriptions paused after a failed payment (Dashboard → Billing →
   * Revenue recovery): resume automatically once the invoice that paused it is paid, keeping the
   * billing cycle anchor (Stripe may also reset it; the fake leaves that out). False (the
   * default): they stay paused until resumed through the API.
   */
  resumeWhenInvoicePaid = false;
  events: FakeEvent[] = [];
  private counter = 0;
  private clock: () => Date = () => new Date();
  private listeners: ((event: FakeEvent) => void)[] = [];

  constructor(readonly baseUrl: () => string) {}

  id(prefix: string): string {
    this.counter += 1;
    return `${prefix}_fake${String(this.counter).padStart(6, '0')}`;
  }

  setNow(now: Date | (() => Date)): void {
    this.clock = typeof now === 'function' ? now : () => now;
  }

  /** Seconds since the epoch, like every Stripe timestamp. */
  nowSeconds(): number {
    return Math.floor(this.clock().getTime() / 1000);
  }

  onEvent(listener: (event: FakeEvent) => void): void {
    this.listeners.push(listener);
  }

  emit(type: string, object: unknown, previous?: Record<string, unknown>): FakeEvent {
    const event: FakeEvent = {
      id: this.id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: this.nowSeconds(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: previous ? { object: structuredClone(object), previous_attributes: previous } : { object: structuredClone(object) },
    };
    this.events.push(event);
    for (const listener of this.listeners) listener(event);
    return event;
  }

  customer(id: string, param = 'customer'): FakeCustomer {
    const found = this.customers.get(id);
    if (!found || found.deleted) throw missing('customer', id, param);
    return found;
  }

  price(id: string, param = 'price'): FakePrice {
    const found = this.prices.get(id);
    if (!found) throw missing('price', id, param);
    return found;
  }

  product(id: string, param = 'product'): FakeProduct {
    const found = this.products.get(id);
    if (!found) throw missing('product', id, param);
    return found;
  }

  invoice(id: string, param = 'invoice'): FakeInvoice {
    const found = this.invoices.get(id);
    if (!found) throw missing('invoice', id, param);
    return found;
  }

  subscription(id: string, param = 'subscription'): FakeSubscription {
    const found = this.subscriptions.get(id);
    if (!found) throw missing('subscription', id, param);
    return found;
  }
}

/** Adds one interval the way Stripe anchors billing periods: same day of month, clamped to month end. */
export function addInterval(seconds: number, interval: Interval, count = 1): number {
  const d = new Date(seconds * 1000);
  const months = interval === 'year' ? 12 * count : count;
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
}

export function mergeMetadata(current: Record<string, string>, patch: Record<string, string>): Record<string, string> {
  const next = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === '') delete next[key];
    else next[key] = value;
  }
  return next;
}
