import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStripeClient } from '../../../adapters/stripe/stripe-client';
import { startStripeHarness, TEST_NOW, type StripeHarness } from '../../fakes/stripe/stripe-test-harness';

let h: StripeHarness;
beforeEach(async () => {
  h = await startStripeHarness();
});
afterEach(() => h.stop());

const DAY = 86_400_000;
// Bought at TEST_NOW (2026-03-10 12:00 UTC): the monthly period runs 31 days, to 2026-04-10.
const tenDaysIn = new Date(TEST_NOW.getTime() + 10 * DAY);

function standardMonthly(seats: number) {
  return h.subscribe({ teamId: 'T300', planKey: 'gpt50', interval: 'monthly', billingMode: 'fixed_rate', seats });
}

describe('seat changes with prorations', () => {
  it('previews what adding seats adds to the next invoice', async () => {
    const sub = await standardMonthly(3);

    const preview = await h.gateway.previewProration({ externalId: sub.externalId, quantity: 5, prorationDate: tenDaysIn });

    // 21 of 31 days left at $20 per seat: credit 3 seats (-40.65), charge 5 seats (+67.74).
    expect(preview.prorationAmountCents).toBe(-4065 + 6774);
    expect(preview.nextInvoiceTotalCents).toBe(2709 + 5 * 2000);
    expect(preview.nextBillingDate.toISOString()).toBe('2026-04-10T12:00:00.000Z');
    expect(preview.prorationDate).toEqual(tenDaysIn);
    expect(h.fake.state.subscriptions.get(sub.externalId)?.items[0]?.quantity).toBe(3);
  });

  it('previews a credit when seats go down', async () => {
    const sub = await standardMonthly(5);

    const preview = await h.gateway.previewProration({ externalId: sub.externalId, quantity: 2, prorationDate: tenDaysIn });

    expect(preview.prorationAmountCents).toBe(-6774 + 2710);
    expect(preview.nextInvoiceTotalCents).toBe(-4064 + 2 * 2000);
  });

  it('charges exactly the previewed amount when the change is confirmed with the preview date', async () => {
    const sub = await standardMonthly(3);
    const preview = await h.gateway.previewProration({ externalId: sub.externalId, quantity: 5, prorationDate: tenDaysIn });

    const updated = await h.gateway.updateSeatQuantity({ externalId: sub.externalId, quantity: 5, prorationDate: preview.prorationDate });

    expect(updated.quantity).toBe(5);
    const pending = h.fake.state.subscriptions.get(sub.externalId)!.pending_lines;
    expect(pending.reduce((sum, line) => sum + line.amount, 0)).toBe(preview.prorationAmountCents);
    const update = h.fake.callsTo('POST', `/v1/subscriptions/${sub.externalId}`).at(-1)!;
    expect(update.params).toMatchObject({ proration_behavior: 'create_prorations', proration_date: String(tenDaysIn.getTime() / 1000), items: [{ quantity: '5' }] });
  });

  it('applies a confirmed change once when it is sent twice with the same idempotency key', async () => {
    const sub = await standardMonthly(3);
    const input = { externalId: sub.externalId, quantity: 4, prorationDate: tenDaysIn, idempotencyKey: 'seat-change-42' };

    await h.gateway.updateSeatQuantity(input);
    await h.gateway.updateSeatQuantity(input);

    const updates = h.fake.callsTo('POST', `/v1/subscriptions/${sub.externalId}`);
    expect(updates.map((c) => [c.idempotencyKey, c.replayed])).toEqual([
      ['seat-change-42', false],
      ['seat-change-42', true],
    ]);
    expect(h.fake.state.subscriptions.get(sub.externalId)!.pending_lines).toHaveLength(2);
    expect(h.fake.eventsOfType('customer.subscription.updated')).toHaveLength(1);
  });

  it('survives a Stripe 500 on the update without double-charging (SDK retry, same key)', async () => {
    const sub = await standardMonthly(3);
    h.fake.failNext(1, { method: 'POST', path: `/v1/subscriptions/${sub.externalId}` });
    const updated = await h.gateway.updateSeatQuantity({ externalId: sub.externalId, quantity: 6, prorationDate: tenDaysIn });

    expect(updated.quantity).toBe(6);
    const posts = h.fake.callsTo('POST', `/v1/subscriptions/${sub.externalId}`);
    expect(posts.map((c) => c.status)).toEqual([500, 200]);
    expect(new Set(posts.map((c) => c.idempotencyKey)).size).toBe(1);
    expect(h.fake.state.subscriptions.get(sub.externalId)!.pending_lines).toHaveLength(2);
  });

  it('keeps pay-as-you-go seats in metadata: no quantity, no proration', async () => {
    const sub = await h.subscribe({ teamId: 'T301', planKey: 'gpt50', interval: 'monthly', billingMode: 'pay_as_you_go', seats: 2 });

    const preview = await h.gateway.previewProration({ externalId: sub.externalId, quantity: 9, prorationDate: tenDaysIn });
    const updated = await h.gateway.updateSeatQuantity({ externalId: sub.externalId, quantity: 9, prorationDate: tenDaysIn });

    expect(preview.prorationAmountCents).toBe(0);
    expect(updated.quantity).toBe(9);
    expect(h.fake.state.subscriptions.get(sub.externalId)).toMatchObject({ metadata: { seats: '9' }, pending_lines: [] });
  });
});

// A coupon on the subscription (Dashboard, portal promotion code) or on the customer: the preview
// shows what Stripe will charge, after the discount, in either way Stripe renders prorations.
describe('seat changes of a discounted plan', () => {
  const sdk = () => createStripeClient({ secretKey: 'sk_test_tomo_fake', apiUrl: h.fake.url });
  const twentyPercentOff = async (externalId: string) => {
    const coupon = await sdk().coupons.create({ percent_off: 20, duration: 'forever', name: 'Launch 20%' });
    await sdk().subscriptions.update(externalId, { discounts: [{ coupon: coupon.id }] });
  };

  it('previews the discounted proration and next invoice, and the change charges exactly that', async () => {
    const sub = await standardMonthly(3);
    await twentyPercentOff(sub.externalId);

    const preview = await h.gateway.previewProration({ externalId: sub.externalId, quantity: 5, prorationDate: tenDaysIn });

    // 20% off both proration lines (-40.65 → -32.52, +67.74 → +54.19) and the next period (5 × $20 → $80).
    expect(preview.prorationAmountCents).toBe(-3252 + 5419);
    expect(preview.nextInvoiceTotalCents).toBe(-3252 + 5419 + 8000);
    expect(preview.nextInvoiceDiscountCents).toBe(2000);
    await h.gateway.updateSeatQuantity({ externalId: sub.externalId, quantity: 5, prorationDate: preview.prorationDate });
    const pending = h.fake.state.subscriptions.get(sub.externalId)!.pending_lines;
    expect(pending.reduce((sum, line) => sum + line.amount, 0)).toBe(preview.prorationAmountCents);
  });

  it('nets itemized proration discounts (gross amounts, discounts listed apart) to the same charge', async () => {
    const sub = await standardMonthly(3);
    await twentyPercentOff(sub.externalId);
    await sdk().subscriptions.migrate(sub.externalId, { billing_mode: { type: 'flexible', flexible: { proration_discounts: 'itemized' } } });

    const preview = await h.gateway.previewProration({ externalId: sub.externalId, quantity: 5, prorationDate: tenDaysIn });

    expect(preview.prorationAmountCents).toBe(-3252 + 5419);
    expect(preview.nextInvoiceTotalCents).toBe(-3252 + 5419 + 8000);
    expect(preview.nextInvoiceDiscountCents).toBe(-813 + 1355 + 2000);
  });

  it("applies the customer's coupon to a subscription without its own", async () => {
    const sub = await standardMonthly(3);
    const coupon = await sdk().coupons.create({ percent_off: 50, duration: 'repeating', duration_in_months: 3 });
    h.fake.giveCustomerDiscount(sub.customerId, coupon.id);

    const preview = await h.gateway.previewProration({ externalId: sub.externalId, quantity: 5, prorationDate: tenDaysIn });

    expect(preview.prorationAmountCents).toBe(-2033 + 3387);
    expect(preview.nextInvoiceTotalCents).toBe(-2033 + 3387 + 5000);
    expect(preview.nextInvoiceDiscountCents).toBe(5000);
  });
});
