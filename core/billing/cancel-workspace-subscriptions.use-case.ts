import type { Clock } from '../shared/clock.port';
import type { TeamId } from '../shared/ids';
import { toPaidSubscriptionSnapshot } from './apply-stripe-event.use-case';
import type { CustomerRepository } from './customer-repository.port';
import type { PaymentGateway } from './payment-gateway.port';
import { Subscription } from './subscription';
import type { SubscriptionRepository } from './subscription-repository.port';
import type { SyncPaidSubscription } from './sync-paid-subscription.use-case';

/**
 * Uninstall, billing side (spec 1, 4): every paid subscription of the workspace ends now at the
 * provider, without refund, and its row takes the provider's final state. Covers the provider's
 * open subscriptions of the workspace's customer and any row still naming one. Idempotent: an
 * already ended subscription is left as it is, so a retried job finishes the rest.
 */
export class CancelWorkspaceSubscriptions {
  constructor(
    private readonly deps: {
      readonly gateway: Pick<PaymentGateway, 'listOpenSubscriptions' | 'cancelImmediately' | 'getSubscription'>;
      readonly customers: CustomerRepository;
      readonly subscriptions: SubscriptionRepository;
      readonly syncPaidSubscription: SyncPaidSubscription;
      readonly clock: Clock;
    },
  ) {}

  async execute(teamId: TeamId): Promise<{ readonly canceledExternalIds: string[] }> {
    const externalIds = new Set<string>();
    const customer = await this.deps.customers.find(teamId);
    if (customer) {
      for (const open of await this.deps.gateway.listOpenSubscriptions(customer.externalCustomerId)) externalIds.add(open.externalId);
    }
    for (const row of await this.deps.subscriptions.listByTeam(teamId)) {
      const ended = row.status === 'canceled' || row.status === 'expired';
      // With the customer known, its open subscriptions are listed above; without it, even rows
      // the uninstall already ended here may still be open at the provider.
      if (!row.externalId || externalIds.has(row.externalId) || (customer && ended)) continue;
      const current = await this.deps.gateway.getSubscription(row.externalId);
      if (current && current.status !== 'canceled' && current.status !== 'incomplete_expired') {
        externalIds.add(row.externalId);
      } else if (!ended) {
        // Already over at the provider (or deleted there by hand): only the row is left to end.
        const subscription = Subscription.fromRecord(row);
        const now = this.deps.clock.now();
        subscription.cancelNow(now, current?.endedAt ?? now);
        await this.deps.subscriptions.save(teamId, subscription.toRecord());
      }
    }
    const canceledExternalIds: string[] = [];
    for (const externalId of externalIds) {
      const ended = await this.deps.gateway.cancelImmediately({ externalId });
      canceledExternalIds.push(externalId);
      const snapshot = toPaidSubscriptionSnapshot(ended, true);
      if (typeof snapshot !== 'string') await this.deps.syncPaidSubscription.execute(teamId, snapshot);
    }
    return { canceledExternalIds };
  }
}
