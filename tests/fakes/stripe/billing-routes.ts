// Invoice preview (POST /v1/invoices/create_preview) and meter events (POST /v1/billing/meter_events).
import { form } from './form-codec';
import { invalid, required } from './stripe-fake-errors';
import { list } from './stripe-fake-render';
import { route, type FakeRoute } from './stripe-fake-routing';
import { addInterval, type FakePendingLine, type StripeFakeState } from './stripe-fake-state';
import { discountLines, discountProrations, invoiceTotals } from './discounts';
import { meteredUsage, prorationLines } from './proration';
import { parseItemChanges, prorationDate } from './subscription-routes';

function renderLine(state: StripeFakeState, subscription: string, line: FakePendingLine, proration: boolean, n: number): Record<string, unknown> {
  return {
    id: `il_tmp_${n}`,
    object: 'line_item',
    amount: line.amount,
    subtotal: line.amount,
    currency: state.prices.get(line.price)?.currency ?? 'usd',
    description: line.description,
    quantity: line.quantity,
    period: line.period,
    livemode: false,
    metadata: {},
    discounts: (line.discount_amounts ?? []).map((d) => d.discount),
    discount_amounts: line.discount_amounts ?? [],
    discountable: true,
    invoice: null,
    subscription,
    pricing: { type: 'price_details', price_details: { price: line.price, product: state.prices.get(line.price)?.product ?? null } },
    parent: {
      type: 'subscription_item_details',
      invoice_item_details: null,
      subscription_item_details: { subscription, subscription_item: line.subscription_item, proration, invoice_item: null, proration_details: null },
    },
    taxes: [],
  };
}

const createPreview = route('POST', '/v1/invoices/create_preview', (req, state) => {
  const subId = form.str(req.form, 'subscription');
  if (!subId) throw required('subscription');
  const sub = state.subscription(subId);
  if (sub.status === 'canceled') throw invalid('Cannot preview the upcoming invoice for a canceled subscription.', 'subscription');
  const details = form.obj(req.form, 'subscription_details');
  const changes = parseItemChanges(state, sub, form.objects(details, 'items'));
  const behavior = form.str(details, 'proration_behavior') ?? 'create_prorations';
  const at = prorationDate(state, sub, details, 'subscription_details[proration_date]');
  const prorations = [...sub.pending_lines];
  if (behavior !== 'none') for (const change of changes) prorations.push(...discountProrations(state, sub, prorationLines(state, change, at), at));
  const renewals: FakePendingLine[] = sub.items.map((item) => {
    const change = changes.find((c) => c.item.id === item.id);
    const price = change?.price ?? state.price(item.price);
    const interval = price.recurring?.interval ?? 'month';
    if (price.recurring?.usage_type === 'metered') {
      const usage = meteredUsage(state, sub, item, price);
      return {
        description: `${usage} × ${state.products.get(price.product)?.name ?? price.product} (at $${(Number(price.unit_amount_decimal) / 100).toFixed(2)} / unit)`,
        amount: Math.round(usage * Number(price.unit_amount_decimal ?? 0)),
        quantity: usage,
        price: price.id,
        subscription_item: item.id,
        period: { start: item.current_period_start, end: item.current_period_end },
      };
    }
    const quantity = change?.quantity ?? item.quantity ?? 0;
    return {
      description: `${quantity} × ${state.products.get(price.product)?.name ?? price.product}`,
      amount: (price.unit_amount ?? 0) * quantity,
      quantity,
      price: price.id,
      subscription_item: item.id,
      period: { start: item.current_period_end, end: addInterval(item.current_period_end, interval) },
    };
  });
  // The upcoming invoice is made at the period's end: the discounts still running then apply.
  const periodEnd = sub.items[0]?.current_period_end ?? state.nowSeconds();
  const discountedRenewals = discountLines(state, sub, renewals, periodEnd);
  const lines = [
    ...prorations.map((l, i) => renderLine(state, sub.id, l, true, i)),
    ...discountedRenewals.map((l, i) => renderLine(state, sub.id, l, false, prorations.length + i)),
  ];
  const { subtotal, total_discount_amounts, total } = invoiceTotals([...prorations, ...discountedRenewals]);
  return {
    id: `upcoming_in_${sub.id}`,
    object: 'invoice',
    customer: sub.customer,
    currency: lines.length > 0 ? (lines[0]?.currency ?? 'usd') : 'usd',
    status: 'draft',
    created: state.nowSeconds(),
    period_start: sub.items[0]?.current_period_start ?? periodEnd,
    period_end: periodEnd,
    next_payment_attempt: periodEnd,
    subtotal,
    total_discount_amounts,
    total,
    amount_due: Math.max(total, 0),
    amount_paid: 0,
    amount_remaining: Math.max(total, 0),
    livemode: false,
    lines: list(lines, `/v1/invoices/upcoming/lines?subscription=${sub.id}`),
    parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: sub.id, metadata: sub.metadata } },
  };
});

const createMeterEvent = route('POST', '/v1/billing/meter_events', (req, state) => {
  const eventName = form.str(req.form, 'event_name');
  if (!eventName) throw required('event_name');
  const payload = form.metadata(req.form, 'payload');
  if (Object.keys(payload).length === 0) throw required('payload');
  const meter = [...state.meters.values()].find((m) => m.status === 'active' && m.event_name === eventName);
  if (!meter) throw invalid(`No active meter was found for event_name \`${eventName}\`.`, 'event_name');
  const customer = payload[meter.customer_mapping.event_payload_key];
  if (!customer) throw invalid(`payload[${meter.customer_mapping.event_payload_key}] is required.`, 'payload');
  state.customer(customer, `payload[${meter.customer_mapping.event_payload_key}]`);
  const value = payload[meter.value_settings.event_payload_key];
  if (value === undefined || Number.isNaN(Number(value))) throw invalid(`payload[${meter.value_settings.event_payload_key}] must be a number.`, 'payload');
  const now = state.nowSeconds();
  const timestamp = form.int(req.form, 'timestamp') ?? now;
  if (timestamp < now - 35 * 86_400 || timestamp > now + 300) throw invalid('timestamp must be within the past 35 days or up to 5 minutes in the future.', 'timestamp');
  const identifier = form.str(req.form, 'identifier') ?? state.id('mev');
  // Stripe enforces identifier uniqueness over a rolling 24 h or more: a repeat is not counted twice.
  const existing = state.meterEvents.find((e) => e.identifier === identifier);
  const event = existing ?? { event_name: eventName, identifier, payload, timestamp, created: now };
  if (!existing) state.meterEvents.push(event);
  return { object: 'billing.meter_event', livemode: false, ...event };
});

export const billingRoutes: FakeRoute[] = [createPreview, createMeterEvent];
