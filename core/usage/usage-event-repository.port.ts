import type { SubscriptionId, TeamId, UserId } from '../shared/ids';
import type { MemberUsageTally, UsageEventRecord } from './usage-event';

/** One request held against its seat's monthly limit while it is answered. */
export interface UsageReservationRequest {
  readonly subscriptionId: SubscriptionId;
  readonly memberId: UserId;
  /** Answered requests at or after this moment count (the month's start). */
  readonly since: Date;
  /** The seat's monthly limit: answered + held never pass it. */
  readonly limit: number;
  readonly now: Date;
  /** When a reservation nobody finished (a crashed worker) stops holding its request. */
  readonly until: Date;
}

/** Append-only usage events (counts and kinds, no text). */
export interface UsageEventRepository {
  /**
   * Counts one answered request. `reservationId`: the reservation it held (`reserve`), which
   * becomes the event's id and is given up in the same write.
   */
  record(teamId: TeamId, event: UsageEventRecord, reservationId?: string): Promise<void>;
  /** Answered requests on one seat (subscription + member) at or after `since`. */
  countForSeat(teamId: TeamId, subscriptionId: SubscriptionId, memberId: UserId, since: Date): Promise<number>;
  /**
   * Holds one request on the seat, atomically with every other request asked at the same
   * moment: the reservation's id, or null when answered + held requests already reach the
   * limit. Inside a delivering job, a retry gets the same id back (it holds one request, not two).
   */
  reserve(teamId: TeamId, request: UsageReservationRequest): Promise<string | null>;
  /** Gives back a request held but not answered (refused, failed). */
  release(teamId: TeamId, reservationId: string): Promise<void>;
  /** Per-member counts by kind at or after `since` (null: all time); members without usage are omitted. */
  tallyByMember(teamId: TeamId, since: Date | null): Promise<MemberUsageTally[]>;
}
