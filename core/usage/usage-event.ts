import type { SubscriptionId, TeamId, UserId } from '../shared/ids';

/** How the answered request reached Tomo (spec: Channel, DM, Reaction). */
export type UsageKind = 'channel_mention' | 'direct_message' | 'reaction';
export const USAGE_KINDS: readonly UsageKind[] = ['channel_mention', 'direct_message', 'reaction'];

/** One answered request. Counts and kinds only: never any message text. */
export interface UsageEventRecord {
  readonly id: string;
  readonly teamId: TeamId;
  readonly memberId: UserId;
  /** The subscription whose seat (or trial) paid for the answer. */
  readonly subscriptionId: SubscriptionId | null;
  readonly kind: UsageKind;
  readonly occurredAt: Date;
}

/** Counts of one member's answered requests by kind. */
export interface MemberUsageTally {
  readonly memberId: UserId;
  readonly channelMention: number;
  readonly directMessage: number;
  readonly reaction: number;
}
