import type { PlanName } from '../billing/plan';
import { PLANS } from '../billing/plan-catalog';
import { Subscription, type SubscriptionRecord } from '../billing/subscription';
import { KNOWLEDGE_QUOTAS, type KnowledgeQuota } from './knowledge-source';

/** The plan whose knowledge quota a workspace has: its best usable plan, the free one during the trial or without any. */
export function knowledgePlanOf(subscriptions: readonly SubscriptionRecord[], now: Date): PlanName {
  const usable = subscriptions.filter((s) => Subscription.fromRecord(s).isUsableAt(now));
  const best = usable.sort((a, b) => PLANS[b.planKey].position - PLANS[a.planKey].position)[0];
  return best ? PLANS[best.planKey].name : 'free';
}

export function knowledgeQuotaOf(subscriptions: readonly SubscriptionRecord[], now: Date): { plan: PlanName; quota: KnowledgeQuota } {
  const plan = knowledgePlanOf(subscriptions, now);
  return { plan, quota: KNOWLEDGE_QUOTAS[plan] };
}
