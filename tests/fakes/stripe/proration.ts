// Stripe's proration arithmetic for a quantity (or price) change inside the current period: one
// credit line for the unused time of the old quantity, one debit line for the remaining time of
// the new one, each prorated by the second and rounded to the cent.
import type { FakePendingLine, FakePrice, FakeSubscription, FakeSubscriptionItem, StripeFakeState } from './stripe-fake-state';

export interface ItemChange {
  item: FakeSubscriptionItem;
  price: FakePrice;
  quantity: number | null;
}

function productName(state: StripeFakeState, price: FakePrice): string {
  return state.products.get(price.product)?.name ?? price.product;
}

function stamp(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

export function prorationLines(state: StripeFakeState, change: ItemChange, at: number): FakePendingLine[] {
  const { item } = change;
  const oldPrice = state.prices.get(item.price);
  if (!oldPrice || oldPrice.recurring?.usage_type === 'metered') return [];
  const oldQuantity = item.quantity ?? 0;
  const newQuantity = change.quantity ?? oldQuantity;
  if (newQuantity === oldQuantity && change.price.id === oldPrice.id) return [];
  const start = item.current_period_start;
  const end = item.current_period_end;
  const fraction = (end - at) / (end - start);
  const period = { start: at, end };
  const lines: FakePendingLine[] = [];
  if (oldQuantity > 0) {
    lines.push({
      description: `Unused time on ${oldQuantity} × ${productName(state, oldPrice)} after ${stamp(at)}`,
      amount: -Math.round((oldPrice.unit_amount ?? 0) * oldQuantity * fraction),
      quantity: oldQuantity,
      price: oldPrice.id,
      subscription_item: item.id,
      period,
    });
  }
  if (newQuantity > 0) {
    lines.push({
      description: `Remaining time on ${newQuantity} × ${productName(state, change.price)} after ${stamp(at)}`,
      amount: Math.round((change.price.unit_amount ?? 0) * newQuantity * fraction),
      quantity: newQuantity,
      price: change.price.id,
      subscription_item: item.id,
      period,
    });
  }
  return lines;
}

/** Usage recorded on the item's meter during its current period, times the unit price. */
export function meteredUsage(state: StripeFakeState, sub: FakeSubscription, item: FakeSubscriptionItem, price: FakePrice): number {
  const meter = price.recurring?.meter ? state.meters.get(price.recurring.meter) : undefined;
  if (!meter) return 0;
  return state.meterEvents
    .filter((e) => e.event_name === meter.event_name)
    .filter((e) => e.payload[meter.customer_mapping.event_payload_key] === sub.customer)
    .filter((e) => e.timestamp >= item.current_period_start && e.timestamp < item.current_period_end)
    .reduce((sum, e) => sum + Number(e.payload[meter.value_settings.event_payload_key] ?? 0), 0);
}
