// Coupons and the discounts that apply them to a subscription's invoices
// (https://docs.stripe.com/billing/subscriptions/coupons): `POST /v1/coupons`, a subscription's
// `discounts` (update), a customer's discount (the Dashboard; `StripeFake.giveCustomerDiscount`),
// and what they take off invoice lines.
//
// What Stripe documents and the fake does:
// - A subscription's own discounts apply to its invoices; without any, the customer's discount does.
// - `once` applies to one invoice, `repeating` until `duration_in_months` after it was applied,
//   `forever` always.
// - Lines that are not prorations keep their gross `amount`; `discount_amounts` says what each
//   discount took, and the invoice's `total` is `subtotal` less `total_discount_amounts`.
// - Prorations in flexible billing mode (Checkout's default) with `proration_discounts=included`
//   (the default) carry the discount in their `amount` and list it with amount 0; with `itemized`
//   (`POST /v1/subscriptions/:id/migrate`) their `amount` is gross and `discount_amounts` holds it
//   (changelog 2025-09-30.clover, "itemize proration discount amounts").
// Left out: promotion codes (a discount made from one looks the same), `amount_off` coupons on
// prorations (the fake discounts prorations by `percent_off` only), the sign Stripe gives an
// itemized discount on a credit proration (the fake signs it like the line, so amount − discount
// is the net either way), taxes.
import { form, type FormObject } from './form-codec';
import { invalid, missing, required } from './stripe-fake-errors';
import { route, type FakeRoute } from './stripe-fake-routing';
import { addInterval, type FakePendingLine, type FakeSubscription, type StripeFakeState } from './stripe-fake-state';

export interface FakeCoupon {
  id: string;
  name: string | null;
  percent_off: number | null;
  amount_off: number | null;
  currency: string | null;
  duration: 'once' | 'repeating' | 'forever';
  duration_in_months: number | null;
  created: number;
}

export interface FakeDiscount {
  id: string;
  coupon: string;
  customer: string;
  subscription: string | null;
  start: number;
  end: number | null;
  /** A `once` coupon's discount has been used by an invoice. */
  used: boolean;
}

export function renderCoupon(c: FakeCoupon): Record<string, unknown> {
  return { ...c, object: 'coupon', livemode: false, valid: true, metadata: {}, max_redemptions: null, redeem_by: null, times_redeemed: 0, applies_to: null };
}

export function renderDiscount(state: StripeFakeState, d: FakeDiscount): Record<string, unknown> {
  const coupon = state.coupons.get(d.coupon);
  return {
    id: d.id,
    object: 'discount',
    customer: d.customer,
    subscription: d.subscription,
    start: d.start,
    end: d.end,
    invoice: null,
    invoice_item: null,
    promotion_code: null,
    checkout_session: null,
    subscription_item: null,
    source: { type: 'coupon', coupon: coupon ? renderCoupon(coupon) : d.coupon },
  };
}

/** A discount of `couponId` for the customer (and subscription), starting now. */
export function createDiscount(state: StripeFakeState, couponId: string, customer: string, subscription: string | null, param: string): FakeDiscount {
  const coupon = state.coupons.get(couponId);
  if (!coupon) throw missing('coupon', couponId, param);
  const start = state.nowSeconds();
  const end = coupon.duration === 'repeating' ? addInterval(start, 'month', coupon.duration_in_months ?? 1) : null;
  const discount: FakeDiscount = { id: state.id('di'), coupon: coupon.id, customer, subscription, start, end, used: false };
  state.discounts.set(discount.id, discount);
  return discount;
}

/** `discounts` of a subscription update: a list of `{ coupon }` or `{ discount }`, or '' to remove them all. */
export function parseSubscriptionDiscounts(state: StripeFakeState, sub: FakeSubscription, raw: FormObject): string[] | undefined {
  if (!('discounts' in raw)) return undefined;
  if (raw.discounts === '') return [];
  return form.objects(raw, 'discounts').map((entry, index) => {
    const existing = form.str(entry, 'discount');
    if (existing) {
      if (!state.discounts.has(existing)) throw missing('discount', existing, `discounts[${index}][discount]`);
      return existing;
    }
    if (form.str(entry, 'promotion_code')) throw invalid('The fake Stripe does not model promotion codes; pass a coupon.', `discounts[${index}][promotion_code]`);
    const coupon = form.str(entry, 'coupon');
    if (!coupon) throw required(`discounts[${index}][coupon]`);
    return createDiscount(state, coupon, sub.customer, sub.id, `discounts[${index}][coupon]`).id;
  });
}

/** The discounts an invoice of `sub` made at `at` gets: the subscription's own, else the customer's. */
export function applicableDiscounts(state: StripeFakeState, sub: FakeSubscription, at: number): { discount: FakeDiscount; coupon: FakeCoupon }[] {
  const own = sub.discounts ?? [];
  const customerDiscount = state.customers.get(sub.customer)?.discount;
  const ids = own.length > 0 ? own : customerDiscount ? [customerDiscount] : [];
  return ids.flatMap((id) => {
    const discount = state.discounts.get(id);
    const coupon = discount ? state.coupons.get(discount.coupon) : undefined;
    if (!discount || !coupon) return [];
    if (discount.end !== null && discount.end <= at) return [];
    if (coupon.duration === 'once' && discount.used) return [];
    return [{ discount, coupon }];
  });
}

/** Discounts taken off lines that are not prorations (gross `amount`, `discount_amounts` per discount). */
export function discountLines(state: StripeFakeState, sub: FakeSubscription, lines: FakePendingLine[], at: number): FakePendingLine[] {
  const result = lines.map((line) => ({ ...line, discount_amounts: [...(line.discount_amounts ?? [])] }));
  for (const { discount, coupon } of applicableDiscounts(state, sub, at)) {
    if (coupon.percent_off !== null) {
      for (const line of result) line.discount_amounts.push({ amount: Math.round((line.amount * coupon.percent_off) / 100), discount: discount.id });
      continue;
    }
    // amount_off: spread over the lines by their share of the subtotal, never more than it.
    const positive = result.filter((l) => l.amount > 0);
    const subtotal = positive.reduce((sum, l) => sum + l.amount, 0);
    const off = Math.min(coupon.amount_off ?? 0, subtotal);
    let left = off;
    positive.forEach((line, i) => {
      const share = i === positive.length - 1 ? left : Math.round((off * line.amount) / subtotal);
      left -= share;
      line.discount_amounts.push({ amount: share, discount: discount.id });
    });
  }
  return result;
}

/**
 * Prorations made at `at`, discounted as the subscription's `proration_discounts` says: `included`
 * takes the discount off the amount (listed with 0), `itemized` keeps the gross amount and lists it.
 */
export function discountProrations(state: StripeFakeState, sub: FakeSubscription, lines: FakePendingLine[], at: number): FakePendingLine[] {
  const percents = applicableDiscounts(state, sub, at).filter(({ coupon }) => coupon.percent_off !== null);
  if (percents.length === 0) return lines;
  return lines.map((line) => {
    let amount = line.amount;
    const discountAmounts: { amount: number; discount: string }[] = [];
    for (const { discount, coupon } of percents) {
      const off = Math.round((amount * (coupon.percent_off ?? 0)) / 100);
      if (sub.proration_discounts === 'itemized') {
        discountAmounts.push({ amount: off, discount: discount.id });
      } else {
        amount -= off;
        discountAmounts.push({ amount: 0, discount: discount.id });
      }
    }
    return { ...line, amount, discount_amounts: discountAmounts };
  });
}

/** Invoice totals of discounted lines: `subtotal`, `total_discount_amounts` (per discount), `total`. */
export function invoiceTotals(lines: FakePendingLine[]): { subtotal: number; total_discount_amounts: { amount: number; discount: string }[]; total: number } {
  const subtotal = lines.reduce((sum, l) => sum + l.amount, 0);
  const byDiscount = new Map<string, number>();
  for (const line of lines) for (const d of line.discount_amounts ?? []) byDiscount.set(d.discount, (byDiscount.get(d.discount) ?? 0) + d.amount);
  const total_discount_amounts = [...byDiscount].map(([discount, amount]) => ({ amount, discount }));
  return { subtotal, total_discount_amounts, total: subtotal - total_discount_amounts.reduce((sum, d) => sum + d.amount, 0) };
}

/** A finalized invoice used its `once` discounts. */
export function useOnceDiscounts(state: StripeFakeState, lines: FakePendingLine[]): void {
  for (const line of lines) {
    for (const d of line.discount_amounts ?? []) {
      const discount = state.discounts.get(d.discount);
      if (discount && state.coupons.get(discount.coupon)?.duration === 'once') discount.used = true;
    }
  }
}

const createCoupon = route('POST', '/v1/coupons', (req, state) => {
  const percentOff = form.str(req.form, 'percent_off');
  const amountOff = form.int(req.form, 'amount_off');
  if ((percentOff === undefined) === (amountOff === undefined)) throw invalid('You must pass exactly one of percent_off or amount_off.');
  const currency = form.str(req.form, 'currency') ?? null;
  if (amountOff !== undefined && !currency) throw required('currency');
  const duration = form.str(req.form, 'duration') ?? 'once';
  if (duration !== 'once' && duration !== 'repeating' && duration !== 'forever') throw invalid('Invalid duration: must be one of forever, once or repeating', 'duration');
  const months = form.int(req.form, 'duration_in_months') ?? null;
  if (duration === 'repeating' && months === null) throw required('duration_in_months');
  const percent = percentOff === undefined ? null : Number(percentOff);
  if (percent !== null && !(percent > 0 && percent <= 100)) throw invalid('percent_off must be greater than 0 and at most 100.', 'percent_off');
  const id = form.str(req.form, 'id') ?? state.id('co');
  if (state.coupons.has(id)) throw invalid('Coupon already exists.', 'id', 'resource_already_exists');
  const coupon: FakeCoupon = {
    id,
    name: form.str(req.form, 'name') ?? null,
    percent_off: percent,
    amount_off: amountOff ?? null,
    currency,
    duration,
    duration_in_months: duration === 'repeating' ? months : null,
    created: state.nowSeconds(),
  };
  state.coupons.set(id, coupon);
  return renderCoupon(coupon);
});

const getCoupon = route('GET', '/v1/coupons/:id', (req, state) => {
  const coupon = state.coupons.get(req.params.id ?? '');
  if (!coupon) throw missing('coupon', req.params.id ?? '', 'id');
  return renderCoupon(coupon);
});

export const discountRoutes: FakeRoute[] = [createCoupon, getCoupon];
