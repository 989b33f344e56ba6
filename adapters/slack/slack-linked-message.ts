import { isChatPlatformError } from '../../core/assistant/chat-platform-error';
import type { LinkedMessage, MessageRef } from '../../core/assistant/chat-platform.port';
import type { SlackCall } from './slack-api-caller';

interface ConversationInfo {
  channel?: { is_channel?: boolean; is_private?: boolean; is_im?: boolean; is_mpim?: boolean; is_archived?: boolean };
}

interface HistoryMessage {
  ts?: string;
  text?: string;
  user?: string;
  bot_id?: string;
}

const MAX_MEMBER_PAGES = 20;

/**
 * A message behind a permalink, if `viewer` could read it in Slack too: anyone in the
 * workspace reads a public channel; a private channel, DM or group DM only its members.
 * Tomo's own access (it must be in the channel) is Slack's to decide.
 */
export async function readLinkedSlackMessage(call: SlackCall, ref: MessageRef, viewer: string): Promise<LinkedMessage | undefined> {
  try {
    const access = await conversationAccess(call, ref.channelId, viewer);
    if (!access.visible) return undefined;
    const page =
      ref.threadTs === undefined
        ? await call('conversations.history', { channel: ref.channelId, latest: ref.ts, oldest: ref.ts, inclusive: true, limit: 1 })
        : await call('conversations.replies', { channel: ref.channelId, ts: ref.threadTs, latest: ref.ts, oldest: ref.ts, inclusive: true, limit: 2 });
    const found = ((page as { messages?: HistoryMessage[] }).messages ?? []).find((m) => m.ts === ref.ts);
    if (found === undefined) return undefined;
    return {
      ts: ref.ts,
      text: found.text ?? '',
      ...(found.user === undefined ? {} : { userId: found.user }),
      ...(found.bot_id === undefined ? {} : { botId: found.bot_id }),
      ...(access.isPublic ? {} : { restricted: true }),
    };
  } catch (error) {
    // Unknown channel, Tomo not in it, no such message: the same answer as "not yours to see".
    if (isChatPlatformError(error) && (error.code === 'not_found' || error.code === 'failed')) return undefined;
    throw error;
  }
}

/**
 * Whether `viewer` can read the conversation in Slack: anyone in the workspace a public channel;
 * a private channel, DM or group DM only its members. Unknown (or unreadable for Tomo): false.
 */
export async function visibleTo(call: SlackCall, channel: string, viewer: string): Promise<boolean> {
  return (await conversationAccess(call, channel, viewer)).visible;
}

/** Whether the conversation is public, and whether `viewer` can read it (see `visibleTo`). */
async function conversationAccess(call: SlackCall, channel: string, viewer: string): Promise<{ visible: boolean; isPublic: boolean }> {
  const info = ((await call('conversations.info', { channel })) as ConversationInfo).channel;
  if (info === undefined) return { visible: false, isPublic: false };
  const isPublic = info.is_channel === true && info.is_private !== true && info.is_im !== true && info.is_mpim !== true;
  return { visible: isPublic || (await isMember(call, channel, viewer)), isPublic };
}

async function isMember(call: SlackCall, channel: string, viewer: string): Promise<boolean> {
  let cursor: string | undefined;
  for (let page = 0; page < MAX_MEMBER_PAGES; page += 1) {
    const result = (await call('conversations.members', { channel, limit: 1000, ...(cursor ? { cursor } : {}) })) as {
      members?: string[];
      response_metadata?: { next_cursor?: string };
    };
    if (result.members?.includes(viewer)) return true;
    cursor = result.response_metadata?.next_cursor || undefined;
    if (cursor === undefined) return false;
  }
  return false;
}
