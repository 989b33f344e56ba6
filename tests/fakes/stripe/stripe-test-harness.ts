// The Stripe fake with the catalog already synced and a gateway pointed at it: what billing
// tests start from. Time is fixed (both in the fake and for webhook checks) so amounts repeat.
import { syncStripeCatalog } from '../../../adapters/stripe/catalog-sync';
import { createStripeClient } from '../../../adapters/stripe/stripe-client';
import { StripePaymentGateway, type StripePaymentGatewayOptions } from '../../../adapters/stripe/stripe-payment-gateway';
import type { CheckoutInput, GatewaySubscription } from '../../../core/billing/payment-gateway.port';
import { StripeFake } from './stripe-fake';

export const TEST_NOW = new Date('2026-03-10T12:00:00.000Z');
export const PUBLIC_URL = 'https://tomo.example';

export interface StripeHarness {
  fake: StripeFake;
  gateway: StripePaymentGateway;
  /** Another gateway on the same fake, with other options (e.g. no SDK retries). */
  gatewayWith(options: Partial<StripePaymentGatewayOptions>): StripePaymentGateway;
  /** A customer who checked out and paid: returns the subscription as Stripe now has it. */
  subscribe(input: Omit<CheckoutInput, 'customerId'> & { customerId?: string }): Promise<GatewaySubscription>;
  stop(): Promise<void>;
}

export async function startStripeHarness(options: { syncCatalog?: boolean } = {}): Promise<StripeHarness> {
  const fake = await StripeFake.start();
  fake.setNow(TEST_NOW);
  const clock = { now: () => new Date(TEST_NOW) };
  const gatewayWith = (extra: Partial<StripePaymentGatewayOptions>) =>
    new StripePaymentGateway({
      secretKey: 'sk_test_tomo_fake',
      apiUrl: fake.url,
      publicUrl: PUBLIC_URL,
      webhookSecret: fake.webhookSecret,
      clock,
      ...extra,
    });
  if (options.syncCatalog !== false) await syncStripeCatalog(createStripeClient({ secretKey: 'sk_test_tomo_fake', apiUrl: fake.url }));
  const gateway = gatewayWith({});
  return {
    fake,
    gateway,
    gatewayWith,
    async subscribe(input) {
      const customerId = input.customerId ?? (await gateway.ensureCustomer({ teamId: input.teamId, teamName: `Team ${input.teamId}` })).customerId;
      const session = await gateway.createCheckoutSession({ ...input, customerId });
      const { subscription } = fake.completeCheckoutSession(session.id);
      const found = subscription ? await gateway.getSubscription(subscription.id) : null;
      if (!found) throw new Error('checkout did not create a subscription');
      return found;
    },
    stop: () => fake.stop(),
  };
}
