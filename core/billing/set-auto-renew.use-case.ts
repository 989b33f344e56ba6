import type { Actor } from '../shared/actor';
import type { Clock } from '../shared/clock.port';
import type { Outcome } from '../shared/domain-error';
import { fail, ok } from '../shared/domain-error';
import type { SubscriptionId, TeamId } from '../shared/ids';
import { findUsablePaidSubscription } from './find-usable-subscription';
import type { SubscriptionRecord } from './subscription';
import type { SubscriptionRepository } from './subscription-repository.port';

/**
 * Auto-renew toggle (on by default). Turning it off cancels at period end: the
 * subscription stays active until then (spec 4).
 */
export class SetAutoRenew {
  constructor(private readonly deps: { readonly subscriptions: SubscriptionRepository; readonly clock: Clock }) {}

  async execute(input: {
    readonly teamId: TeamId;
    readonly actor: Actor;
    readonly subscriptionId: SubscriptionId;
    readonly autoRenew: boolean;
  }): Promise<Outcome<SubscriptionRecord>> {
    if (!input.actor.isAdmin) return fail('PERMISSION.ADMIN_REQUIRED');
    const now = this.deps.clock.now();
    const found = await findUsablePaidSubscription(this.deps.subscriptions, input.teamId, input.subscriptionId, now);
    if (!found.ok) return found;
    const subscription = found.value;
    if (input.autoRenew) subscription.resumeAutoRenew(now);
    else subscription.cancelAtPeriodEnd(now);
    await this.deps.subscriptions.save(input.teamId, subscription.toRecord());
    return ok(subscription.toRecord());
  }
}
