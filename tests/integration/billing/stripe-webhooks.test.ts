import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startStripeHarness, TEST_NOW, type StripeHarness } from '../../fakes/stripe/stripe-test-harness';

let h: StripeHarness;
beforeEach(async () => {
  h = await startStripeHarness();
});
afterEach(() => h.stop());

const nowSeconds = Math.floor(TEST_NOW.getTime() / 1000);

async function paidCheckout(teamId: string) {
  const sub = await h.subscribe({ teamId, planKey: 'gpt50', interval: 'monthly', billingMode: 'fixed_rate', seats: 2 });
  const event = (type: string) => h.fake.eventsOfType(type).at(-1)!;
  return { sub, event };
}

describe('webhook signature verification', () => {
  it('turns a correctly signed checkout.session.completed into ids to re-read', async () => {
    const { sub, event } = await paidCheckout('T500');
    const completed = event('checkout.session.completed');
    const { payload, signature } = h.fake.signedWebhook(completed, { timestamp: nowSeconds });

    const verified = await h.gateway.verifyWebhook(Buffer.from(payload), signature);

    expect(verified).toEqual({
      ok: true,
      event: {
        id: completed.id,
        type: 'checkout.session.completed',
        createdAt: TEST_NOW,
        customerId: sub.customerId,
        subscriptionId: sub.externalId,
        teamId: 'T500',
      },
    });
  });

  it('reads the subscription id of subscription and invoice events', async () => {
    const { sub, event } = await paidCheckout('T501');

    for (const type of ['customer.subscription.created', 'invoice.paid']) {
      const { payload, signature } = h.fake.signedWebhook(event(type), { timestamp: nowSeconds });
      const verified = await h.gateway.verifyWebhook(payload, signature);
      expect(verified).toMatchObject({ ok: true, event: { type, subscriptionId: sub.externalId, customerId: sub.customerId, teamId: 'T501' } });
    }
  });

  it('a delayed payment settling after Checkout (async_payment_succeeded / _failed) and invoice.payment_succeeded name the subscription to re-read', async () => {
    const { sub, event } = await paidCheckout('T504');
    const completed = event('checkout.session.completed');
    const paid = event('invoice.paid');
    const variants = [
      { ...completed, id: 'evt_async_ok', type: 'checkout.session.async_payment_succeeded' },
      { ...completed, id: 'evt_async_failed', type: 'checkout.session.async_payment_failed' },
      { ...paid, id: 'evt_payment_succeeded', type: 'invoice.payment_succeeded' },
    ];

    for (const variant of variants) {
      const { payload, signature } = h.fake.signedWebhook(variant, { timestamp: nowSeconds });
      expect(await h.gateway.verifyWebhook(payload, signature)).toMatchObject({
        ok: true,
        event: { id: variant.id, type: variant.type, subscriptionId: sub.externalId, customerId: sub.customerId, teamId: 'T504' },
      });
    }
  });

  it('passes other event types through as ignored', async () => {
    const { event } = await paidCheckout('T502');
    const { payload, signature } = h.fake.signedWebhook(event('customer.created'), { timestamp: nowSeconds });

    expect(await h.gateway.verifyWebhook(payload, signature)).toMatchObject({ ok: true, event: { type: 'ignored', originalType: 'customer.created' } });
  });

  it('rejects a signature made with another secret, a tampered body, a stale timestamp and no signature', async () => {
    const { event } = await paidCheckout('T503');
    const completed = event('checkout.session.completed');
    const forged = h.fake.signedWebhook(completed, { secret: 'whsec_someone_else', timestamp: nowSeconds });
    const genuine = h.fake.signedWebhook(completed, { timestamp: nowSeconds });
    const stale = h.fake.signedWebhook(completed, { timestamp: nowSeconds - 301 });

    expect(await h.gateway.verifyWebhook(forged.payload, forged.signature)).toEqual({ ok: false, reason: 'invalid_signature' });
    expect(await h.gateway.verifyWebhook(genuine.payload.replace('T503', 'T999'), genuine.signature)).toEqual({ ok: false, reason: 'invalid_signature' });
    expect(await h.gateway.verifyWebhook(stale.payload, stale.signature)).toEqual({ ok: false, reason: 'invalid_signature' });
    expect(await h.gateway.verifyWebhook(genuine.payload, undefined)).toEqual({ ok: false, reason: 'missing_signature' });
  });

  it('accepts a delivery signed 299 seconds before now', async () => {
    const { event } = await paidCheckout('T504');
    const recent = h.fake.signedWebhook(event('invoice.paid'), { timestamp: nowSeconds - 299 });

    expect(await h.gateway.verifyWebhook(recent.payload, recent.signature)).toMatchObject({ ok: true });
  });

  it('while a rolled secret overlaps, Stripe signs with both (two v1 entries): either configured secret verifies it', async () => {
    const { event } = await paidCheckout('T506');
    const paid = event('invoice.paid');
    const v1 = (secret: string) => h.fake.signedWebhook(paid, { secret, timestamp: nowSeconds }).signature.split(',').find((p) => p.startsWith('v1='))!;
    const { payload } = h.fake.signedWebhook(paid, { timestamp: nowSeconds });
    const header = `t=${nowSeconds},${v1('whsec_rolled_old_secret')},${v1(h.fake.webhookSecret)}`;

    expect(await h.gateway.verifyWebhook(payload, header)).toMatchObject({ ok: true, event: { type: 'invoice.paid' } });
    expect(await h.gatewayWith({ webhookSecret: 'whsec_rolled_old_secret' }).verifyWebhook(payload, header)).toMatchObject({ ok: true });
    expect(await h.gatewayWith({ webhookSecret: 'whsec_neither' }).verifyWebhook(payload, header)).toEqual({ ok: false, reason: 'invalid_signature' });
  });

  it('refuses every delivery when no webhook secret is configured', async () => {
    const { event } = await paidCheckout('T505');
    const { payload, signature } = h.fake.signedWebhook(event('invoice.paid'), { timestamp: nowSeconds });

    expect(await h.gatewayWith({ webhookSecret: null }).verifyWebhook(payload, signature)).toEqual({ ok: false, reason: 'not_configured' });
  });
});
