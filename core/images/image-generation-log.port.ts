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

/** Append-only counts of image generations (table `image_generations`). */
export interface ImageGenerationLog {
  record(teamId: TeamId, record: ImageGenerationRecord): Promise<void>;
  /** Generations on one seat (subscription + member) at or after `since`. */
  countForSeat(teamId: TeamId, subscriptionId: SubscriptionId, memberId: UserId, since: Date): Promise<number>;
}
