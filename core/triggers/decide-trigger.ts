import type { AutoReplySettingRecord } from '../auto-replies/auto-reply-setting';
import type { CustomReactionRecord, Reaction } from '../reactions/reaction';
import { findReaction } from '../reactions/reaction-rules';
import type { ScheduleSettingRecord } from '../schedules/schedule-setting';
import type { ChannelId, UserId } from '../shared/ids';
import type { UsageKind } from '../usage/usage-event';
import { isSlackbot } from '../workspace/member';
import type { InboundEvent, Sender } from './inbound-event';

export interface TriggerSettings {
  /** Tomo's own identities in the workspace: its messages are never answered. */
  readonly tomo: { readonly botUserId: UserId; readonly botId: string; readonly appId?: string };
  readonly autoReplies: readonly AutoReplySettingRecord[];
  readonly customReactions: readonly CustomReactionRecord[];
  readonly greetingWhenJoiningChannel: boolean;
  readonly schedules: readonly ScheduleSettingRecord[];
}

/** Settings with Tomo's ids and nothing configured, plus what one trigger needs to decide. */
export function triggerSettings(
  self: { readonly userId: UserId; readonly botId: string },
  configured: Partial<Omit<TriggerSettings, 'tomo'>> = {},
): TriggerSettings {
  return {
    tomo: { botUserId: self.userId, botId: self.botId },
    autoReplies: [],
    customReactions: [],
    greetingWhenJoiningChannel: false,
    schedules: [],
    ...configured,
  };
}

export type IgnoreReason =
  | 'own_message'
  | 'slackbot'
  | 'ignored_subtype'
  | 'unknown_sender'
  | 'handled_as_mention'
  | 'not_addressed'
  | 'bot_not_configured'
  | 'not_a_reaction_prompt'
  | 'summary_disabled'
  | 'greeting_disabled'
  | 'other_member_joined'
  | 'not_home_tab';

/** Who asks (their seat pays) and where the reply goes. */
interface Answering {
  readonly respond: true;
  readonly requesterId: UserId;
  readonly usageKind: UsageKind;
  readonly channelId: ChannelId;
  readonly replyThreadTs: string;
}

export type TriggerDecision =
  | (Answering & { readonly intent: 'answer' })
  | (Answering & { readonly intent: 'reaction_prompt'; readonly reaction: Reaction; readonly messageTs: string })
  | (Answering & { readonly intent: 'auto_reply'; readonly instruction: string })
  | {
      readonly respond: true;
      readonly intent: 'summarize';
      readonly channelId: ChannelId;
      readonly lookbackDays: number;
      /** Whoever last saved the schedule asked for the summary: their seat pays (docs/slack.md). */
      readonly requesterId: UserId;
      readonly usageKind: UsageKind;
    }
  | { readonly respond: true; readonly intent: 'workflow'; readonly requesterId: UserId; readonly usageKind: UsageKind }
  | { readonly respond: true; readonly intent: 'greeting'; readonly channelId: ChannelId }
  | {
      readonly respond: true;
      readonly intent: 'assistant_greeting' | 'remember_context';
      readonly thread: { readonly channelId: ChannelId; readonly threadTs: string };
      readonly requesterId: UserId;
      readonly contextChannelId: ChannelId | null;
    }
  | { readonly respond: true; readonly intent: 'publish_home'; readonly requesterId: UserId }
  | { readonly respond: false; readonly reason: IgnoreReason };

/** Plain messages, files, thread broadcasts and a person's /me messages are questions; edits, deletions, joins… are not. */
const ANSWERABLE_SUBTYPES: readonly (string | null)[] = [null, 'bot_message', 'file_share', 'thread_broadcast', 'me_message'];

const ignore = (reason: IgnoreReason): TriggerDecision => ({ respond: false, reason });

/** Tomo itself, or another Tomo: the same app installed in another workspace of a shared channel. */
function isTomo(sender: Sender, settings: TriggerSettings): boolean {
  const { tomo } = settings;
  return (
    sender.userId === tomo.botUserId ||
    sender.botId === tomo.botId ||
    (tomo.appId !== undefined && sender.appId !== undefined && sender.appId === tomo.appId)
  );
}

/**
 * Whether Tomo responds to an inbound event and with what intent. Never to its own
 * messages; auto replies only to bots configured and enabled on the Auto replies page.
 */
export function decideTrigger(event: InboundEvent, settings: TriggerSettings): TriggerDecision {
  switch (event.kind) {
    case 'scheduled': {
      const schedule = settings.schedules.find((s) => s.channelId === event.channelId && s.isSummaryEnabled);
      if (!schedule) return ignore('summary_disabled');
      return {
        respond: true,
        intent: 'summarize',
        channelId: event.channelId,
        lookbackDays: schedule.lookbackDays,
        requesterId: schedule.updatedBy,
        usageKind: 'channel_mention',
      };
    }
    case 'workflow':
      return event.userId
        ? { respond: true, intent: 'workflow', requesterId: event.userId, usageKind: 'channel_mention' }
        : ignore('unknown_sender');
    case 'assistant_thread_started':
    case 'assistant_thread_context_changed':
      if (event.userId === settings.tomo.botUserId) return ignore('own_message');
      return {
        respond: true,
        intent: event.kind === 'assistant_thread_started' ? 'assistant_greeting' : 'remember_context',
        thread: { channelId: event.channelId, threadTs: event.threadTs },
        requesterId: event.userId,
        contextChannelId: event.contextChannelId,
      };
    case 'app_home_opened':
      return event.tab === 'home' ? { respond: true, intent: 'publish_home', requesterId: event.userId } : ignore('not_home_tab');
    case 'member_joined_channel':
      if (event.userId !== settings.tomo.botUserId) return ignore('other_member_joined');
      return settings.greetingWhenJoiningChannel
        ? { respond: true, intent: 'greeting', channelId: event.channelId }
        : ignore('greeting_disabled');
    case 'reaction_added': {
      if (isTomo(event.sender, settings)) return ignore('own_message');
      if (isSlackbot(event.sender.userId)) return ignore('slackbot');
      if (!event.sender.userId || event.sender.botId) return ignore('unknown_sender');
      const reaction = findReaction(event.reaction, settings.customReactions);
      if (!reaction) return ignore('not_a_reaction_prompt');
      return {
        respond: true,
        intent: 'reaction_prompt',
        requesterId: event.sender.userId,
        usageKind: 'reaction',
        channelId: event.channelId,
        replyThreadTs: event.itemThreadTs ?? event.itemTs,
        reaction,
        messageTs: event.itemTs,
      };
    }
    default:
      return decideMessage(event, settings);
  }
}

function decideMessage(
  event: Extract<InboundEvent, { kind: 'mention' | 'direct_message' | 'channel_message' }>,
  settings: TriggerSettings,
): TriggerDecision {
  if (isTomo(event.sender, settings)) return ignore('own_message');
  // A Slackbot reminder (`/remind #channel @Tomo …`) names nobody who set it: no seat can pay for
  // it (the spec's bots hold seats of their own, a workflow step names its person), so it asks nothing.
  if (isSlackbot(event.sender.userId)) return ignore('slackbot');
  if (!ANSWERABLE_SUBTYPES.includes(event.subtype)) return ignore('ignored_subtype');
  const requesterId = event.sender.userId;
  if (!requesterId) return ignore('unknown_sender');
  const answer = (usageKind: UsageKind): TriggerDecision => ({
    respond: true,
    intent: 'answer',
    requesterId,
    usageKind,
    channelId: event.channelId,
    replyThreadTs: event.threadTs ?? event.ts,
  });

  if (event.kind === 'mention') return answer('channel_mention');
  if (event.kind === 'direct_message') return answer('direct_message');

  // The app_mention event for the same message answers it; answering here too would reply twice.
  if (event.mentionsTomo) return ignore('handled_as_mention');
  if (event.sender.botId) {
    const setting = settings.autoReplies.find((s) => s.botUserId === requesterId && s.enabled);
    if (!setting) return ignore('bot_not_configured');
    return {
      respond: true,
      intent: 'auto_reply',
      requesterId,
      usageKind: 'channel_mention',
      channelId: event.channelId,
      replyThreadTs: event.threadTs ?? event.ts,
      instruction: setting.instruction,
    };
  }
  return event.tomoInThread && event.threadTs ? answer('channel_mention') : ignore('not_addressed');
}
