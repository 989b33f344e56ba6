import type { AssignmentSummary } from '../seats/seat-rules';
import { assignmentSummary } from '../seats/seat-rules';
import type { SeatAssignmentRepository } from '../seats/seat-assignment-repository.port';
import type { Clock } from '../shared/clock.port';
import type { TeamId } from '../shared/ids';
import type { Plan } from './plan';
import { PLANS } from './plan-catalog';
import type { SubscriptionRecord, SubscriptionStatus } from './subscription';
import { Subscription } from './subscription';
import type { SubscriptionRepository } from './subscription-repository.port';

export interface ActiveSubscriptionView {
  readonly subscription: SubscriptionRecord;
  /** Effective status now (trialing, active or past_due). */
  readonly status: SubscriptionStatus;
  readonly plan: Plan;
  readonly autoRenew: boolean;
  /** Renewal date with auto-renew on; otherwise the day it ends (trial end, cancel at period end). */
  readonly periodEnd: Date;
  /** Seat summary; a trial has no seats (all zero). */
  readonly seats: AssignmentSummary;
}

/**
 * The workspace's subscriptions that currently grant answers, oldest first: what
 * `activeSubscriptions` holds in the user context and the Subscription page shows.
 */
export class ListActiveSubscriptions {
  constructor(
    private readonly deps: {
      readonly subscriptions: SubscriptionRepository;
      readonly seats: SeatAssignmentRepository;
      readonly clock: Clock;
    },
  ) {}

  async execute(teamId: TeamId): Promise<ActiveSubscriptionView[]> {
    const now = this.deps.clock.now();
    const assignments = await this.deps.seats.listByTeam(teamId);
    const views: ActiveSubscriptionView[] = [];
    for (const record of await this.deps.subscriptions.listByTeam(teamId)) {
      const subscription = Subscription.fromRecord(record);
      if (!subscription.isUsableAt(now)) continue;
      views.push({
        subscription: record,
        status: subscription.statusAt(now),
        plan: PLANS[record.planKey],
        autoRenew: subscription.autoRenew,
        periodEnd: record.currentPeriodEnd,
        seats: assignmentSummary(
          record.quantity,
          assignments.filter((a) => a.subscriptionId === record.id),
        ),
      });
    }
    return views;
  }
}
