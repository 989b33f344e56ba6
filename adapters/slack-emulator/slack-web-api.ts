import { uploadsChannel, type FakeChannel, type FakeEmail, type FakeFile, type FakeMessage, type FakeTeam, type FakeUser, type SlackState } from './slack-state';
import { messageBlocks } from './block-kit-rules';
import { SlackMethodError } from './method-error';

export { SlackMethodError } from './method-error';

export interface FakeSlackSettings {
  /** False: chat.startStream answers `{ ok: false, error: streamingError }` (streaming unavailable). */
  streamingSupported: boolean;
  streamingError: string;
  /** When set, assistant.threads.setStatus fails with this error (not an assistant thread). */
  assistantStatusError: string | undefined;
  /** Longest markdown (markdown_text, or a streamed message) one message may hold. */
  maxMarkdownChars: number;
  /** Longest plain `text` one message may hold. */
  maxTextChars: number;
  /**
   * How long a stream stays open after chat.startStream. Slack closes it about five minutes on,
   * appends or not, and answers chat.appendStream and chat.stopStream with
   * `message_not_in_streaming_state` after that; the message keeps what was streamed, unfinished,
   * until a chat.update (undocumented; slackapi/python-slack-sdk#1859 and its fix #1880,
   * slackapi/node-slack-sdk#2702).
   */
  streamLifetimeMs: number;
  /**
   * The workspace's message-editing window (its admins' "Allow users to edit messages" setting),
   * null for "any time". chat.update lists `edit_window_closed` ("The timeframe for editing the
   * message has expired"); whether Slack holds a bot token to the window is not documented, so
   * the emulator does, counting from the message's ts, as the setting reads.
   */
  editWindowMs: number | null;
  clientId: string;
  clientSecret: string;
  /** `http://127.0.0.1:PORT`: where file download URLs point. */
  origin: string;
}

export interface MethodContext {
  state: SlackState;
  settings: FakeSlackSettings;
  params: Record<string, string>;
  /** Resolved from the bearer token; undefined for methods that take none. */
  team: FakeTeam | undefined;
  /** Exchanges an OAuth code for the installation it was issued for. */
  redeemInstallCode(code: string, redirectUri: string | undefined): InstallGrant | 'bad_redirect_uri' | undefined;
}

/** Who approved an install on Slack's authorize page (see `FakeSlack.installAs`). */
export interface InstallGrant {
  readonly teamId: string;
  readonly userId: string;
  /** An org admin installing for their whole Enterprise Grid organization. */
  readonly orgWide?: { readonly enterpriseId: string; readonly name: string };
}

type Method = (ctx: MethodContext) => Record<string, unknown>;

/** A Unix timestamp as Slack takes it in `latest`/`oldest`: seconds, with or without a fraction. */
const UNIX_TS = /^\d+(\.\d+)?$/;

/** Methods that need no bot token. */
export const TOKENLESS = new Set(['oauth.v2.access', 'api.test']);

export const METHODS: Record<string, Method> = {
  'api.test': () => ({}),

  'auth.test': ({ team }) => ({
    url: `https://${team!.domain}.slack.com/`,
    team: team!.name,
    user: 'tomo',
    team_id: team!.id,
    user_id: team!.botUserId,
    bot_id: team!.botId,
    is_enterprise_install: false,
  }),

  'oauth.v2.access': (ctx) => {
    const { params, settings, state } = ctx;
    if (params.client_id !== settings.clientId) throw new SlackMethodError('invalid_client_id');
    if (params.client_secret !== settings.clientSecret) throw new SlackMethodError('bad_client_secret');
    const grant = ctx.redeemInstallCode(params.code ?? '', params.redirect_uri);
    if (grant === undefined) throw new SlackMethodError('invalid_code');
    if (grant === 'bad_redirect_uri') throw new SlackMethodError('bad_redirect_uri');
    const team = state.teams.get(grant.teamId)!;
    if (grant.orgWide) {
      // An org-wide install on Enterprise Grid: no workspace, the organization instead (Slack's
      // "Organization-ready apps" reference).
      return {
        app_id: team.appId,
        authed_user: { id: grant.userId },
        scope: 'app_mentions:read,channels:history,chat:write,im:history,users:read,reactions:write',
        token_type: 'bot',
        access_token: `xoxb-org-${grant.orgWide.enterpriseId}`,
        bot_user_id: team.botUserId,
        team: null,
        enterprise: { id: grant.orgWide.enterpriseId, name: grant.orgWide.name },
        is_enterprise_install: true,
      };
    }
    team.appRemoved = false;
    return {
      app_id: team.appId,
      authed_user: { id: grant.userId },
      scope: 'app_mentions:read,channels:history,chat:write,im:history,users:read,reactions:write',
      token_type: 'bot',
      access_token: team.botToken,
      bot_user_id: team.botUserId,
      team: { id: team.id, name: team.name },
      enterprise: null,
      is_enterprise_install: false,
    };
  },

  'team.info': ({ team }) => ({ team: { id: team!.id, name: team!.name, domain: team!.domain, icon: {} } }),

  'users.info': ({ state, params, team }) => {
    const user = state.users.get(params.user ?? '');
    if (user === undefined) throw new SlackMethodError('user_not_found');
    if (user.teamId === team!.id) return { user: toSlackUser(user, params.include_locale === 'true') };
    // Another workspace's person (Slack Connect, or a sibling workspace on Grid): their own
    // `team_id`, a stranger's flag, or hidden altogether, as Slack answers.
    const seen = user.seenFromOtherWorkspaces ?? 'shared';
    if (seen === 'hidden') throw new SlackMethodError('user_not_visible');
    return { user: { ...toSlackUser(user, params.include_locale === 'true'), ...(seen === 'stranger' ? { is_stranger: true } : {}) } };
  },

  'users.list': ({ state, params, team }) => {
    const members = [...state.users.values()].filter((u) => u.teamId === team!.id || (u.enterpriseTeams ?? []).includes(team!.id));
    const page = paginate(members, params);
    return { members: page.items.map((u) => toSlackUser(u, params.include_locale === 'true')), ...page.meta };
  },

  'conversations.list': ({ state, params, team }) => {
    const types = (params.types ?? 'public_channel').split(',');
    const excludeArchived = params.exclude_archived === 'true' || params.exclude_archived === '1';
    const channels = [...state.channels.values()].filter(
      (c) =>
        c.teamId === team!.id &&
        types.includes(c.isIm ? 'im' : c.isPrivate ? 'private_channel' : 'public_channel') &&
        // A bot token lists only the private channels its app is in (Tomo taken out: gone from the list).
        (!c.isPrivate || state.isMember(c.id, team!.botUserId)) &&
        !(excludeArchived && c.isArchived === true),
    );
    const page = paginate(channels, params);
    return {
      channels: page.items.map((c) => ({
        id: c.id,
        ...(c.name === undefined ? {} : { name: c.name }),
        is_channel: !c.isIm && !c.isPrivate,
        is_private: c.isPrivate === true,
        is_im: c.isIm === true,
        is_archived: c.isArchived === true,
        ...(c.user === undefined ? {} : { user: c.user }),
      })),
      ...page.meta,
    };
  },

  'conversations.replies': ({ state, settings, params, team }) => {
    const channel = channelOf(state, params.channel, team!);
    let thread = state.thread(channel, params.ts ?? '');
    if (thread.length === 0) throw new SlackMethodError('thread_not_found');
    if (state.channels.get(channel)?.botIsMember === false) throw new SlackMethodError('not_in_channel');
    const inclusive = params.inclusive === 'true';
    if (params.oldest !== undefined) thread = thread.filter((m) => (inclusive ? m.ts >= params.oldest! : m.ts > params.oldest!));
    if (params.latest !== undefined) thread = thread.filter((m) => (inclusive ? m.ts <= params.latest! : m.ts < params.latest!));
    const page = paginate(thread, params);
    return { messages: page.items.map((m) => toSlackMessage(m, state, settings.origin, withMetadata(params))), has_more: page.meta.response_metadata.next_cursor !== '', ...page.meta };
  },

  'conversations.info': ({ state, params, team }) => {
    const channel = state.channels.get(channelOf(state, params.channel, team!))!;
    const isPrivate = channel.isPrivate === true;
    return {
      channel: {
        id: channel.id,
        ...(channel.name === undefined ? {} : { name: channel.name }),
        is_channel: !channel.isIm && !isPrivate,
        is_group: isPrivate,
        is_im: channel.isIm === true,
        is_mpim: false,
        is_private: isPrivate || channel.isIm === true,
        is_member: channel.botIsMember !== false,
        is_archived: channel.isArchived === true,
      },
    };
  },

  'conversations.members': ({ state, params, team }) => {
    const channel = state.channels.get(channelOf(state, params.channel, team!))!;
    const page = paginate(membersOf(state, channel), params);
    return { members: page.items, ...page.meta };
  },

  'conversations.history': ({ state, settings, params, team }) => {
    const channel = state.channels.get(channelOf(state, params.channel, team!))!;
    if (channel.botIsMember === false) throw new SlackMethodError('not_in_channel');
    // Slack refuses a `latest` or `oldest` that is no Unix timestamp ("Value passed for latest was invalid").
    if (params.latest !== undefined && !UNIX_TS.test(params.latest)) throw new SlackMethodError('invalid_ts_latest');
    if (params.oldest !== undefined && !UNIX_TS.test(params.oldest)) throw new SlackMethodError('invalid_ts_oldest');
    const inclusive = params.inclusive === 'true' || params.inclusive === '1';
    const t = (ts: string) => Number(ts);
    const within = (ts: string) =>
      (params.latest === undefined || (inclusive ? t(ts) <= t(params.latest) : t(ts) < t(params.latest))) &&
      (params.oldest === undefined || (inclusive ? t(ts) >= t(params.oldest) : t(ts) > t(params.oldest)));
    // The channel's own messages, thread replies only when also sent to the channel; newest first.
    const topLevel = state.messages
      .filter((m) => m.channel === channel.id && (m.threadTs === undefined || m.threadTs === m.ts || m.subtype === 'thread_broadcast') && within(m.ts))
      .sort((a, b) => t(b.ts) - t(a.ts));
    const page = paginate(topLevel, params);
    return { messages: page.items.map((m) => toSlackMessage(m, state, settings.origin, withMetadata(params))), has_more: page.meta.response_metadata.next_cursor !== '', ...page.meta };
  },


  'files.info': ({ state, settings, params, team }) => {
    const found = state.file(params.file ?? '');
    const channel = found === undefined ? undefined : state.channels.get(found.message.channel);
    // "file_not_found: The file does not exist, or is not visible to the calling user"
    // (docs.slack.dev, files.info): another workspace's file, or one shared only in a private
    // conversation Tomo is not in (a modal's upload is the app's to read).
    const hidden = channel !== undefined && (channel.isPrivate || channel.isIm) && !state.isMember(channel.id, team!.botUserId) && channel.id !== uploadsChannel(team!.id);
    if (found === undefined || channel?.teamId !== team!.id || hidden) throw new SlackMethodError('file_not_found');
    if (found.file.mode === 'tombstone') throw new SlackMethodError('file_deleted');
    // Where the file is shared, as Slack lists it: the messages carrying it, by channel.
    const share = { ts: found.message.ts, ...(found.message.threadTs ? { thread_ts: found.message.threadTs } : {}), team_id: team!.id };
    const shares = { [channel.isPrivate || channel.isIm ? 'private' : 'public']: { [found.message.channel]: [share] } };
    return { file: { ...toSlackFile(found.file, team!, settings.origin), ...(found.message.user === undefined ? {} : { user: found.message.user }), shares } };
  },

  'chat.postMessage': (ctx) => {
    // A user id as channel posts in the app's DM with that person.
    const dm = ctx.state.users.get(ctx.params.channel ?? '');
    const channel =
      dm !== undefined && dm.teamId === ctx.team!.id ? ctx.state.dmWith(ctx.team!.id, dm.id).id : channelOf(ctx.state, ctx.params.channel, ctx.team!);
    // Without chat:write.public Tomo posts only where it is a member.
    if (!ctx.state.isMember(channel, ctx.team!.botUserId)) throw new SlackMethodError('not_in_channel');
    messageBlocks(ctx.params.blocks);
    const { text, format } = messageText(ctx);
    const metadata = messageMetadata(ctx.params);
    const message = postAsBot(ctx, channel, text, format);
    if (metadata !== undefined) message.metadata = metadata;
    return { channel, ts: message.ts, message: toSlackMessage(message, ctx.state, undefined, true) };
  },

  'chat.update': (ctx) => {
    const message = ownMessage(ctx);
    // Slack: "is_inactive: The message cannot be edited within a frozen, archived or deleted
    // channel" (docs.slack.dev/reference/methods/chat.update), not the posts' is_archived.
    if (ctx.state.channels.get(message.channel)?.isArchived === true) throw new SlackMethodError('is_inactive');
    // chat.update's errors: "streaming_state_conflict: The message is currently streaming text and cannot be edited."
    if (streamOpen(ctx, message)) throw new SlackMethodError('streaming_state_conflict');
    const window = ctx.settings.editWindowMs;
    if (window !== null && Date.now() - Number(message.ts) * 1000 > window) throw new SlackMethodError('edit_window_closed');
    messageBlocks(ctx.params.blocks);
    const { text, format } = messageText(ctx);
    // "If you don't include this field, the message's previous metadata will be retained."
    const metadata = messageMetadata(ctx.params);
    message.text = text;
    message.format = format;
    message.edits += 1;
    if (metadata !== undefined) message.metadata = metadata;
    return { channel: message.channel, ts: message.ts, text };
  },

  // A bot token deletes only the bot's own messages (Slack: cant_delete_message otherwise).
  'chat.delete': (ctx) => {
    const message = ownMessage(ctx);
    ctx.state.messages.splice(ctx.state.messages.indexOf(message), 1);
    ctx.state.deleted.push({ channel: message.channel, ts: message.ts });
    return { channel: message.channel, ts: message.ts };
  },

  'chat.startStream': (ctx) => {
    const { state, settings, params, team } = ctx;
    if (!settings.streamingSupported) throw new SlackMethodError(settings.streamingError);
    const channel = channelOf(state, params.channel, team!);
    if (!params.thread_ts) throw new SlackMethodError('invalid_arguments');
    const isDm = state.channels.get(channel)?.isIm === true;
    // Required when streaming to a channel, each with its own error (chat.startStream's errors).
    if (!isDm && !params.recipient_user_id) throw new SlackMethodError('missing_recipient_user_id');
    if (!isDm && !params.recipient_team_id) throw new SlackMethodError('missing_recipient_team_id');
    // As chat.postMessage: Tomo streams only where it is a member (chat.startStream lists not_in_channel).
    if (!state.isMember(channel, team!.botUserId)) throw new SlackMethodError('not_in_channel');
    const text = streamedText(params);
    checkLength(text.length, settings.maxMarkdownChars);
    const message = postAsBot(ctx, channel, text, 'stream');
    message.streamState = 'streaming';
    message.streamStartedAt = Date.now();
    return { channel, ts: message.ts };
  },

  'chat.appendStream': (ctx) => {
    const message = streamingMessage(ctx);
    const text = streamedText(ctx.params);
    if (text === '') throw new SlackMethodError('invalid_arguments');
    checkLength(message.text.length + text.length, ctx.settings.maxMarkdownChars);
    message.text += text;
    return { channel: message.channel, ts: message.ts };
  },

  'chat.stopStream': (ctx) => {
    const message = streamingMessage(ctx);
    const text = streamedText(ctx.params);
    const metadata = messageMetadata(ctx.params);
    checkLength(message.text.length + text.length, ctx.settings.maxMarkdownChars);
    message.text += text;
    message.streamState = 'stopped';
    if (metadata !== undefined) message.metadata = metadata;
    return { channel: message.channel, ts: message.ts, message: toSlackMessage(message, ctx.state, undefined, true) };
  },

  'assistant.threads.setStatus': ({ state, settings, params, team }) => {
    if (settings.assistantStatusError !== undefined) throw new SlackMethodError(settings.assistantStatusError);
    const channel = channelOf(state, params.channel_id, team!);
    if (state.thread(channel, params.thread_ts ?? '').length === 0) throw new SlackMethodError('invalid_thread_ts');
    state.statuses.set(`${channel}/${params.thread_ts}`, params.status ?? '');
    return {};
  },

  'reactions.add': ({ state, params, team }) => {
    const message = state.message(channelOf(state, params.channel, team!), params.timestamp ?? '');
    if (message === undefined) throw new SlackMethodError('message_not_found');
    const users = message.reactions.get(params.name ?? '') ?? new Set<string>();
    if (users.has(team!.botUserId)) throw new SlackMethodError('already_reacted');
    users.add(team!.botUserId);
    message.reactions.set(params.name ?? '', users);
    return {};
  },

  'reactions.remove': ({ state, params, team }) => {
    const message = state.message(channelOf(state, params.channel, team!), params.timestamp ?? '');
    if (message === undefined) throw new SlackMethodError('message_not_found');
    const users = message.reactions.get(params.name ?? '');
    if (users === undefined || !users.delete(team!.botUserId)) throw new SlackMethodError('no_reaction');
    if (users.size === 0) message.reactions.delete(params.name ?? '');
    return {};
  },
};

/**
 * The channel a bot-token call names. A private channel Tomo is not in is one Slack does not show
 * the bot at all: every method answers `channel_not_found`, as for a deleted one (not
 * `not_in_channel`, which is for public channels it has not joined), so a private channel Tomo
 * was removed from cannot be told from a deleted one (conversations.info, .history, .replies,
 * chat.postMessage; docs.slack.dev/reference/methods/conversations.info, "channel_not_found:
 * Value passed for channel was invalid").
 */
export function channelOf(state: SlackState, id: string | undefined, team: FakeTeam): string {
  const channel = state.channels.get(id ?? '');
  if (channel === undefined || channel.teamId !== team.id) throw new SlackMethodError('channel_not_found');
  if (channel.isPrivate === true && channel.isIm !== true && channel.botIsMember === false) throw new SlackMethodError('channel_not_found');
  return channel.id;
}

function messageText(ctx: MethodContext): { text: string; format: 'text' | 'markdown' } {
  const { params, settings } = ctx;
  checkMarkdownAlone(params);
  if (params.markdown_text !== undefined) {
    checkLength(params.markdown_text.length, settings.maxMarkdownChars);
    return { text: params.markdown_text, format: 'markdown' };
  }
  if (params.text !== undefined && params.text !== '') {
    checkLength(params.text.length, settings.maxTextChars);
    return { text: params.text, format: 'text' };
  }
  throw new SlackMethodError('no_text');
}

/**
 * `metadata` as Slack takes it: a JSON object (a string on the wire) with a string
 * `event_type` and an object `event_payload`; anything else is invalid_metadata_format.
 */
function messageMetadata(params: Record<string, string>): FakeMessage['metadata'] {
  if (params.metadata === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(params.metadata);
  } catch {
    throw new SlackMethodError('invalid_metadata_format');
  }
  const { event_type: type, event_payload: payload } = (parsed ?? {}) as { event_type?: unknown; event_payload?: unknown };
  if (typeof type !== 'string' || type === '' || typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw new SlackMethodError('invalid_metadata_format');
  }
  return { event_type: type, event_payload: payload as Record<string, unknown> };
}

/** conversations.history and .replies list message metadata only when asked to. */
function withMetadata(params: Record<string, string>): boolean {
  return params.include_all_metadata === 'true' || params.include_all_metadata === '1';
}

/**
 * `markdown_text` goes alone: "This argument should not be used in conjunction with blocks or
 * text" (chat.postMessage, chat.postEphemeral, chat.update), and Slack refuses it beside `text`
 * with `markdown_text_conflict` (slackapi/python-slack-sdk#1718). Beside `blocks` the same
 * error is assumed: the refusal is documented, its code is not.
 */
export function checkMarkdownAlone(params: Record<string, string>): void {
  if (params.markdown_text === undefined) return;
  if (params.text !== undefined || params.blocks !== undefined) throw new SlackMethodError('markdown_text_conflict');
}

function checkLength(length: number, max: number): void {
  if (length > max) throw new SlackMethodError('msg_too_long');
}

function postAsBot(ctx: MethodContext, channel: string, text: string, format: FakeMessage['format']): FakeMessage {
  const { params, state, team } = ctx;
  const threadTs = params.thread_ts;
  if (threadTs !== undefined && state.message(channel, threadTs) === undefined) throw new SlackMethodError('thread_not_found');
  if (state.channels.get(channel)?.isArchived === true) throw new SlackMethodError('is_archived');
  const message = state.addMessage({
    channel,
    text,
    user: team!.botUserId,
    botId: team!.botId,
    ...(threadTs === undefined ? {} : { threadTs }),
  });
  message.format = format;
  if (params.username) message.username = params.username;
  if (params.icon_url) message.iconUrl = params.icon_url;
  // Slack clears an assistant thread's status when the app replies in it.
  if (threadTs !== undefined && state.statuses.has(`${channel}/${threadTs}`)) state.statuses.set(`${channel}/${threadTs}`, '');
  return message;
}

function ownMessage(ctx: MethodContext): FakeMessage {
  const channel = channelOf(ctx.state, ctx.params.channel, ctx.team!);
  const message = ctx.state.message(channel, ctx.params.ts ?? '');
  if (message === undefined) throw new SlackMethodError('message_not_found');
  if (message.botId !== ctx.team!.botId) throw new SlackMethodError('cant_update_message');
  return message;
}

/**
 * A stream Tomo may still write to. Slack refuses chat.appendStream and chat.stopStream in a
 * channel archived since the stream started (`is_archived`) or that Tomo was removed from
 * (`not_in_channel`), as it refuses chat.postMessage there: both are in those methods' error
 * lists (docs.slack.dev/reference/methods/chat.appendStream, chat.stopStream).
 */
function streamingMessage(ctx: MethodContext): FakeMessage {
  const message = ownMessage(ctx);
  if (ctx.state.channels.get(message.channel)?.isArchived === true) throw new SlackMethodError('is_archived');
  if (!ctx.state.isMember(message.channel, ctx.team!.botUserId)) throw new SlackMethodError('not_in_channel');
  if (!streamOpen(ctx, message)) throw new SlackMethodError('message_not_in_streaming_state');
  return message;
}

/** Whether the message is a stream still open: one past its lifetime is closed now, as Slack does. */
function streamOpen(ctx: MethodContext, message: FakeMessage): boolean {
  if (message.streamState !== 'streaming') return false;
  if (message.streamStartedAt !== undefined && Date.now() - message.streamStartedAt >= ctx.settings.streamLifetimeMs) {
    message.streamState = 'stopped';
    return false;
  }
  return true;
}

/** `markdown_text`, or the markdown chunks of `chunks` (a JSON array on the wire). */
function streamedText(params: Record<string, string>): string {
  if (params.markdown_text !== undefined) return params.markdown_text;
  if (params.chunks === undefined) return '';
  let chunks: unknown;
  try {
    chunks = JSON.parse(params.chunks);
  } catch {
    throw new SlackMethodError('invalid_chunks');
  }
  if (!Array.isArray(chunks)) throw new SlackMethodError('invalid_chunks');
  return chunks
    .map((chunk: { type?: unknown; text?: unknown }) =>
      chunk.type === 'markdown_text' && typeof chunk.text === 'string' ? chunk.text : '',
    )
    .join('');
}

export function paginate<T>(items: T[], params: Record<string, string>) {
  const limit = Math.max(1, Math.min(Number(params.limit) || 100, 1000));
  let offset = 0;
  if (params.cursor) {
    const decoded = /^offset:(\d+)$/.exec(Buffer.from(params.cursor, 'base64').toString('utf8'));
    if (decoded === null) throw new SlackMethodError('invalid_cursor');
    offset = Number(decoded[1]);
  }
  const end = offset + limit;
  const next = end < items.length ? Buffer.from(`offset:${end}`).toString('base64') : '';
  return { items: items.slice(offset, end), meta: { response_metadata: { next_cursor: next } } };
}

function membersOf(state: SlackState, channel: FakeChannel): string[] {
  if (channel.isIm) return [channel.user ?? '', ...[...state.teams.values()].filter((t) => t.id === channel.teamId).map((t) => t.botUserId)];
  if (channel.isPrivate) return channel.members ?? [];
  // A public channel lists the people who joined it; without a list, everyone has.
  if (channel.members !== undefined) return channel.members;
  return [...state.users.values()].filter((u) => u.teamId === channel.teamId && u.deleted !== true).map((u) => u.id);
}

/** Where a file's bytes are served; like Slack, only with the workspace's bot token. */
export function fileDownloadPath(team: FakeTeam, file: FakeFile): string {
  return `/files-pri/${team.id}-${file.id}/download/${encodeURIComponent(file.name)}`;
}

function toSlackFile(file: FakeFile, team: FakeTeam, origin: string): Record<string, unknown> {
  const mode = file.email ? 'email' : (file.mode ?? 'hosted');
  // A deleted file, or one the free plan hides, is listed as Slack lists it: its id and mode only
  // (changelog 2019-03 "wild west for files no more": `{"id": "F…", "mode": "hidden_by_limit"}`).
  if (mode === 'tombstone' || mode === 'hidden_by_limit') return { id: file.id, mode };
  return {
    id: file.id,
    name: file.name,
    title: file.name,
    mimetype: file.mimetype,
    filetype: file.filetype,
    size: file.content.length,
    mode,
    // As Slack's file object: an external file says where it lives (a Drive file: `gdrive`).
    is_external: mode === 'external',
    external_type: mode === 'external' ? 'gdrive' : '',
    ...(mode === 'hosted' || mode === 'email'
      ? {
          url_private: `${origin}/files-pri/${team.id}-${file.id}/${encodeURIComponent(file.name)}`,
          url_private_download: `${origin}${fileDownloadPath(team, file)}`,
        }
      : {}),
    ...(file.email ? emailFields(file.email) : {}),
  };
}

/** An email file's fields as Slack lists them (filetype `email`, `pretty_type` Email). */
function emailFields(email: FakeEmail): Record<string, unknown> {
  const address = ({ name, address }: { name: string; address: string }) => ({ address, name, original: `${name} <${address}>` });
  return {
    pretty_type: 'Email',
    subject: email.subject,
    from: email.from.map(address),
    to: email.to.map(address),
    cc: (email.cc ?? []).map(address),
    headers: { date: email.date },
    plain_text: email.plainText,
    preview: email.plainText.slice(0, 200),
    preview_plain_text: email.plainText.slice(0, 200),
  };
}

/** A Slack Connect file as messages and events list it: only its id; files.info has the rest. */
function checkFileInfo(file: FakeFile): Record<string, unknown> {
  return { id: file.id, mode: 'file_access', file_access: 'check_file_info', created: 0, timestamp: 0, user: '' };
}

export function toSlackMessage(m: FakeMessage, state: SlackState, origin = 'http://127.0.0.1', metadata = false): Record<string, unknown> {
  const replies = m.threadTs === m.ts ? state.thread(m.channel, m.ts).length - 1 : 0;
  const team = [...state.teams.values()].find((t) => t.id === state.channels.get(m.channel)?.teamId);
  return {
    type: 'message',
    ts: m.ts,
    text: m.text,
    ...(m.user === undefined ? {} : { user: m.user }),
    ...(m.botId === undefined ? {} : { bot_id: m.botId }),
    ...(m.subtype === undefined ? {} : { subtype: m.subtype }),
    ...(m.threadTs === undefined ? {} : { thread_ts: m.threadTs }),
    // A thread's parent carries its thread's counts, as Slack's conversations.history lists them.
    ...(replies > 0 ? threadFields(state.thread(m.channel, m.ts).slice(1)) : {}),
    ...(m.username === undefined ? {} : { username: m.username }),
    ...(metadata && m.metadata !== undefined ? { metadata: m.metadata } : {}),
    ...(m.files === undefined || team === undefined ? {} : { files: m.files.map((f) => (f.connect === true ? checkFileInfo(f) : toSlackFile(f, team, origin))) }),
    ...(m.attachments === undefined ? {} : { attachments: m.attachments }),
    ...(m.blocks === undefined ? {} : { blocks: m.blocks }),
  };
}

function toSlackUser(user: FakeUser, includeLocale: boolean): Record<string, unknown> {
  const displayName = user.displayName ?? '';
  const realName = user.realName ?? '';
  return {
    id: user.id,
    team_id: user.teamId,
    name: user.name,
    deleted: user.deleted === true,
    real_name: realName,
    tz: user.tz ?? 'Asia/Tokyo',
    is_admin: user.isAdmin === true,
    is_owner: user.isOwner === true,
    is_primary_owner: user.isPrimaryOwner === true,
    is_restricted: user.isRestricted === true || user.isUltraRestricted === true,
    is_ultra_restricted: user.isUltraRestricted === true,
    is_bot: user.isBot === true,
    is_app_user: false,
    profile: {
      title: user.title ?? '',
      display_name: displayName,
      display_name_normalized: displayName,
      real_name: realName,
      real_name_normalized: realName,
      ...(user.email === undefined ? {} : { email: user.email }),
    },
    ...(includeLocale ? { locale: user.locale ?? 'en-US' } : {}),
    ...(user.enterpriseId === undefined ? {} : { enterprise_user: { id: user.id, enterprise_id: user.enterpriseId, teams: user.enterpriseTeams ?? [user.teamId] } }),
  };
}

function threadFields(replies: readonly FakeMessage[]): Record<string, unknown> {
  const users = [...new Set(replies.flatMap((r) => (r.user === undefined ? [] : [r.user])))];
  return { reply_count: replies.length, reply_users_count: users.length, reply_users: users.slice(0, 5), latest_reply: replies.at(-1)!.ts };
}
