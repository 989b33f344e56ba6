import type { Actor } from '../shared/actor';
import type { Outcome } from '../shared/domain-error';
import { fail, ok } from '../shared/domain-error';
import type { SubscriptionId, TeamId } from '../shared/ids';
import { toPaidSubscriptionSnapshot } from './apply-stripe-event.use-case';
import type { PaymentGateway } from './payment-gateway.port';
import type { SubscriptionRecord } from './subscription';
import { resumeAfterPaidInvoice } from './resume-after-paid-invoice';
import type { SubscriptionRepository } from './subscription-repository.port';
import type { SyncPaidSubscription } from './sync-paid-subscription.use-case';

export interface ResumeInput {
  readonly teamId: TeamId;
  readonly actor: Actor;
  readonly subscriptionId: SubscriptionId;
}

/**
 * An admin resumes a paused plan (a trial ended without a payment method, once one is added; a
 * pause someone asked for): the provider first, with a new period from today, then the row takes
 * the provider's state. Still paused afterwards when the provider could not charge the new
 * period: the admin is told so (SUBSCRIPTION.RESUME_PAYMENT_FAILED) rather than shown the same
 * plan waiting without a word.
 *
 * A plan paused after a failed renewal is not restarted while the invoice that paused it is open
 * (SUBSCRIPTION.INVOICE_DUE): a new period charged today would come on top of that invoice, which
 * stays collectible. Paying it brings the plan back (`PayPausedInvoice`); once it is paid, resuming
 * keeps the billing cycle and charges nothing; voided or uncollectible, a new period starts.
 */
export class ResumePaidSubscription {
  constructor(
    private readonly deps: {
      readonly gateway: Pick<PaymentGateway, 'resume' | 'getLatestInvoice'>;
      readonly subscriptions: SubscriptionRepository;
      readonly syncPaidSubscription: SyncPaidSubscription;
    },
  ) {}

  async execute(input: ResumeInput): Promise<Outcome<SubscriptionRecord>> {
    if (!input.actor.isAdmin) return fail('PERMISSION.ADMIN_REQUIRED');
    const row = await this.deps.subscriptions.findById(input.teamId, input.subscriptionId);
    if (!row || row.kind !== 'paid' || !row.externalId) return fail('SUBSCRIPTION.NOT_FOUND');
    if (row.status !== 'paused') return fail('SUBSCRIPTION.NOT_PAUSED');
    const invoice = row.pauseReason === 'payment_failed' ? await this.deps.gateway.getLatestInvoice(row.externalId) : null;
    if (invoice?.status === 'open') return fail('SUBSCRIPTION.INVOICE_DUE');
    const resumed =
      invoice?.status === 'paid'
        ? await resumeAfterPaidInvoice(this.deps.gateway, row.externalId, invoice.id)
        : await this.deps.gateway.resume({ externalId: row.externalId, billingCycle: 'restart' });
    const snapshot = toPaidSubscriptionSnapshot(resumed, true);
    if (typeof snapshot === 'string') return fail('SUBSCRIPTION.NOT_FOUND');
    const { subscription } = await this.deps.syncPaidSubscription.execute(input.teamId, snapshot);
    // Ended at the provider while paused (canceled in the Dashboard, its customer deleted), the
    // webhook not applied yet: nothing to resume; the row now shows it ended.
    if (subscription.status === 'canceled') return fail('SUBSCRIPTION.NOT_ACTIVE');
    return subscription.status === 'paused' ? fail('SUBSCRIPTION.RESUME_PAYMENT_FAILED') : ok(subscription);
  }
}
