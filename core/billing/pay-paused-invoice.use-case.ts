import type { Actor } from '../shared/actor';
import type { Outcome } from '../shared/domain-error';
import { fail, ok } from '../shared/domain-error';
import type { SubscriptionId, TeamId } from '../shared/ids';
import { toPaidSubscriptionSnapshot } from './apply-stripe-event.use-case';
import type { PaymentGateway } from './payment-gateway.port';
import { resumeIfPausedInvoicePaid } from './resume-after-paid-invoice';
import type { SubscriptionRecord } from './subscription';
import type { SubscriptionRepository } from './subscription-repository.port';
import type { SyncPaidSubscription } from './sync-paid-subscription.use-case';

export interface PayPausedInvoiceInput {
  readonly teamId: TeamId;
  readonly actor: Actor;
  readonly subscriptionId: SubscriptionId;
}

/** Where the admin pays (the provider's hosted invoice page), or the plan already back because it was paid. */
export type PayPausedInvoiceResult =
  | { readonly kind: 'pay'; readonly url: string; readonly amountDueCents: number; readonly currency: string }
  | { readonly kind: 'resumed'; readonly subscription: SubscriptionRecord };

/**
 * An admin pays the invoice a failed payment left open, on the provider's hosted page for it:
 * - a plan paused after a failed renewal (pause reason `payment_failed`), instead of resuming it
 *   into a new period charged again. Once paid, the plan comes back on the provider's own
 *   resumption or on the `invoice.paid` webhook (`resumeIfPausedInvoicePaid`);
 * - a suspended plan (Stripe's `unpaid`: retries exhausted, collection stopped, the latest invoice
 *   left open) or a past due one (retries still running): paying the latest invoice makes the
 *   subscription active at Stripe, and its `customer.subscription.updated` brings the row back.
 * Asked again after paying (the webhook not applied yet), the plan is re-read (and a paused one
 * resumed the same way) and stored as it is now.
 */
export class PayPausedInvoice {
  constructor(
    private readonly deps: {
      readonly gateway: Pick<PaymentGateway, 'getSubscription' | 'getLatestInvoice' | 'resume'>;
      readonly subscriptions: SubscriptionRepository;
      readonly syncPaidSubscription: SyncPaidSubscription;
    },
  ) {}

  async execute(input: PayPausedInvoiceInput): Promise<Outcome<PayPausedInvoiceResult>> {
    if (!input.actor.isAdmin) return fail('PERMISSION.ADMIN_REQUIRED');
    const row = await this.deps.subscriptions.findById(input.teamId, input.subscriptionId);
    if (!row || row.kind !== 'paid' || !row.externalId) return fail('SUBSCRIPTION.NOT_FOUND');
    const dunning = row.status === 'suspended' || row.status === 'past_due';
    // Active, ended, or paused for another reason (resumed, not paid): nothing is left to pay.
    if (!dunning && (row.status !== 'paused' || row.pauseReason !== 'payment_failed')) return fail('SUBSCRIPTION.NO_OPEN_INVOICE');
    const invoice = await this.deps.gateway.getLatestInvoice(row.externalId);
    if (invoice?.status === 'open' && invoice.hostedUrl) {
      return ok({ kind: 'pay', url: invoice.hostedUrl, amountDueCents: invoice.amountRemainingCents, currency: invoice.currency });
    }
    const current = await this.deps.gateway.getSubscription(row.externalId);
    if (!current) return fail('SUBSCRIPTION.NOT_FOUND');
    // The invoice just read: paid (the webhook not applied yet), the plan resumes on its cycle.
    const snapshot = toPaidSubscriptionSnapshot(await resumeIfPausedInvoicePaid(this.deps.gateway, current, invoice), true);
    if (typeof snapshot === 'string') return fail('SUBSCRIPTION.NOT_FOUND');
    const { subscription } = await this.deps.syncPaidSubscription.execute(input.teamId, snapshot);
    return subscription.status === 'active' ? ok({ kind: 'resumed', subscription }) : fail('SUBSCRIPTION.NO_OPEN_INVOICE');
  }
}
