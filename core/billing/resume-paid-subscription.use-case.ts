import type { Actor } from '../shared/actor';
import type { Outcome } from '../shared/domain-error';
import { fail, ok } from '../shared/domain-error';
import type { SubscriptionId, TeamId } from '../shared/ids';
import { toPaidSubscriptionSnapshot } from './apply-stripe-event.use-case';
import type { PaymentGateway } from './payment-gateway.port';
import type { SubscriptionRecord } from './subscription';
import type { SubscriptionRepository } from './subscription-repository.port';
import type { SyncPaidSubscription } from './sync-paid-subscription.use-case';

export interface ResumeInput {
  readonly teamId: TeamId;
  readonly actor: Actor;
  readonly subscriptionId: SubscriptionId;
}

/**
 * An admin resumes a paused plan (whatever paused it: a trial ended without a payment method,
 * once one is added; a failed renewal; a pause someone asked for): the provider first, then the row takes the provider's state. Still paused
 * afterwards when the provider could not charge the new period: the admin is told so
 * (SUBSCRIPTION.RESUME_PAYMENT_FAILED) rather than shown the same plan waiting without a word.
 */
export class ResumePaidSubscription {
  constructor(
    private readonly deps: {
      readonly gateway: Pick<PaymentGateway, 'resume'>;
      readonly subscriptions: SubscriptionRepository;
      readonly syncPaidSubscription: SyncPaidSubscription;
    },
  ) {}

  async execute(input: ResumeInput): Promise<Outcome<SubscriptionRecord>> {
    if (!input.actor.isAdmin) return fail('PERMISSION.ADMIN_REQUIRED');
    const row = await this.deps.subscriptions.findById(input.teamId, input.subscriptionId);
    if (!row || row.kind !== 'paid' || !row.externalId) return fail('SUBSCRIPTION.NOT_FOUND');
    if (row.status !== 'paused') return fail('SUBSCRIPTION.NOT_PAUSED');
    const snapshot = toPaidSubscriptionSnapshot(await this.deps.gateway.resume({ externalId: row.externalId }), true);
    if (typeof snapshot === 'string') return fail('SUBSCRIPTION.NOT_FOUND');
    const { subscription } = await this.deps.syncPaidSubscription.execute(input.teamId, snapshot);
    return subscription.status === 'paused' ? fail('SUBSCRIPTION.RESUME_PAYMENT_FAILED') : ok(subscription);
  }
}
