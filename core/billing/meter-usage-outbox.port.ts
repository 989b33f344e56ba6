import type { TeamId } from '../shared/ids';
import type { PaidPlanKey } from './plan';

/** One answered request on a pay-as-you-go subscription, still to be reported to the provider. */
export interface PendingMeterUsage {
  readonly teamId: TeamId;
  /** The usage event (one per answered request): the source of the stable meter identifier. */
  readonly usageEventId: string;
  readonly customerId: string;
  readonly planKey: PaidPlanKey;
  readonly occurredAt: Date;
}

export interface MeterUsageReport {
  readonly teamId: TeamId;
  readonly usageEventId: string;
  /** accepted: counted by the provider; rejected: refused for good (never sent again). */
  readonly outcome: 'accepted' | 'rejected';
  readonly reason: string | null;
}

/**
 * Which answered pay-as-you-go requests still have to be reported as meter events. Usage events
 * are the source; this remembers what was reported, so nothing is sent twice or lost.
 */
export interface MeterUsageOutbox {
  /**
   * Usage events at or after `since` on paid pay-as-you-go subscriptions of workspaces with a
   * provider customer, not yet reported, oldest first, at most `limit`.
   */
  listUnreported(limit: number, since: Date): Promise<PendingMeterUsage[]>;
  /** Records outcomes; a recorded usage event is never listed again. Repeats are no-ops. */
  markReported(reports: readonly MeterUsageReport[], at: Date): Promise<void>;
}
