import type { SubscriptionId, TeamId, UserId } from '../shared/ids';

/** One generation of images: who, on which seat, how many pictures. Never the prompt or the pictures. */
export interface ImageGenerationRecord {
  readonly id: string;
  readonly teamId: TeamId;
  readonly memberId: UserId;
  readonly subscriptionId: SubscriptionId | null;
  readonly images: number;
  readonly occurredAt: Date;
}

/** A generation about to be drawn, holding its place in the seat's monthly allowance. */
export interface ImageGenerationHold {
  readonly id: string;
  readonly memberId: UserId;
  readonly subscriptionId: SubscriptionId;
  /** Start of the month counted (UTC). */
  readonly since: Date;
  readonly limit: number;
  readonly now: Date;
  /** When a hold its worker never finished stops counting. */
  readonly until: Date;
}

/** Counts of image generations (table `image_generations`), each held while drawn. */
export interface ImageGenerationLog {
  /**
   * Holds one generation on the seat while it is drawn, only while the month's generations and
   * holds stay under `limit`, so generations asked at the same moment cannot pass the
   * allowance together. The hold's id (give it to `record` or `release`), or null when used up.
   */
  hold(teamId: TeamId, hold: ImageGenerationHold): Promise<string | null>;
  /** The drawn generation, counted: its hold (the record's id) becomes the record. */
  record(teamId: TeamId, record: ImageGenerationRecord): Promise<void>;
  /** Gives a hold back: nothing was drawn. */
  release(teamId: TeamId, holdId: string): Promise<void>;
  /** Generations and live holds on one seat (subscription + member) at or after `since`. */
  countForSeat(teamId: TeamId, subscriptionId: SubscriptionId, memberId: UserId, since: Date): Promise<number>;
}
