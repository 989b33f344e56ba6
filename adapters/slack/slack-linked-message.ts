import { isChatPlatformError } from '../../core/assistant/chat-platform-error';
import type { LinkedMessage, MessageRef } from '../../core/assistant/chat-platform.port';
import type { SlackCall } from './slack-api-caller';
import type { SlackFile } from './slack-file-download';

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

interface ViewerInfo {
  user?: {
    team_id?: string;
    deleted?: boolean;
    is_restricted?: boolean;
    is_ultra_restricted?: boolean;
    is_stranger?: boolean;
    enterprise_user?: { teams?: string[] };
  };
}

/**
 * A message behind a permalink, if `viewer` could read it in Slack too: a full member of the
 * workspace reads a public channel; a guest, a person of another organization (Slack
 * Connect), a private channel, DM or group DM only its members. Tomo's own access (it must be
 * in the channel) is Slack's to decide. `teamId` is the workspace Tomo reads it in.
 */
export async function readLinkedSlackMessage(call: SlackCall, teamId: string, ref: MessageRef, viewer: string): Promise<LinkedMessage | undefined> {
  try {
    const access = await conversationAccess(call, teamId, ref.channelId, viewer);
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

/** Conversations of a file's shares looked at, at most (one each: conversations.info, members). */
const MAX_FILE_SHARES = 5;

/**
 * Where `viewer` could open a file (from files.info) in Slack: the conversations it is shared in
 * that they can read, public ones first (see `visibleTo`), and whether none of those is public.
 * Undefined when they can read none and did not upload it: a file shared only where the asker is
 * not is not theirs to see, whatever Tomo can see.
 */
export async function fileAccess(call: SlackCall, teamId: string, file: SlackFile, viewer: string): Promise<{ channels: string[]; restricted: boolean } | undefined> {
  const shared = [...Object.keys(file.shares?.public ?? {}), ...Object.keys(file.shares?.private ?? {})].slice(0, MAX_FILE_SHARES);
  const channels: string[] = [];
  let restricted = true;
  for (const channel of shared) {
    try {
      const access = await conversationAccess(call, teamId, channel, viewer);
      if (!access.visible) continue;
      channels.push(channel);
      if (access.isPublic) restricted = false;
    } catch (error) {
      if (isChatPlatformError(error) && (error.code === 'not_found' || error.code === 'failed')) continue;
      throw error;
    }
  }
  if (channels.length === 0 && file.user !== viewer) return undefined;
  return { channels, restricted };
}

/**
 * Whether `viewer` can read the conversation in Slack: a full member of the workspace a public
 * channel; anyone else (a guest, another organization's person) and any private channel, DM or
 * group DM only its members. Unknown (or unreadable for Tomo): false.
 */
export async function visibleTo(call: SlackCall, teamId: string, channel: string, viewer: string): Promise<boolean> {
  return (await conversationAccess(call, teamId, channel, viewer)).visible;
}

/** Whether the conversation is public, and whether `viewer` can read it (see `visibleTo`). */
async function conversationAccess(call: SlackCall, teamId: string, channel: string, viewer: string): Promise<{ visible: boolean; isPublic: boolean }> {
  const info = ((await call('conversations.info', { channel })) as ConversationInfo).channel;
  if (info === undefined) return { visible: false, isPublic: false };
  const isPublic = info.is_channel === true && info.is_private !== true && info.is_im !== true && info.is_mpim !== true;
  const visible = (isPublic && (await isFullMember(call, teamId, viewer))) || (await isMember(call, channel, viewer));
  return { visible, isPublic };
}

/**
 * Whether `viewer` is a full member of workspace `teamId`, who may open any of its public
 * channels. Guests (`is_restricted`, `is_ultra_restricted`) see only the channels they were
 * invited to, and people of another workspace (Slack Connect: their own `team_id`,
 * `is_stranger`, or hidden from Tomo altogether) only the channels shared with them.
 * On Enterprise Grid a person's `enterprise_user.teams` lists every workspace they are in.
 */
async function isFullMember(call: SlackCall, teamId: string, viewer: string): Promise<boolean> {
  let user: ViewerInfo['user'];
  try {
    user = ((await call('users.info', { user: viewer })) as ViewerInfo).user;
  } catch (error) {
    if (isChatPlatformError(error) && error.code === 'not_found') return false;
    throw error;
  }
  if (user === undefined || user.deleted === true || user.is_restricted === true || user.is_ultra_restricted === true || user.is_stranger === true) return false;
  return user.team_id === teamId || (user.enterprise_user?.teams ?? []).includes(teamId);
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
