import type { SubscriptionId, TeamId, UserId } from '../shared/ids';
import type { MemberUsageTally, UsageEventRecord } from './usage-event';

/** Append-only usage events (counts and kinds, no text). */
export interface UsageEventRepository {
  record(teamId: TeamId, event: UsageEventRecord): Promise<void>;
  /** Answered requests on one seat (subscription + member) at or after `since`. */
  countForSeat(teamId: TeamId, subscriptionId: SubscriptionId, memberId: UserId, since: Date): Promise<number>;
  /** Per-member counts by kind at or after `since` (null: all time); members without usage are omitted. */
  tallyByMember(teamId: TeamId, since: Date | null): Promise<MemberUsageTally[]>;
}
