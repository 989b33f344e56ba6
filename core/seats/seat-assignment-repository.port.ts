import type { SubscriptionId, TeamId, UserId } from '../shared/ids';
import type { AssignIfSeatAvailableResult, SeatAssignmentRecord } from './seat-assignment';

/** Table `member_subscription_assignments`. A member holds at most one seat per subscription. */
export interface SeatAssignmentRepository {
  listByTeam(teamId: TeamId): Promise<SeatAssignmentRecord[]>;
  listBySubscription(teamId: TeamId, subscriptionId: SubscriptionId): Promise<SeatAssignmentRecord[]>;
  listByMember(teamId: TeamId, memberId: UserId): Promise<SeatAssignmentRecord[]>;
  /**
   * Atomically inserts the assignment unless the member already holds a seat on that
   * subscription ('already_assigned') or the subscription already has `seatLimit`
   * assignments ('no_seat_available'). Concurrent calls never exceed `seatLimit`
   * (50 concurrent calls on 10 seats end with exactly 10). The subscription's stored quantity,
   * read under the lock on the same connection, caps `seatLimit` (the caller read it earlier),
   * so a quantity saved before `freeSeats` runs is the one checked.
   */
  assignIfSeatAvailable(
    teamId: TeamId,
    assignment: SeatAssignmentRecord,
    seatLimit: number,
  ): Promise<AssignIfSeatAvailableResult>;
  /**
   * Removes the seats `choose` picks from the subscription's current ones, under the same
   * per-subscription lock as `assignIfSeatAvailable`; returns the members who lost them.
   */
  freeSeats(
    teamId: TeamId,
    subscriptionId: SubscriptionId,
    choose: (assignments: readonly SeatAssignmentRecord[]) => readonly SeatAssignmentRecord[],
  ): Promise<UserId[]>;
  /** true when a seat was removed. */
  unassign(teamId: TeamId, subscriptionId: SubscriptionId, memberId: UserId): Promise<boolean>;
  /** Removes the named members' seats on that subscription; returns how many were removed. */
  unassignMany(teamId: TeamId, subscriptionId: SubscriptionId, memberIds: readonly UserId[]): Promise<number>;
}
