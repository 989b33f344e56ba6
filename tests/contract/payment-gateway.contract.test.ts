import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SubscriptionEndedAtProvider, type PaymentGateway, type RedirectSession } from '../../core/billing/payment-gateway.port';
import { startStripeHarness, TEST_NOW } from '../fakes/stripe/stripe-test-harness';

/** What the contract needs besides the port: a way to act as the paying customer. */
interface GatewayContractHarness {
  gateway: PaymentGateway;
  /** The customer completes the hosted checkout; returns the new subscription's id. */
  pay(session: RedirectSession): Promise<string>;
  /** Responses the provider will bill this customer for (each identifier counted once). */
  billedResponses(customerId: string): number;
  /** The provider pauses it: a trial that ended without a payment method. */
  pauseForMissingPaymentMethod(externalId: string): void;
  stop(): Promise<void>;
}

function paymentGatewayContract(name: string, start: () => Promise<GatewayContractHarness>): void {
  describe(`PaymentGateway contract: ${name}`, () => {
    let h: GatewayContractHarness;
    beforeEach(async () => {
      h = await start();
    });
    afterEach(() => h.stop());

    async function subscribed(teamId: string, billingMode: 'fixed_rate' | 'pay_as_you_go' = 'fixed_rate', seats = 3) {
      const { customerId } = await h.gateway.ensureCustomer({ teamId, teamName: 'Contract Team' });
      const session = await h.gateway.createCheckoutSession({ teamId, customerId, planKey: 'gpt50', interval: 'monthly', billingMode, seats });
      const externalId = await h.pay(session);
      return { customerId, externalId };
    }

    it('keeps one customer per workspace', async () => {
      const first = await h.gateway.ensureCustomer({ teamId: 'TC1' });
      const again = await h.gateway.ensureCustomer({ teamId: 'TC1', knownCustomerId: first.customerId });

      expect(again).toEqual({ customerId: first.customerId, created: false });
    });

    it('reads back a paid checkout as the plan, interval, mode and seats bought', async () => {
      const { customerId, externalId } = await subscribed('TC2');

      const sub = await h.gateway.getSubscription(externalId);

      expect(sub).toMatchObject({
        externalId,
        customerId,
        teamId: 'TC2',
        planKey: 'gpt50',
        interval: 'monthly',
        billingMode: 'fixed_rate',
        quantity: 3,
        status: 'active',
        cancelAtPeriodEnd: false,
        endedAt: null,
      });
      expect(sub!.currentPeriodEnd.getTime()).toBeGreaterThan(sub!.currentPeriodStart.getTime());
      expect(await h.gateway.getSubscription('sub_unknown_to_the_provider')).toBeNull();
    });

    it('previews a charge for more seats, a credit for fewer, and applies the new count', async () => {
      const { externalId } = await subscribed('TC3');
      const prorationDate = new Date(TEST_NOW.getTime() + 5 * 86_400_000);

      const up = await h.gateway.previewProration({ externalId, quantity: 4, prorationDate });
      const down = await h.gateway.previewProration({ externalId, quantity: 2, prorationDate });
      const same = await h.gateway.previewProration({ externalId, quantity: 3, prorationDate });
      const updated = await h.gateway.updateSeatQuantity({ externalId, quantity: 4, prorationDate });

      expect(up.prorationAmountCents).toBeGreaterThan(0);
      expect(down.prorationAmountCents).toBeLessThan(0);
      expect(same.prorationAmountCents).toBe(0);
      expect(up.nextBillingDate).toEqual(updated.currentPeriodEnd);
      expect(updated.quantity).toBe(4);
      expect((await h.gateway.getSubscription(externalId))?.quantity).toBe(4);
    });

    it('turns auto-renew off and on', async () => {
      const { externalId } = await subscribed('TC4');

      expect(await h.gateway.setCancelAtPeriodEnd({ externalId, cancelAtPeriodEnd: true })).toMatchObject({ cancelAtPeriodEnd: true, status: 'active' });
      expect(await h.gateway.setCancelAtPeriodEnd({ externalId, cancelAtPeriodEnd: false })).toMatchObject({ cancelAtPeriodEnd: false });
    });

    it('resumes a paused subscription from now, and leaves any other as it is', async () => {
      const { externalId } = await subscribed('TC7');
      expect(await h.gateway.resume({ externalId })).toMatchObject({ status: 'active' });
      h.pauseForMissingPaymentMethod(externalId);
      expect(await h.gateway.getSubscription(externalId)).toMatchObject({ status: 'paused', endedAt: null });

      const resumed = await h.gateway.resume({ externalId });
      expect(resumed).toMatchObject({ status: 'active', endedAt: null, cancelAtPeriodEnd: false });
      expect(Math.abs(resumed.currentPeriodStart.getTime() - TEST_NOW.getTime())).toBeLessThan(1_000);
      expect(await h.gateway.getSubscription(externalId)).toMatchObject({ status: 'active' });
    });

    it('cancels immediately, once, and stops listing the subscription as open', async () => {
      const { customerId, externalId } = await subscribed('TC5');
      expect((await h.gateway.listOpenSubscriptions(customerId)).map((s) => s.externalId)).toEqual([externalId]);

      expect((await h.gateway.cancelImmediately({ externalId })).status).toBe('canceled');
      expect((await h.gateway.cancelImmediately({ externalId })).status).toBe('canceled');
      expect(await h.gateway.listOpenSubscriptions(customerId)).toEqual([]);
    });

    it('refuses to change or preview an ended subscription with its final state, asking for no change', async () => {
      const { externalId } = await subscribed('TC8');
      await h.gateway.cancelImmediately({ externalId });
      const now = new Date(TEST_NOW);
      const ended = (call: Promise<unknown>) =>
        call.then(
          () => null,
          (error: unknown) => error,
        );

      for (const call of [
        h.gateway.previewProration({ externalId, quantity: 5, prorationDate: now }),
        h.gateway.updateSeatQuantity({ externalId, quantity: 5, prorationDate: now }),
        h.gateway.setCancelAtPeriodEnd({ externalId, cancelAtPeriodEnd: true }),
        h.gateway.setCancelAtPeriodEnd({ externalId, cancelAtPeriodEnd: false }),
      ]) {
        const error = await ended(call);
        expect(error).toBeInstanceOf(SubscriptionEndedAtProvider);
        expect((error as SubscriptionEndedAtProvider).current).toMatchObject({ externalId, status: 'canceled', quantity: 3 });
      }
      const gone = await ended(h.gateway.previewProration({ externalId: 'sub_unknown_to_the_provider', quantity: 2, prorationDate: now }));
      expect(gone).toMatchObject({ externalId: 'sub_unknown_to_the_provider', current: null });
      expect((await h.gateway.getSubscription(externalId))?.quantity).toBe(3);
    });

    it('counts a reported response once however often it is sent', async () => {
      const { customerId } = await subscribed('TC6', 'pay_as_you_go', 1);
      const event = { identifier: 'answer-1', customerId, planKey: 'gpt50' as const, value: 1, occurredAt: TEST_NOW };

      const first = await h.gateway.reportMeterEvents([event, { ...event, identifier: 'answer-2' }]);
      const repeat = await h.gateway.reportMeterEvents([event]);

      expect(first).toEqual({ accepted: ['answer-1', 'answer-2'], failed: [] });
      expect(repeat).toEqual({ accepted: ['answer-1'], failed: [] });
      expect(h.billedResponses(customerId)).toBe(2);
    });

    it('describes a plan\'s product with its monthly, yearly and per-response prices', async () => {
      const product = await h.gateway.getPlanProduct('gpt50');

      expect(product).toMatchObject({ name: 'Tomo Standard', active: true });
      expect(product?.prices.map((p) => [p.lookupKey, p.billingMode, p.interval, p.currency, p.unitAmountCents])).toEqual([
        ['gpt50_monthly', 'fixed_rate', 'monthly', 'usd', 2000],
        ['gpt50_per_response', 'pay_as_you_go', 'monthly', 'usd', 40],
        ['gpt50_yearly', 'fixed_rate', 'yearly', 'usd', 20000],
      ]);
    });

    it('refuses a webhook without a valid signature', async () => {
      const body = JSON.stringify({ id: 'evt_1', object: 'event', type: 'invoice.paid', created: 1, data: { object: {} } });

      expect(await h.gateway.verifyWebhook(body, 't=1,v1=deadbeef')).toEqual({ ok: false, reason: 'invalid_signature' });
      expect(await h.gateway.verifyWebhook(body, null)).toEqual({ ok: false, reason: 'missing_signature' });
    });
  });
}

paymentGatewayContract('StripePaymentGateway against the Stripe HTTP fake', async () => {
  const stripe = await startStripeHarness();
  return {
    gateway: stripe.gateway,
    async pay(session) {
      const { subscription } = stripe.fake.completeCheckoutSession(session.id);
      if (!subscription) throw new Error('no subscription created');
      return subscription.id;
    },
    pauseForMissingPaymentMethod(externalId) {
      stripe.fake.setSubscriptionStatus(externalId, 'trialing');
      stripe.fake.endTrialWithoutPaymentMethod(externalId);
    },
    billedResponses: (customerId) =>
      stripe.fake.state.meterEvents
        .filter((e) => e.payload.stripe_customer_id === customerId)
        .reduce((sum, e) => sum + Number(e.payload.value), 0),
    stop: () => stripe.stop(),
  };
});
