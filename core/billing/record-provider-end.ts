import type { Clock } from '../shared/clock.port';
import type { TeamId } from '../shared/ids';
import { toPaidSubscriptionSnapshot } from './apply-stripe-event.use-case';
import type { SubscriptionEndedAtProvider } from './payment-gateway.port';
import { Subscription } from './subscription';
import type { SubscriptionRepository } from './subscription-repository.port';
import type { SyncPaidSubscription } from './sync-paid-subscription.use-case';

/**
 * An admin changed a plan the provider had already ended (its webhook not applied yet): the row
 * takes the provider's final state now, as the webhook would, so the page stops offering changes
 * and the admin is told the plan is no longer active rather than that the provider is down. A
 * subscription the provider no longer has at all ends now.
 */
export class RecordProviderEnd {
  constructor(
    private readonly deps: {
      readonly subscriptions: SubscriptionRepository;
      readonly syncPaidSubscription: SyncPaidSubscription;
      readonly clock: Clock;
    },
  ) {}

  async execute(teamId: TeamId, ended: SubscriptionEndedAtProvider): Promise<void> {
    const snapshot = ended.current ? toPaidSubscriptionSnapshot(ended.current, true) : null;
    if (snapshot && typeof snapshot !== 'string') {
      await this.deps.syncPaidSubscription.execute(teamId, snapshot);
      return;
    }
    const row = await this.deps.subscriptions.findByExternalId(teamId, ended.externalId);
    if (!row) return;
    const subscription = Subscription.fromRecord(row);
    const now = this.deps.clock.now();
    subscription.cancelNow(now, ended.current?.endedAt ?? now);
    await this.deps.subscriptions.save(teamId, subscription.toRecord());
  }
}
