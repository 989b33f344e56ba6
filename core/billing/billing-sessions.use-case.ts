import type { Actor } from '../shared/actor';
import type { Clock } from '../shared/clock.port';
import type { Outcome } from '../shared/domain-error';
import { fail, ok } from '../shared/domain-error';
import type { TeamId } from '../shared/ids';
import type { CustomerRepository } from './customer-repository.port';
import type { PaymentGateway, RedirectSession } from './payment-gateway.port';
import type { BillingInterval, BillingMode, PaidPlanKey } from './plan';
import { PAID_PLAN_KEYS } from './plan';

/** Most seats one checkout may buy (a guard against typos; the portal can go higher). */
export const MAX_SEATS_PER_CHECKOUT = 10_000;

export interface WorkspaceRequest {
  readonly teamId: TeamId;
  readonly actor: Actor;
  /** Shown on the provider's customer record and invoices. */
  readonly teamName?: string | null;
  readonly email?: string | null;
}

export interface CheckoutRequest extends WorkspaceRequest {
  readonly planKey: PaidPlanKey;
  readonly interval: BillingInterval;
  readonly billingMode: BillingMode;
  readonly seats: number;
}

/** Where the hosted checkout or setup comes back to: the pricing page in the buyer's language. */
export interface ReturnTo {
  readonly pricingPath?: string;
}

/**
 * The hosted pages an admin is sent to: checkout for a plan, wallet setup, the customer
 * portal. One provider customer per workspace, created on first use and remembered in the
 * customers table.
 */
export class BillingSessions {
  constructor(
    private readonly deps: {
      readonly gateway: Pick<PaymentGateway, 'ensureCustomer' | 'createCheckoutSession' | 'createSetupSession' | 'createPortalSession'>;
      readonly customers: CustomerRepository;
      readonly clock: Clock;
    },
  ) {}

  async checkout(input: CheckoutRequest & ReturnTo): Promise<Outcome<RedirectSession>> {
    if (!input.actor.isAdmin) return fail('PERMISSION.ADMIN_REQUIRED');
    if (!PAID_PLAN_KEYS.includes(input.planKey)) return fail('SUBSCRIPTION.NOT_FOUND');
    if (!Number.isInteger(input.seats) || input.seats < 1 || input.seats > MAX_SEATS_PER_CHECKOUT) {
      return fail('SEATS.INVALID_QUANTITY', { quantity: String(input.seats) });
    }
    const customerId = await this.customerOf(input);
    return ok(
      await this.deps.gateway.createCheckoutSession({
        teamId: input.teamId,
        customerId,
        planKey: input.planKey,
        interval: input.interval,
        billingMode: input.billingMode,
        seats: input.seats,
        ...(input.pricingPath ? { pricingPath: input.pricingPath } : {}),
      }),
    );
  }

  /** Saves a card or wallet (Apple Pay, Google Pay, Alipay) without buying anything. */
  async walletSetup(input: WorkspaceRequest & ReturnTo): Promise<Outcome<RedirectSession>> {
    if (!input.actor.isAdmin) return fail('PERMISSION.ADMIN_REQUIRED');
    const customerId = await this.customerOf(input);
    return ok(
      await this.deps.gateway.createSetupSession({
        teamId: input.teamId,
        customerId,
        ...(input.pricingPath ? { pricingPath: input.pricingPath } : {}),
      }),
    );
  }

  /** Invoices, payment methods and cancellation, on the provider's portal. */
  async portal(input: WorkspaceRequest & { readonly returnUrl?: string }): Promise<Outcome<RedirectSession>> {
    if (!input.actor.isAdmin) return fail('PERMISSION.ADMIN_REQUIRED');
    const customerId = await this.customerOf(input);
    return ok(
      await this.deps.gateway.createPortalSession({ customerId, ...(input.returnUrl ? { returnUrl: input.returnUrl } : {}) }),
    );
  }

  /** The workspace's provider customer; a new one is remembered before anything else uses it. */
  private async customerOf(input: WorkspaceRequest): Promise<string> {
    const known = await this.deps.customers.find(input.teamId);
    const { customerId } = await this.deps.gateway.ensureCustomer({
      teamId: input.teamId,
      teamName: input.teamName ?? null,
      email: input.email ?? null,
      knownCustomerId: known?.externalCustomerId ?? null,
    });
    if (known?.externalCustomerId !== customerId) {
      await this.deps.customers.save(input.teamId, {
        teamId: input.teamId,
        externalCustomerId: customerId,
        email: input.email ?? known?.email ?? null,
        createdAt: known?.createdAt ?? this.deps.clock.now(),
      });
    }
    return customerId;
  }
}
