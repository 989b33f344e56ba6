import type { Actor } from '../shared/actor';
import type { Clock } from '../shared/clock.port';
import type { Outcome } from '../shared/domain-error';
import { fail, ok } from '../shared/domain-error';
import type { SubscriptionId, TeamId } from '../shared/ids';
import { findUsablePaidSubscription } from './find-usable-subscription';
import type { Subscription, SubscriptionRecord } from './subscription';
import type { SubscriptionRepository } from './subscription-repository.port';

export interface AutoRenewInput {
  readonly teamId: TeamId;
  readonly actor: Actor;
  readonly subscriptionId: SubscriptionId;
  readonly autoRenew: boolean;
}

/**
 * Auto-renew toggle (on by default). Turning it off cancels at period end: the
 * subscription stays active until then (spec 4).
 */
export class SetAutoRenew {
  constructor(private readonly deps: { readonly subscriptions: SubscriptionRepository; readonly clock: Clock }) {}

  async execute(input: AutoRenewInput): Promise<Outcome<SubscriptionRecord>> {
    const found = await this.check(input);
    if (!found.ok) return found;
    const now = this.deps.clock.now();
    const subscription = found.value;
    if (input.autoRenew) subscription.resumeAutoRenew(now);
    else subscription.cancelAtPeriodEnd(now);
    await this.deps.subscriptions.save(input.teamId, subscription.toRecord());
    return ok(subscription.toRecord());
  }

  /** The rules alone (admin, paid, still active), without changing anything. */
  async check(input: AutoRenewInput): Promise<Outcome<Subscription>> {
    if (!input.actor.isAdmin) return fail('PERMISSION.ADMIN_REQUIRED');
    return findUsablePaidSubscription(this.deps.subscriptions, input.teamId, input.subscriptionId, this.deps.clock.now());
  }
}
