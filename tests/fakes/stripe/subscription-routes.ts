// Subscriptions: retrieve, list by customer, update (quantity with prorations, cancel at period
// end, metadata), pause an active one, resume a paused one, and cancel. Every change emits the customer.subscription.*
// event Stripe would send.
import { form, type FormObject } from './form-codec';
import { failRenewal, invoiceFinalCancellation, invoiceResumption, renderInvoice } from './invoice-routes';
import { invalid } from './stripe-fake-errors';
import { list, renderSubscription } from './stripe-fake-render';
import { route, type FakeRoute } from './stripe-fake-routing';
import { addInterval, mergeMetadata, type FakeEvent, type FakeSubscription, type StripeFakeState } from './stripe-fake-state';
import { discountProrations, parseSubscriptionDiscounts } from './discounts';
import { prorationLines, type ItemChange } from './proration';

export function parseItemChanges(state: StripeFakeState, sub: FakeSubscription, raw: FormObject[]): ItemChange[] {
  return raw.map((entry, index) => {
    const id = form.str(entry, 'id');
    const item = sub.items.find((i) => i.id === id);
    if (!item) throw invalid(`No such subscription item: '${id ?? ''}'`, `items[${index}][id]`, 'resource_missing');
    const priceId = form.str(entry, 'price') ?? item.price;
    const price = state.price(priceId, `items[${index}][price]`);
    const quantity = form.int(entry, 'quantity') ?? null;
    if (quantity !== null && price.recurring?.usage_type === 'metered') {
      throw invalid('Quantity should not be specified where usage_type is `metered`.', `items[${index}][quantity]`);
    }
    if (quantity !== null && quantity < 0) throw invalid('Invalid positive integer', `items[${index}][quantity]`);
    return { item, price, quantity };
  });
}

export function prorationDate(state: StripeFakeState, sub: FakeSubscription, raw: FormObject | undefined, param: string): number {
  const at = form.int(raw, 'proration_date') ?? state.nowSeconds();
  const item = sub.items[0];
  if (item && (at < item.current_period_start || at > item.current_period_end)) {
    throw invalid('proration_date must be within the current billing period.', param);
  }
  return at;
}

function snapshot(sub: FakeSubscription): Record<string, unknown> {
  return {
    cancel_at_period_end: sub.cancel_at_period_end,
    cancel_at: sub.cancel_at,
    canceled_at: sub.canceled_at,
    status: sub.status,
    metadata: { ...sub.metadata },
    quantities: sub.items.map((i) => i.quantity),
    // A plan switch (the portal's "update plan", the Dashboard) replaces an item's price alone.
    prices: sub.items.map((i) => i.price),
    periods: sub.items.map((i) => [i.current_period_start, i.current_period_end]),
  };
}

function changedAttributes(before: Record<string, unknown>, state: StripeFakeState, sub: FakeSubscription): Record<string, unknown> {
  const after = snapshot(sub);
  const previous: Record<string, unknown> = {};
  for (const key of ['cancel_at_period_end', 'cancel_at', 'canceled_at', 'status', 'metadata'] as const) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) previous[key] = before[key];
  }
  if (['quantities', 'prices', 'periods'].some((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))) {
    previous.items = (renderSubscription(state, sub).items as object) ?? null;
  }
  return previous;
}

function update(req: Parameters<FakeRoute['handle']>[0], state: StripeFakeState): unknown {
  const sub = state.subscription(req.params.id ?? '', 'id');
  const touchesMoreThanMetadata = Object.keys(req.form).some((k) => !['metadata', 'cancellation_details', 'expand'].includes(k));
  if ((sub.status === 'canceled' || sub.status === 'incomplete_expired') && touchesMoreThanMetadata) {
    throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
  }
  const before = snapshot(sub);
  const changes = parseItemChanges(state, sub, form.objects(req.form, 'items'));
  const behavior = form.str(req.form, 'proration_behavior') ?? 'create_prorations';
  const discounts = parseSubscriptionDiscounts(state, sub, req.form);
  if (discounts !== undefined) sub.discounts = discounts;
  let newBillingPeriod = false;
  if (changes.length > 0) {
    const at = prorationDate(state, sub, req.form, 'proration_date');
    for (const change of changes) {
      const before = state.prices.get(change.item.price)?.recurring?.interval;
      const intervalChanged = before !== undefined && before !== change.price.recurring?.interval;
      // A price of another interval starts a new period now (below): only the unused time of the
      // old price is prorated, as a credit; the new price is invoiced for its whole new period.
      const lines = prorationLines(state, change, at).filter((line) => !intervalChanged || line.price !== change.price.id);
      if (behavior !== 'none') sub.pending_lines.push(...discountProrations(state, sub, lines, at));
      newBillingPeriod ||= intervalChanged;
      change.item.price = change.price.id;
      if (change.quantity !== null) change.item.quantity = change.quantity;
    }
  }
  // "If the prices have different billing periods, the new price is billed at the new interval,
  // starting on the day of the change ... switching a customer from a monthly subscription to a
  // yearly subscription moves the billing date to the date of the switch", and "Stripe immediately
  // attempts payment ... when the billing period changes"; if that payment fails the change stays
  // and the subscription is past_due (https://docs.stripe.com/billing/subscriptions/upgrade-downgrade).
  if (newBillingPeriod) {
    const now = state.nowSeconds();
    for (const item of sub.items) {
      item.current_period_start = now;
      item.current_period_end = addInterval(now, state.prices.get(item.price)?.recurring?.interval ?? 'month');
    }
    sub.billing_cycle_anchor = now;
    const declined = state.customers.get(sub.customer)?.declines === true;
    invoiceResumption(state, sub, !declined);
    if (declined) sub.status = 'past_due';
  }
  // Stripe takes one of the two per request and refuses both (even `cancel_at_period_end=false`
  // with `cancel_at=''`).
  if ('cancel_at' in req.form && 'cancel_at_period_end' in req.form) {
    throw invalid('Received both cancel_at_period_end and cancel_at parameters. Please pass in only one.', 'cancel_at');
  }
  const cancelAtPeriodEnd = form.bool(req.form, 'cancel_at_period_end');
  // Stripe stamps `canceled_at` when a cancellation is asked for, at period end too (the time of
  // that request, not the end), and clears it when the cancellation is undone.
  if (cancelAtPeriodEnd === true) {
    sub.cancel_at_period_end = true;
    sub.cancel_at = sub.items[0]?.current_period_end ?? null;
    sub.canceled_at = state.nowSeconds();
  } else if (cancelAtPeriodEnd === false && sub.cancel_at_period_end) {
    // Only undoes its own cancellation: a date set with `cancel_at` (the portal's) stays in place.
    sub.cancel_at_period_end = false;
    sub.cancel_at = null;
    sub.canceled_at = null;
  }
  // `cancel_at` (a timestamp, '' to clear) is how the customer portal and the Dashboard schedule a
  // cancellation in recent API versions: `cancel_at_period_end` stays false. Clearing it removes
  // any scheduled cancellation.
  if ('cancel_at' in req.form) {
    const at = form.int(req.form, 'cancel_at');
    sub.cancel_at = at ?? null;
    sub.cancel_at_period_end = false;
    sub.canceled_at = at === undefined ? null : state.nowSeconds();
  }
  sub.metadata = mergeMetadata(sub.metadata, form.metadata(req.form));
  const rendered = renderSubscription(state, sub);
  const previous = changedAttributes(before, state, sub);
  if (Object.keys(previous).length > 0) state.emit('customer.subscription.updated', rendered, previous);
  return rendered;
}

/**
 * Stripe moves a subscription to `paused` and says why in `status_details.paused.subscription.type`:
 * `customer.subscription.paused` then `customer.subscription.updated` (its previous status).
 */
export function pauseSubscription(
  state: StripeFakeState,
  sub: FakeSubscription,
  type: NonNullable<FakeSubscription['paused']>['type'],
): { paused: FakeEvent; updated: FakeEvent } {
  // Smart Retries pauses after a renewal payment failed: that renewal's invoice stays open.
  if (type === 'first_payment_failure' || type === 'final_payment_failure') failRenewal(state, sub);
  const previous = sub.status;
  sub.status = 'paused';
  sub.paused = { type, transitioned_at: state.nowSeconds() };
  const rendered = renderSubscription(state, sub);
  return {
    paused: state.emit('customer.subscription.paused', rendered),
    updated: state.emit('customer.subscription.updated', rendered, { status: previous }),
  };
}

/**
 * `POST /v1/subscriptions/:id/pause` (API 2026-09-30.endive on, flexible billing mode, the default
 * for subscriptions Checkout creates): only an `active` one, and only `type=subscription`. The
 * reason Stripe gives is `pause_requested`. Unused time of licensed items is credited as Stripe
 * does by default (`bill_for[unused_time_from][type]=now`, `invoicing_behavior=pending_invoice_item`:
 * a pending credit for the next invoice); `item_current_period_start` credits the whole period,
 * `none` nothing. With `invoicing_behavior=invoice` Stripe invoices the credit at once, which the
 * fake (no invoice objects) leaves out.
 */
function pause(req: Parameters<FakeRoute['handle']>[0], state: StripeFakeState): unknown {
  const sub = state.subscription(req.params.id ?? '', 'id');
  const type = form.str(req.form, 'type') ?? 'subscription';
  if (type !== 'subscription') throw invalid('Invalid type: must be subscription', 'type');
  const invoicing = form.str(req.form, 'invoicing_behavior') ?? 'pending_invoice_item';
  if (invoicing !== 'invoice' && invoicing !== 'pending_invoice_item') {
    throw invalid('Invalid invoicing_behavior: must be one of invoice or pending_invoice_item', 'invoicing_behavior');
  }
  const billFor = form.obj(req.form, 'bill_for');
  const from = form.str(form.obj(billFor, 'unused_time_from'), 'type') ?? 'now';
  if (from !== 'now' && from !== 'item_current_period_start' && from !== 'none') {
    throw invalid('Invalid bill_for[unused_time_from][type]: must be one of now, item_current_period_start or none', 'bill_for[unused_time_from][type]');
  }
  if (sub.status !== 'active') throw invalid(`Only subscriptions with \`status=active\` can be paused; this one is \`${sub.status}\`.`);
  if (from !== 'none' && invoicing === 'pending_invoice_item') {
    for (const item of sub.items) {
      const price = state.prices.get(item.price);
      if (!price || price.recurring?.usage_type === 'metered') continue;
      const at = from === 'now' ? state.nowSeconds() : item.current_period_start;
      // The unused time is what changing the quantity to 0 at that moment would credit.
      sub.pending_lines.push(...discountProrations(state, sub, prorationLines(state, { item, price, quantity: 0 }, at), at));
    }
  }
  pauseSubscription(state, sub, 'pause_requested');
  return renderSubscription(state, sub);
}

/**
 * `POST /v1/subscriptions/:id/resume`: only a paused subscription. `billing_cycle_anchor[type]=now`
 * (the default; this API version takes an object, older ones the bare string) starts a new period
 * now; `unchanged` moves to the period around now on the old anchor.
 * `proration_behavior` (always_invoice, create_prorations, none) is checked; the fake prorates
 * nothing for the paused time (Tomo resumes with the anchor unchanged only with `none`).
 * The resumption invoice is paid at once and it is `active` again, unless the customer's payment
 * method is declined (`StripeFake.declinePayments`): with `payment_behavior=resume_on_payment_success`
 * it then stays `paused` (Stripe retries the invoice), with the default `resume_on_payment_attempt`
 * it becomes `past_due`.
 */
function resume(req: Parameters<FakeRoute['handle']>[0], state: StripeFakeState): unknown {
  const sub = state.subscription(req.params.id ?? '', 'id');
  if (sub.status !== 'paused') throw invalid('Only subscriptions with `status=paused` can be resumed.');
  const before = snapshot(sub);
  const declined = state.customers.get(sub.customer)?.declines === true;
  if (declined && form.str(req.form, 'payment_behavior') === 'resume_on_payment_success') return renderSubscription(state, sub);
  const anchor = form.str(form.obj(req.form, 'billing_cycle_anchor'), 'type') ?? form.str(req.form, 'billing_cycle_anchor') ?? 'now';
  if (anchor !== 'now' && anchor !== 'unchanged') throw invalid('Invalid billing_cycle_anchor[type]: must be one of now or unchanged', 'billing_cycle_anchor[type]');
  const proration = form.str(req.form, 'proration_behavior') ?? 'create_prorations';
  if (proration !== 'always_invoice' && proration !== 'create_prorations' && proration !== 'none') {
    throw invalid('Invalid proration_behavior: must be one of always_invoice, create_prorations or none', 'proration_behavior');
  }
  const now = state.nowSeconds();
  for (const item of sub.items) {
    const interval = state.prices.get(item.price)?.recurring?.interval ?? 'month';
    let start = anchor === 'now' ? now : item.current_period_start;
    let end = addInterval(start, interval);
    while (anchor === 'unchanged' && end <= now) {
      start = end;
      end = addInterval(start, interval);
    }
    item.current_period_start = start;
    item.current_period_end = end;
  }
  // A new period from now is invoiced and charged at once (the resumption invoice, now the
  // latest); an open invoice from before the pause stays open. With the anchor unchanged the
  // period around now was invoiced before (a renewal), and nothing new is invoiced.
  if (anchor === 'now') {
    sub.billing_cycle_anchor = now;
    invoiceResumption(state, sub, !declined);
  }
  sub.status = declined ? 'past_due' : 'active';
  delete sub.paused;
  const rendered = renderSubscription(state, sub);
  state.emit('customer.subscription.resumed', rendered);
  state.emit('customer.subscription.updated', rendered, changedAttributes(before, state, sub));
  return rendered;
}

/**
 * `POST /v1/subscriptions/:id/migrate` (https://docs.stripe.com/api/subscriptions/migrate): to
 * flexible billing mode, the fake's only mode, here to set `proration_discounts`; `itemized`
 * cannot go back to `included`.
 */
function migrate(req: Parameters<FakeRoute['handle']>[0], state: StripeFakeState): unknown {
  const sub = state.subscription(req.params.id ?? '', 'id');
  const mode = form.obj(req.form, 'billing_mode');
  if (form.str(mode, 'type') !== 'flexible') throw invalid('Invalid billing_mode[type]: must be flexible', 'billing_mode[type]');
  const discounts = form.str(form.obj(mode, 'flexible'), 'proration_discounts');
  if (discounts !== undefined && discounts !== 'included' && discounts !== 'itemized') {
    throw invalid('Invalid billing_mode[flexible][proration_discounts]: must be one of included or itemized', 'billing_mode[flexible][proration_discounts]');
  }
  if (discounts === 'included' && sub.proration_discounts === 'itemized') {
    throw invalid('You cannot migrate a subscription from itemized to included proration discounts.', 'billing_mode[flexible][proration_discounts]');
  }
  if (discounts !== undefined) sub.proration_discounts = discounts;
  return renderSubscription(state, sub);
}

export const subscriptionRoutes: FakeRoute[] = [
  route('GET', '/v1/subscriptions/:id', (req, state) => renderSubscription(state, state.subscription(req.params.id ?? '', 'id'))),
  route('GET', '/v1/subscriptions', (req, state) => {
    const customer = form.str(req.form, 'customer');
    const status = form.str(req.form, 'status');
    const limit = form.int(req.form, 'limit') ?? 10;
    const found = [...state.subscriptions.values()]
      .filter((s) => customer === undefined || s.customer === customer)
      .filter((s) => {
        if (status === 'all') return true;
        if (status !== undefined) return s.status === status;
        return s.status !== 'canceled' && s.status !== 'incomplete_expired';
      })
      .reverse()
      .slice(0, limit);
    return list(
      found.map((s) => renderSubscription(state, s)),
      '/v1/subscriptions',
    );
  }),
  route('POST', '/v1/subscriptions/:id/pause', pause),
  route('POST', '/v1/subscriptions/:id/migrate', migrate),
  route('POST', '/v1/subscriptions/:id/resume', resume),
  route('POST', '/v1/subscriptions/:id', update),
  route('DELETE', '/v1/subscriptions/:id', (req, state) => {
    const sub = state.subscription(req.params.id ?? '', 'id');
    if (sub.status === 'canceled') throw invalid(`No such subscription: '${sub.id}'`, 'id', 'resource_missing');
    const now = state.nowSeconds();
    const prorate = form.bool(req.form, 'prorate') ?? false;
    const invoiceNow = form.bool(req.form, 'invoice_now') ?? false;
    // "pending prorations are removed if invoice_now and prorate are both set to false".
    if (!prorate && !invoiceNow) sub.pending_lines = [];
    // Unused time of the current period credited (`prorate=true`): what a quantity of 0 from now would credit.
    if (prorate) {
      for (const item of sub.items) {
        sub.pending_lines.push(...discountProrations(state, sub, prorationLines(state, { item, price: state.price(item.price), quantity: 0 }, now), now));
      }
    }
    const final = invoiceNow ? invoiceFinalCancellation(state, sub) : null;
    sub.status = 'canceled';
    sub.canceled_at = now;
    sub.ended_at = now;
    sub.cancel_at_period_end = false;
    sub.cancel_at = null;
    const rendered = renderSubscription(state, sub);
    state.emit('customer.subscription.deleted', rendered);
    if (final?.status === 'paid') {
      const invoice = renderInvoice(state, final);
      state.emit('invoice.paid', invoice);
      state.emit('invoice.payment_succeeded', invoice);
    }
    return rendered;
  }),
];
