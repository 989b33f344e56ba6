import type { Clock } from '../../core/shared/clock.port';
import { StripePaymentGateway } from './stripe-payment-gateway';

export interface StripeEnv {
  readonly STRIPE_SECRET_KEY?: string | undefined;
  readonly STRIPE_WEBHOOK_SECRET?: string | undefined;
  readonly STRIPE_API_URL?: string | undefined;
  readonly PUBLIC_URL: string;
}

/**
 * The gateway for a composition root, or null when STRIPE_SECRET_KEY is unset: billing is
 * off (pricing buttons say "Coming soon", trials keep working).
 */
export function stripeGatewayFromEnv(env: StripeEnv, clock?: Clock): StripePaymentGateway | null {
  if (!env.STRIPE_SECRET_KEY) return null;
  return new StripePaymentGateway({
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null,
    apiUrl: env.STRIPE_API_URL ?? null,
    publicUrl: env.PUBLIC_URL,
    ...(clock ? { clock } : {}),
  });
}
