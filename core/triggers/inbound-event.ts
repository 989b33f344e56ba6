import type { ChannelId, TeamId, UserId } from '../shared/ids';

/**
 * Who sent an event. For bots, `botId` is the B… id and `userId` the bot's user id (U…),
 * resolved by the Slack adapter when Slack only sent the bot id (null when unknown).
 */
export interface Sender {
  readonly userId: UserId | null;
  readonly botId: string | null;
  /** The Slack app that posted (A…), when an app did: Tomo's own app id means Tomo, in any workspace. */
  readonly appId?: string | null;
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
 * plus thread follow-ups, Tomo joining a channel (greeting), the AI-app view and App Home.
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
  /** A workflow's "Ask Tomo" step ran (function_executed) for the person in its user input. */
  | { readonly kind: 'workflow'; readonly teamId: TeamId; readonly userId: UserId | null }
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
  | { readonly kind: 'member_joined_channel'; readonly teamId: TeamId; readonly channelId: ChannelId; readonly userId: UserId }
  /** Someone opened Tomo's AI-app view (assistant_thread_started). */
  | ({ readonly kind: 'assistant_thread_started' } & AssistantThreadBase)
  /** The person moved to another channel while the AI-app view is open (assistant_thread_context_changed). */
  | ({ readonly kind: 'assistant_thread_context_changed' } & AssistantThreadBase)
  /** app_home_opened: someone opened Tomo's Home (or Messages) tab. */
  | { readonly kind: 'app_home_opened'; readonly teamId: TeamId; readonly userId: UserId; readonly tab: string };

interface AssistantThreadBase {
  readonly teamId: TeamId;
  /** The DM channel (D…) holding the assistant thread. */
  readonly channelId: ChannelId;
  readonly threadTs: string;
  readonly userId: UserId;
  /** The channel the person is viewing, when Slack says. */
  readonly contextChannelId: ChannelId | null;
}

export type InboundEventKind = InboundEvent['kind'];
