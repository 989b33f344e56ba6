// Turns the fake's records into the JSON Stripe answers with (API version 2026-10-28.endive:
// billing periods live on subscription items, invoices point at subscriptions through `parent`).
import type {
  FakeCheckoutSession,
  FakeCustomer,
  FakeMeter,
  FakePortalSession,
  FakePrice,
  FakeProduct,
  FakeSubscription,
  FakeSubscriptionItem,
  StripeFakeState,
} from './stripe-fake-state';
import { renderDiscount } from './discounts';

export function list<T>(data: T[], url: string): { object: 'list'; data: T[]; has_more: false; url: string } {
  return { object: 'list', data, has_more: false, url };
}

export function renderCustomer(c: FakeCustomer, state?: StripeFakeState): Record<string, unknown> {
  if (c.deleted) return { id: c.id, object: 'customer', deleted: true };
  const discount = c.discount && state ? state.discounts.get(c.discount) : undefined;
  return {
    id: c.id,
    object: 'customer',
    name: c.name,
    email: c.email,
    metadata: c.metadata,
    created: c.created,
    livemode: false,
    discount: discount && state ? renderDiscount(state, discount) : null,
  };
}

export function renderProduct(p: FakeProduct): Record<string, unknown> {
  return { ...p, object: 'product', livemode: false, default_price: null, images: [], marketing_features: [], type: 'service' };
}

export function renderPrice(p: FakePrice): Record<string, unknown> {
  return {
    ...p,
    object: 'price',
    livemode: false,
    billing_scheme: 'per_unit',
    type: p.recurring ? 'recurring' : 'one_time',
    recurring: p.recurring ? { ...p.recurring, trial_period_days: null } : null,
    tiers_mode: null,
    transform_quantity: null,
    custom_unit_amount: null,
  };
}

export function renderMeter(m: FakeMeter): Record<string, unknown> {
  return { ...m, object: 'billing.meter', livemode: false, event_time_window: null, status_transitions: { deactivated_at: null } };
}

function renderItem(state: StripeFakeState, sub: FakeSubscription, item: FakeSubscriptionItem): Record<string, unknown> {
  const price = state.prices.get(item.price);
  const rendered: Record<string, unknown> = {
    id: item.id,
    object: 'subscription_item',
    created: item.created,
    current_period_start: item.current_period_start,
    current_period_end: item.current_period_end,
    metadata: {},
    price: price ? renderPrice(price) : item.price,
    subscription: sub.id,
    discounts: [],
    tax_rates: [],
  };
  if (item.quantity !== null) rendered.quantity = item.quantity;
  return rendered;
}

export function renderSubscription(state: StripeFakeState, sub: FakeSubscription): Record<string, unknown> {
  const first = sub.items[0];
  return {
    id: sub.id,
    object: 'subscription',
    customer: sub.customer,
    status: sub.status,
    // Present only while paused (Stripe leaves the optional field out otherwise).
    ...(sub.status === 'paused' && sub.paused
      ? { status_details: { paused: { type: 'subscription', transitioned_at: sub.paused.transitioned_at, subscription: { type: sub.paused.type } } } }
      : {}),
    // Checkout's subscriptions are in flexible billing mode, the default since 2025-09-30.clover
    // (what Stripe's pause endpoint and pause on payment failure require).
    billing_mode: { type: 'flexible', flexible: { proration_discounts: sub.proration_discounts ?? 'included' } },
    metadata: sub.metadata,
    items: list(
      sub.items.map((item) => renderItem(state, sub, item)),
      `/v1/subscription_items?subscription=${sub.id}`,
    ),
    cancel_at_period_end: sub.cancel_at_period_end,
    cancel_at: sub.cancel_at,
    canceled_at: sub.canceled_at,
    ended_at: sub.ended_at,
    created: sub.created,
    start_date: sub.start_date,
    billing_cycle_anchor: sub.billing_cycle_anchor,
    collection_method: 'charge_automatically',
    currency: first ? (state.prices.get(first.price)?.currency ?? 'usd') : 'usd',
    latest_invoice: sub.latest_invoice,
    livemode: false,
    trial_start: null,
    trial_end: null,
    discounts: sub.discounts ?? [],
    pending_update: null,
    schedule: null,
  };
}

export function renderCheckoutSession(state: StripeFakeState, s: FakeCheckoutSession): Record<string, unknown> {
  return {
    id: s.id,
    object: 'checkout.session',
    mode: s.mode,
    customer: s.customer,
    client_reference_id: s.client_reference_id,
    success_url: s.success_url,
    cancel_url: s.cancel_url,
    currency: s.currency,
    metadata: s.metadata,
    payment_method_types: s.allowed_payment_method_types.length > 0 ? s.allowed_payment_method_types : ['card'],
    status: s.status,
    payment_status: s.payment_status,
    subscription: s.subscription,
    setup_intent: s.setup_intent,
    created: s.created,
    expires_at: s.expires_at,
    livemode: false,
    url: s.status === 'open' ? `${state.baseUrl()}/checkout/${s.id}` : null,
  };
}

export function renderPortalSession(state: StripeFakeState, s: FakePortalSession): Record<string, unknown> {
  return {
    id: s.id,
    object: 'billing_portal.session',
    customer: s.customer,
    return_url: s.return_url,
    created: s.created,
    livemode: false,
    configuration: 'bpc_fake_default',
    flow: null,
    locale: null,
    on_behalf_of: null,
    url: `${state.baseUrl()}/portal/${s.id}`,
  };
}
