import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeClient } from '../../../adapters/stripe/stripe-client';
import { meterEventName } from '../../../adapters/stripe/stripe-catalog-keys';
import { signSlackRequest } from '../../../adapters/slack/verify-slack-signature';
import type { StripeFake } from '../../fakes/stripe/stripe-fake';
import { buyThroughCheckout } from './support/checkout-flow';
import { eventually, SLACK_SIGNING_SECRET, startBillingWorld, TEAM, type BillingWorld } from './support/billing-world';

let w: BillingWorld;
let stripe: StripeFake;
beforeAll(async () => {
  w = await startBillingWorld();
  stripe = w.stripe!;
});
afterAll(() => w.close());

describe('uninstalling Tomo cancels every subscription of the workspace at once', () => {
  it('ends each Stripe subscription now, without refund, and every row follows', async () => {
    stripe.deliverWebhooksTo(`${w.app.baseUrl}/api/stripe/webhook`);
    const fixed = await buyThroughCheckout(w.admin, stripe, { plan: 'gpt50', interval: 'yearly', seats: 3 });
    const payg = await buyThroughCheckout(w.admin, stripe, { plan: 'gpt50_8k', mode: 'pay_as_you_go', seats: 2 });
    await stripe.flushWebhooks();
    const fixedRow = await eventually(async () => {
      const found = await w.rows();
      return found.filter((r) => r.status === 'active').length === 2 && found.find((r) => r.externalId === fixed.subscriptionId);
    }, 'two active rows');
    // More seats mid-term: a prorated charge waits for the next invoice...
    expect((await w.admin.send('POST', `/api/billing/subscriptions/${fixedRow.id}/seats`, { quantity: 5 })).status).toBe(200);
    const pending = structuredClone(stripe.state.subscription(fixed.subscriptionId).pending_lines);
    expect(pending.length).toBeGreaterThan(0);
    // ...and 7 pay-as-you-go responses were answered this period, not invoiced yet.
    const sdkOurs = createStripeClient({ secretKey: 'sk_test_tomo_fake', apiUrl: stripe.url });
    const paygCustomer = stripe.state.subscription(payg.subscriptionId).customer;
    await sdkOurs.billing.meterEvents.create({ event_name: meterEventName('gpt50_8k'), payload: { stripe_customer_id: paygCustomer, value: '7' } });
    // Bought a moment ago: its webhooks have not reached Tomo yet.
    stripe.deliverWebhooksTo(null);
    const unsynced = await buyThroughCheckout(w.admin, stripe, { plan: 'gpt50_4k_50r', seats: 1 });
    const ours = [fixed.subscriptionId, payg.subscriptionId, unsynced.subscriptionId];
    // Another workspace's subscription on the same Stripe account.
    const sdk = createStripeClient({ secretKey: 'sk_test_other', apiUrl: stripe.url });
    const otherCustomer = await sdk.customers.create({ metadata: { team_id: 'T0OTHER01' } });
    const price = (await sdk.prices.list({ lookup_keys: ['gpt50_monthly'] })).data[0]!;
    const session = await sdk.checkout.sessions.create({
      mode: 'subscription',
      customer: otherCustomer.id,
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: 'https://other.example/ok',
    });
    const other = stripe.completeCheckoutSession(session.id);

    // Slack tells Tomo it was uninstalled.
    const body = JSON.stringify({
      team_id: TEAM,
      api_app_id: w.team.appId,
      type: 'event_callback',
      event_id: 'Ev0UNINSTALL',
      event_time: Math.floor(Date.now() / 1000),
      event: { type: 'app_uninstalled' },
    });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const slackEvent = await fetch(`${w.app.baseUrl}/slack/events`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-slack-request-timestamp': timestamp,
        'x-slack-signature': signSlackRequest(SLACK_SIGNING_SECRET, timestamp, body),
      },
      body,
    });
    expect(slackEvent.status).toBe(200);

    await eventually(async () => ours.every((id) => stripe.state.subscription(id).status === 'canceled'), 'Stripe cancellations');
    for (const id of ours) {
      const sub = stripe.state.subscription(id);
      const cancel = stripe.callsTo('DELETE', `/v1/subscriptions/${id}`);
      expect(cancel).toHaveLength(1);
      // No credit for the unused rest of the period (no refund mid-term), but a final invoice now.
      expect(cancel[0]).toMatchObject({ idempotencyKey: `cancel:${id}`, params: { prorate: 'false', invoice_now: 'true' } });
      expect(sub.pending_lines).toEqual([]);
    }
    // The final invoices bill what was used and not invoiced yet: the seats added mid-term...
    const finalOf = (id: string) => stripe.invoicesOf(id).at(-1) as { amount_due: number; status: string; lines: { data: { amount: number; description: string }[] } };
    const seatsFinal = finalOf(fixed.subscriptionId);
    expect(seatsFinal.lines.data.map((l) => l.amount)).toEqual(pending.map((l) => l.amount));
    expect(seatsFinal).toMatchObject({ status: 'paid', amount_due: pending.reduce((sum, l) => sum + l.amount, 0) });
    // ...and the pay-as-you-go responses answered this period.
    const perResponse = Number(stripe.state.prices.get(stripe.state.subscription(payg.subscriptionId).items[0]!.price)!.unit_amount_decimal);
    expect(finalOf(payg.subscriptionId)).toMatchObject({ status: 'paid', amount_due: Math.round(7 * perResponse) });
    expect(finalOf(payg.subscriptionId).lines.data[0]?.description).toMatch(/^7 × /);
    expect(stripe.state.subscription(other.subscription!.id).status).toBe('active');
    // The uninstall cancels the rows at once; the billing job then gives them Stripe's own
    // cancellation time. Wait for that second step, not just the first.
    const stripeCanceledAt = (externalId: string) => new Date(stripe.state.subscription(externalId).canceled_at! * 1000);
    const rows = await eventually(async () => {
      const found = await w.rows();
      const settled = found.every(
        (r) => r.status === 'canceled' && r.canceledAt?.getTime() === stripeCanceledAt(r.externalId!).getTime(),
      );
      return found.length === 3 && settled && found;
    }, 'canceled rows with Stripe cancellation times');
    for (const row of rows) expect(row.canceledAt).toEqual(stripeCanceledAt(row.externalId!));
  });
});
