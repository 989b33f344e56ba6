import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStripeClient } from '../../../adapters/stripe/stripe-client';
import { startStripeHarness, type StripeHarness } from '../../fakes/stripe/stripe-test-harness';

let h: StripeHarness;
beforeEach(async () => {
  h = await startStripeHarness();
});
afterEach(() => h.stop());

describe('auto-renew and cancellation', () => {
  it('turning auto-renew off cancels at period end and keeps the subscription active; on again undoes it', async () => {
    const sub = await h.subscribe({ teamId: 'T600', planKey: 'gpt50', interval: 'yearly', billingMode: 'fixed_rate', seats: 3 });

    const off = await h.gateway.setCancelAtPeriodEnd({ externalId: sub.externalId, cancelAtPeriodEnd: true });
    expect(off).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: sub.currentPeriodEnd });
    expect(h.fake.state.subscriptions.get(sub.externalId)?.cancel_at).toBe(sub.currentPeriodEnd.getTime() / 1000);

    const on = await h.gateway.setCancelAtPeriodEnd({ externalId: sub.externalId, cancelAtPeriodEnd: false });
    expect(on).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    // Off again after on: a toggle is never answered from an earlier call's stored response.
    expect(await h.gateway.setCancelAtPeriodEnd({ externalId: sub.externalId, cancelAtPeriodEnd: true })).toMatchObject({ cancelAtPeriodEnd: true });
  });

  it('a cancellation scheduled in the customer portal (cancel_at, cancel_at_period_end false) reads as auto-renew off', async () => {
    const sub = await h.subscribe({ teamId: 'T604', planKey: 'gpt50', interval: 'monthly', billingMode: 'fixed_rate', seats: 2 });
    const stripe = createStripeClient({ secretKey: 'sk_test_tomo_fake', apiUrl: h.fake.url });

    // What the portal (and the Dashboard's "cancel at end of period") does in recent API versions.
    await stripe.subscriptions.update(sub.externalId, { cancel_at: sub.currentPeriodEnd.getTime() / 1000 });
    expect(h.fake.state.subscriptions.get(sub.externalId)?.cancel_at_period_end).toBe(false);

    expect(await h.gateway.getSubscription(sub.externalId)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });

    await stripe.subscriptions.update(sub.externalId, { cancel_at: '' });
    expect(await h.gateway.getSubscription(sub.externalId)).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
  });

  it('auto-renew turned back on in Tomo after a portal cancellation (cancel_at) clears it: the subscription renews', async () => {
    const sub = await h.subscribe({ teamId: 'T605', planKey: 'gpt50', interval: 'monthly', billingMode: 'fixed_rate', seats: 2 });
    const stripe = createStripeClient({ secretKey: 'sk_test_tomo_fake', apiUrl: h.fake.url });
    await stripe.subscriptions.update(sub.externalId, { cancel_at: sub.currentPeriodEnd.getTime() / 1000 });
    expect(await h.gateway.getSubscription(sub.externalId)).toMatchObject({ cancelAtPeriodEnd: true });

    expect(await h.gateway.setCancelAtPeriodEnd({ externalId: sub.externalId, cancelAtPeriodEnd: false })).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });

    // Read back from Stripe: nothing left that would end it.
    const after = await stripe.subscriptions.retrieve(sub.externalId);
    expect(after).toMatchObject({ status: 'active', cancel_at: null, cancel_at_period_end: false });
    // One parameter per request: Stripe refuses cancel_at and cancel_at_period_end together.
    for (const call of h.fake.callsTo('POST', `/v1/subscriptions/${sub.externalId}`)) {
      expect('cancel_at' in call.params && 'cancel_at_period_end' in call.params).toBe(false);
    }
  });

  it('auto-renew on and off again from Tomo still works (cancel_at_period_end)', async () => {
    const sub = await h.subscribe({ teamId: 'T606', planKey: 'gpt50', interval: 'yearly', billingMode: 'fixed_rate', seats: 1 });
    await h.gateway.setCancelAtPeriodEnd({ externalId: sub.externalId, cancelAtPeriodEnd: true });
    expect(h.fake.state.subscriptions.get(sub.externalId)).toMatchObject({ cancel_at_period_end: true, cancel_at: Math.floor(sub.currentPeriodEnd.getTime() / 1000) });

    expect(await h.gateway.setCancelAtPeriodEnd({ externalId: sub.externalId, cancelAtPeriodEnd: false })).toMatchObject({ cancelAtPeriodEnd: false });
    expect(h.fake.state.subscriptions.get(sub.externalId)).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
  });

  it('the fake refuses cancel_at with cancel_at_period_end, like Stripe', async () => {
    const sub = await h.subscribe({ teamId: 'T607', planKey: 'gpt50', interval: 'monthly', billingMode: 'fixed_rate', seats: 1 });
    const stripe = createStripeClient({ secretKey: 'sk_test_tomo_fake', apiUrl: h.fake.url });
    await expect(stripe.subscriptions.update(sub.externalId, { cancel_at: '', cancel_at_period_end: false })).rejects.toMatchObject({ statusCode: 400 });
  });

  it('uninstall: every open subscription of the workspace is canceled now, without refund, with a final invoice of what was not invoiced', async () => {
    const first = await h.subscribe({ teamId: 'T601', planKey: 'gpt50', interval: 'monthly', billingMode: 'fixed_rate', seats: 3 });
    await h.subscribe({ teamId: 'T601', customerId: first.customerId, planKey: 'gpt50_8k', interval: 'monthly', billingMode: 'pay_as_you_go', seats: 1 });

    const open = await h.gateway.listOpenSubscriptions(first.customerId);
    expect(open).toHaveLength(2);
    const canceled = await Promise.all(open.map((s) => h.gateway.cancelImmediately({ externalId: s.externalId })));

    expect(canceled.map((s) => s.status)).toEqual(['canceled', 'canceled']);
    expect(await h.gateway.listOpenSubscriptions(first.customerId)).toEqual([]);
    for (const call of h.fake.callsTo('DELETE', '/v1/subscriptions/')) {
      expect(call.params).toEqual({ prorate: 'false', invoice_now: 'true' });
      expect(call.idempotencyKey).toMatch(/^cancel:sub_/);
    }
  });

  it('canceling an already canceled subscription changes nothing', async () => {
    const sub = await h.subscribe({ teamId: 'T602', planKey: 'gpt50_4k_50r', interval: 'monthly', billingMode: 'fixed_rate', seats: 1 });
    await h.gateway.cancelImmediately({ externalId: sub.externalId });

    const again = await h.gateway.cancelImmediately({ externalId: sub.externalId });

    expect(again.status).toBe('canceled');
    expect(h.fake.callsTo('DELETE', '/v1/subscriptions/')).toHaveLength(1);
  });

  it('re-reads a subscription Stripe moved on its own, and answers null for one it does not know', async () => {
    const sub = await h.subscribe({ teamId: 'T603', planKey: 'gpt50', interval: 'monthly', billingMode: 'fixed_rate', seats: 2 });
    h.fake.setSubscriptionStatus(sub.externalId, 'past_due');

    expect(await h.gateway.getSubscription(sub.externalId)).toMatchObject({ status: 'past_due', quantity: 2 });
    expect(await h.gateway.getSubscription('sub_does_not_exist')).toBeNull();
  });
});
