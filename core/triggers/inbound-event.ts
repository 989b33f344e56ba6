import type { ChannelId, TeamId, UserId } from '../shared/ids';

/**
 * Who sent an event. For bots, `botId` is the B… id and `userId` the bot's user id (U…),
 * resolved by the Slack adapter when Slack only sent the bot id (null when unknown).
 */
export interface Sender {
  readonly userId: UserId | null;
  readonly botId: string | null;
}

interface MessageBase {
  readonly teamId: TeamId;
  readonly channelId: ChannelId;
  readonly ts: string;
  /** The thread the message is in; null for a top-level message. */
  readonly threadTs: string | null;
  readonly sender: Sender;
  /** Slack's message subtype (null for a plain message): edits, deletions and joins are not questions. */
  readonly subtype: string | null;
}

/**
 * An inbound Slack event in core's terms (the Slack adapter maps Events API payloads here).
 * Triggers of spec 1: mention, DM, workflow, scheduled, bot mention, bot message, reaction;
 * plus thread follow-ups and Tomo joining a channel (greeting).
 */
export type InboundEvent =
  /** app_mention: a person or a bot (bot mention) mentioned Tomo in a channel. */
  | ({ readonly kind: 'mention' } & MessageBase)
  /** message.im: a message in a direct message with Tomo. */
  | ({ readonly kind: 'direct_message' } & MessageBase)
  /**
   * message.channels / message.groups without a usable mention: a thread follow-up when
   * Tomo already answers in the thread, or a bot message (auto reply).
   */
  | ({ readonly kind: 'channel_message'; readonly mentionsTomo: boolean; readonly tomoInThread: boolean } & MessageBase)
  /** A workflow step asked Tomo on behalf of the person running it. */
  | ({ readonly kind: 'workflow' } & MessageBase)
  /** A scheduled channel summary is due. */
  | { readonly kind: 'scheduled'; readonly teamId: TeamId; readonly channelId: ChannelId }
  /** reaction_added on a message. */
  | {
      readonly kind: 'reaction_added';
      readonly teamId: TeamId;
      readonly channelId: ChannelId;
      readonly reaction: string;
      readonly itemTs: string;
      readonly itemThreadTs: string | null;
      readonly sender: Sender;
    }
  /** member_joined_channel. */
  | { readonly kind: 'member_joined_channel'; readonly teamId: TeamId; readonly channelId: ChannelId; readonly userId: UserId };

export type InboundEventKind = InboundEvent['kind'];
