import type { SubscriptionId, TeamId, UserId } from '../shared/ids';
import type { PlanKey } from '../billing/plan';

/** manual: an admin assigned it; automatic: filled by usage when the member first asked. */
export type AssignmentKind = 'manual' | 'automatic';
/** Bots use seats like users (spec 6). */
export type MemberKind = 'user' | 'bot';

/** Table `member_subscription_assignments` (member_id, subscription_id, model_id, updated_at, …). */
export interface SeatAssignmentRecord {
  readonly teamId: TeamId;
  readonly subscriptionId: SubscriptionId;
  /** Slack user id of the member or bot user (U…). */
  readonly memberId: UserId;
  readonly memberKind: MemberKind;
  /** The subscription's plan at assignment time (column model_id). */
  readonly planKey: PlanKey;
  readonly assignmentKind: AssignmentKind;
  /** Admin who assigned it; null for automatic assignments. */
  readonly assignedBy: UserId | null;
  /** When it was assigned (column updated_at). Used for LIFO removal. */
  readonly assignedAt: Date;
}

export type AssignIfSeatAvailableResult = 'assigned' | 'already_assigned' | 'no_seat_available';
