// Invoices of subscriptions: the first one (paid at checkout), a renewal whose payment fails (the
// invoice that makes Smart Retries pause the subscription), a resumption's new period; retrieved
// with GET /v1/invoices/:id and paid on the hosted invoice page (`hosted_invoice_url`) or with
// `StripeFake.payInvoice`. Paying one emits `invoice.paid` and, when the account resumes
// subscriptions paused on payment failure once paid, what Stripe sends for that resumption.
import { discountLines, invoiceTotals, useOnceDiscounts } from './discounts';
import { meteredUsage } from './proration';
import { list, renderSubscription } from './stripe-fake-render';
import { route, type FakeRoute } from './stripe-fake-routing';
import { addInterval, type FakeEvent, type FakeInvoice, type FakePendingLine, type FakeSubscription, type StripeFakeState } from './stripe-fake-state';

/** Fixed-rate lines of one period of the subscription (metered usage is billed as 0 here). */
function periodLines(state: StripeFakeState, sub: FakeSubscription, start: (itemStart: number, itemEnd: number) => number): FakePendingLine[] {
  return sub.items.map((item) => {
    const price = state.price(item.price);
    const interval = price.recurring?.interval ?? 'month';
    const from = start(item.current_period_start, item.current_period_end);
    const quantity = price.recurring?.usage_type === 'metered' ? 0 : (item.quantity ?? 0);
    return {
      description: `${quantity} × ${state.products.get(price.product)?.name ?? price.product}`,
      amount: (price.unit_amount ?? 0) * quantity,
      quantity,
      price: price.id,
      subscription_item: item.id,
      period: { start: from, end: addInterval(from, interval) },
    };
  });
}

/** A finalized invoice for `lines` (plus the prorations pending on the subscription), now its latest. */
export function createInvoice(
  state: StripeFakeState,
  sub: FakeSubscription,
  billingReason: FakeInvoice['billing_reason'],
  lines: FakePendingLine[],
): FakeInvoice {
  // Pending prorations were discounted when made; the period's own lines are discounted now.
  const all = [...sub.pending_lines, ...discountLines(state, sub, lines, state.nowSeconds())];
  sub.pending_lines = [];
  useOnceDiscounts(state, all);
  const amount = Math.max(0, invoiceTotals(all).total);
  const first = sub.items[0];
  const invoice: FakeInvoice = {
    id: state.id('in'),
    customer: sub.customer,
    subscription: sub.id,
    status: 'open',
    billing_reason: billingReason,
    currency: first ? (state.prices.get(first.price)?.currency ?? 'usd') : 'usd',
    amount_due: amount,
    amount_paid: 0,
    attempt_count: 0,
    period_start: lines[0]?.period.start ?? state.nowSeconds(),
    period_end: lines[0]?.period.end ?? state.nowSeconds(),
    lines: all,
    created: state.nowSeconds(),
    paid_at: null,
  };
  state.invoices.set(invoice.id, invoice);
  sub.latest_invoice = invoice.id;
  return invoice;
}

/** The first invoice of a new subscription (its current period), paid by the checkout. */
export function invoiceFirstPeriod(state: StripeFakeState, sub: FakeSubscription): FakeInvoice {
  const invoice = createInvoice(state, sub, 'subscription_create', periodLines(state, sub, (start) => start));
  markPaid(state, invoice);
  return invoice;
}

/** A resumption with `billing_cycle_anchor=now`: the new period (already set on the items) charged at once. */
export function invoiceResumption(state: StripeFakeState, sub: FakeSubscription, paid: boolean): FakeInvoice {
  const invoice = createInvoice(state, sub, 'subscription_update', periodLines(state, sub, (start) => start));
  invoice.attempt_count = 1;
  if (paid) markPaid(state, invoice);
  return invoice;
}

/**
 * A cancellation now with `invoice_now=true`: a final invoice of what the subscription has not
 * invoiced yet (https://docs.stripe.com/api/subscriptions/cancel): the prorations still pending
 * (Stripe removes them only when `invoice_now` and `prorate` are both false) and the metered usage
 * of the current period up to now. Charged at once to the customer's payment method (left open
 * when it is declined); a total below zero is due as 0 (Stripe credits the rest to the customer's
 * balance, which the fake leaves out). `billing_reason` is not checked against live Stripe.
 */
export function invoiceFinalCancellation(state: StripeFakeState, sub: FakeSubscription): FakeInvoice {
  const now = state.nowSeconds();
  const usage: FakePendingLine[] = [];
  for (const item of sub.items) {
    const price = state.price(item.price);
    if (price.recurring?.usage_type !== 'metered') continue;
    const used = meteredUsage(state, sub, item, price);
    usage.push({
      description: `${used} × ${state.products.get(price.product)?.name ?? price.product} (at $${(Number(price.unit_amount_decimal) / 100).toFixed(2)} / unit)`,
      amount: Math.round(used * Number(price.unit_amount_decimal ?? 0)),
      quantity: used,
      price: price.id,
      subscription_item: item.id,
      period: { start: item.current_period_start, end: now },
    });
  }
  const invoice = createInvoice(state, sub, 'subscription_update', usage);
  invoice.period_start = sub.items[0]?.current_period_start ?? now;
  invoice.period_end = now;
  invoice.attempt_count = 1;
  if (state.customers.get(sub.customer)?.declines !== true) markPaid(state, invoice);
  return invoice;
}

/**
 * The period ended and its renewal payment failed: the subscription moves to the next period,
 * whose invoice stays open (`attempt_count` 1) and Stripe sends `invoice.payment_failed`.
 */
export function failRenewal(state: StripeFakeState, sub: FakeSubscription): { invoice: FakeInvoice; event: FakeEvent } {
  const lines = periodLines(state, sub, (_start, end) => end);
  for (const item of sub.items) {
    const interval = state.prices.get(item.price)?.recurring?.interval ?? 'month';
    item.current_period_start = item.current_period_end;
    item.current_period_end = addInterval(item.current_period_start, interval);
  }
  const invoice = createInvoice(state, sub, 'subscription_cycle', lines);
  invoice.attempt_count = 1;
  return { invoice, event: state.emit('invoice.payment_failed', renderInvoice(state, invoice)) };
}

function markPaid(state: StripeFakeState, invoice: FakeInvoice): void {
  invoice.status = 'paid';
  invoice.amount_paid = invoice.amount_due;
  invoice.paid_at = state.nowSeconds();
}

/**
 * The customer pays an open invoice (the hosted invoice page, or the Dashboard): `invoice.paid` and
 * `invoice.payment_succeeded`. A past due or unpaid subscription whose latest invoice this is turns
 * active (`customer.subscription.updated`).
 * A subscription paused because this invoice failed is resumed when the account is set to
 * (`state.resumeWhenInvoicePaid`), keeping its billing cycle anchor and without a new invoice:
 * `customer.subscription.resumed` and `.updated`. Otherwise it stays paused.
 */
export function payInvoice(state: StripeFakeState, id: string): FakeEvent[] {
  const invoice = state.invoice(id);
  if (invoice.status !== 'open') throw new Error(`fake Stripe: invoice ${id} is ${invoice.status}, not open`);
  if (state.customers.get(invoice.customer)?.declines === true) throw new Error(`fake Stripe: the payment method of ${invoice.customer} is declined`);
  markPaid(state, invoice);
  invoice.attempt_count += 1;
  // A payment (not a mark-as-paid out of band) sends both: `invoice.paid` "whenever an invoice
  // payment attempt succeeds or an invoice is marked as paid out-of-band", `invoice.payment_succeeded`
  // "whenever an invoice payment attempt succeeds" (https://docs.stripe.com/api/events/types).
  const rendered = renderInvoice(state, invoice);
  const events = [state.emit('invoice.paid', rendered), state.emit('invoice.payment_succeeded', rendered)];
  const sub = state.subscriptions.get(invoice.subscription);
  const pausedByIt =
    sub?.status === 'paused' &&
    sub.latest_invoice === invoice.id &&
    (sub.paused?.type === 'first_payment_failure' || sub.paused?.type === 'final_payment_failure');
  if (sub && pausedByIt && state.resumeWhenInvoicePaid) {
    sub.status = 'active';
    delete sub.paused;
    const rendered = renderSubscription(state, sub);
    events.push(state.emit('customer.subscription.resumed', rendered), state.emit('customer.subscription.updated', rendered, { status: 'paused' }));
  }
  // A subscription past due (Smart Retries running) or unpaid (retries exhausted, the invoice left
  // open) is active again once its most recent invoice is paid: "make sure to pay the most recent
  // invoice before its due date to update the subscription's status to active"
  // (https://docs.stripe.com/billing/subscriptions/overview). Paying an older one changes nothing.
  if (sub && (sub.status === 'past_due' || sub.status === 'unpaid') && sub.latest_invoice === invoice.id) {
    const previous = sub.status;
    sub.status = 'active';
    events.push(state.emit('customer.subscription.updated', renderSubscription(state, sub), { status: previous }));
  }
  return events;
}

export function renderInvoice(state: StripeFakeState, invoice: FakeInvoice): Record<string, unknown> {
  const sub = state.subscriptions.get(invoice.subscription);
  const remaining = invoice.status === 'open' ? invoice.amount_due - invoice.amount_paid : 0;
  return {
    id: invoice.id,
    object: 'invoice',
    customer: invoice.customer,
    status: invoice.status,
    billing_reason: invoice.billing_reason,
    collection_method: 'charge_automatically',
    currency: invoice.currency,
    ...invoiceTotals(invoice.lines),
    amount_due: invoice.amount_due,
    amount_paid: invoice.amount_paid,
    amount_remaining: remaining,
    attempt_count: invoice.attempt_count,
    attempted: invoice.attempt_count > 0,
    auto_advance: invoice.status === 'open',
    created: invoice.created,
    period_start: invoice.period_start,
    period_end: invoice.period_end,
    // Finalized invoices have a hosted page (paid ones show the receipt); drafts have none.
    hosted_invoice_url: `${state.baseUrl()}/invoice/${invoice.id}`,
    invoice_pdf: `${state.baseUrl()}/invoice/${invoice.id}/pdf`,
    status_transitions: { finalized_at: invoice.created, paid_at: invoice.paid_at, voided_at: null, marked_uncollectible_at: null },
    lines: list(
      invoice.lines.map((line, n) => ({
        id: `il_${invoice.id}_${n}`,
        object: 'line_item',
        amount: line.amount,
        currency: invoice.currency,
        description: line.description,
        quantity: line.quantity,
        period: line.period,
        discounts: (line.discount_amounts ?? []).map((d) => d.discount),
        discount_amounts: line.discount_amounts ?? [],
      })),
      `/v1/invoices/${invoice.id}/lines`,
    ),
    parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: invoice.subscription, metadata: sub?.metadata ?? {} } },
    livemode: false,
  };
}

export const invoiceRoutes: FakeRoute[] = [route('GET', '/v1/invoices/:id', (req, state) => renderInvoice(state, state.invoice(req.params.id ?? '', 'id')))];
