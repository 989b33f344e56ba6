import type { Outcome } from '../shared/domain-error';
import { fail, ok } from '../shared/domain-error';
import type { SubscriptionId, TeamId } from '../shared/ids';
import { Subscription } from './subscription';
import type { SubscriptionRepository } from './subscription-repository.port';

/** Loads a paid subscription that currently grants answers, or says why not. */
export async function findUsablePaidSubscription(
  subscriptions: SubscriptionRepository,
  teamId: TeamId,
  subscriptionId: SubscriptionId,
  now: Date,
): Promise<Outcome<Subscription>> {
  const record = await subscriptions.findById(teamId, subscriptionId);
  if (!record) return fail('SUBSCRIPTION.NOT_FOUND');
  const subscription = Subscription.fromRecord(record);
  if (subscription.isTrial) return fail('SUBSCRIPTION.IS_TRIAL');
  if (!subscription.isUsableAt(now)) return fail('SUBSCRIPTION.NOT_ACTIVE');
  return ok(subscription);
}
