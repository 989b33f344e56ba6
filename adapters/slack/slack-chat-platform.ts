import { ChatPlatformError, isChatPlatformError } from '../../core/assistant/chat-platform-error';
import type {
  AnswerTarget,
  AnswerWriter,
  BotAppearance,
  ChatPlatform,
  ChatPlatformFactory,
  ChatUserProfile,
  LinkedFile,
  LinkedMessage,
  MessageRef,
  OutgoingFile,
  PrivateAnswer,
  PrivateDelivery,
  SharedFile,
  ShowThinkingInput,
  ThinkingIndicator,
  ThreadMessage,
  ThreadRef,
  UploadTarget,
  WorkspaceAccess,
} from '../../core/assistant/chat-platform.port';
import type { Clock } from '../../core/shared/clock.port';
import { createSlackCaller, realSleep, type SlackApiCallerOptions, type SlackCall } from './slack-api-caller';
import { SlackAnswerWriter, type AnswerWriterSettings } from './slack-answer-writer';
import type { SlackStreamLoad } from './slack-stream-load';
import { downloadSlackFile, fileInfo, needsFileInfo, toSharedFile, type SlackFile } from './slack-file-download';
import { slackBotName, slackMessageFiles, slackMessageWords, type SlackMessage } from './slack-message-text';
import { fileAccess, readLinkedSlackMessage } from './slack-linked-message';
import { splitMessage } from './split-message';
import type { SlackProfileLookups } from './slack-profile-lookups';
import { slackUserToMember, type SlackUser } from './slack-user';

export interface SlackChatPlatformOptions extends SlackApiCallerOptions {
  /** Characters gathered before each chat.appendStream after the first words; at least 256. Default 256. */
  streamBufferChars?: number;
  /** ...or the time since the last write after which whatever gathered goes out. Default 1 s. */
  streamFlushIntervalMs?: number;
  /** The answers this process streams, shared by its platforms: when many are, each append carries more (ADR 88). */
  streamLoad?: SlackStreamLoad;
  /** Fallback without streaming: edit the posted message at most once per this. Default 3 s. */
  editIntervalMs?: number;
  /** Longest text per message (Slack's markdown_text limit). Default 12,000. */
  maxMessageChars?: number;
  /** conversations.replies page size. Default 200 (Slack's advice for paginated methods). */
  repliesPageSize?: number;
  /** Reaction shown on the question where an assistant status cannot be set. */
  thinkingReaction?: string;
  clock?: Clock;
  /** Profile lookups in flight shared by the platforms of one process; without it each platform looks people up itself. */
  profileLookups?: SlackProfileLookups;
}

/** Slack's own floor for buffered streaming; smaller appends risk its rate limits. */
export const MIN_STREAM_BUFFER_CHARS = 256;
/** 50 pages of 200: a 10,000-message thread is read whole; beyond that the oldest part only. */
const MAX_THREAD_PAGES = 50;
const USER_LOOKUP_CONCURRENCY = 5;
/**
 * More people than this to look up at once (a huge thread) are read from one paged `users.list`
 * (Tier 2, about 20 pages of 200 people a minute) instead of one `users.info` (Tier 4, about 100
 * a minute) each. At 150 the two cost about the same minute and a half in a 5,000-person
 * workspace, and the listing far less in a smaller one; a channel summary of a few dozen people
 * keeps `users.info`, which Slack's burst answers at once.
 */
export const USERS_LIST_THRESHOLD = 150;
/** 50 pages of 200: a workspace of 10,000 people; those beyond are looked up one by one. */
const MAX_USER_LIST_PAGES = 50;
const FILE_LOOKUP_CONCURRENCY = 5;
/** Slack Connect files looked up per thread read, newest first. */
const MAX_CONNECT_FILE_LOOKUPS = 20;

/** Builds a Web API client per installation (bot token); the worker asks once per job. */
export class SlackChatPlatformFactory implements ChatPlatformFactory {
  constructor(private readonly options: SlackChatPlatformOptions = {}) {}

  forWorkspace(access: WorkspaceAccess): ChatPlatform {
    return new SlackChatPlatform(createSlackCaller(access.botToken, this.options), access, this.options);
  }
}

export class SlackChatPlatform implements ChatPlatform {
  protected readonly writerSettings: AnswerWriterSettings;
  private readonly streaming = { available: true };
  private readonly profiles = new Map<string, ChatUserProfile | typeof NOT_VISIBLE | null>();
  /** Download addresses of the files seen in threads, so reading one needs no files.info. */
  private readonly fileUrls = new Map<string, string>();
  /** Slack Connect files as files.info described them (null: not found), by id. */
  private readonly connectFiles = new Map<string, SlackFile | null>();

  constructor(
    protected readonly call: SlackCall,
    protected readonly access: WorkspaceAccess,
    protected readonly options: SlackChatPlatformOptions = {},
  ) {
    this.writerSettings = {
      bufferChars: Math.max(MIN_STREAM_BUFFER_CHARS, options.streamBufferChars ?? MIN_STREAM_BUFFER_CHARS),
      flushIntervalMs: options.streamFlushIntervalMs ?? 1_000,
      editIntervalMs: options.editIntervalMs ?? 3_000,
      maxMessageChars: options.maxMessageChars ?? 12_000,
      load: options.streamLoad,
      clock: options.clock ?? { now: () => new Date() },
      sleep: options.sleep ?? realSleep,
    };
  }

  /** The thread, parent first; with `range` (Slack ts, inclusive) Slack pages only the replies in it. */
  async readThread(thread: ThreadRef, range?: { readonly oldest: string; readonly latest: string }): Promise<ThreadMessage[]> {
    const byTs = new Map<string, ThreadMessage>();
    const filesOf = new Map<string, SlackFile[]>();
    let cursor: string | undefined;
    for (let page = 0; page < MAX_THREAD_PAGES; page += 1) {
      const result = (await this.call('conversations.replies', {
        channel: thread.channelId,
        ts: thread.threadTs,
        limit: this.options.repliesPageSize ?? 200,
        ...(range === undefined ? {} : { oldest: range.oldest, latest: range.latest, inclusive: true }),
        ...(cursor === undefined ? {} : { cursor }),
      })) as RepliesPage;
      // Pages may repeat the parent message; the ts identifies a message.
      for (const message of result.messages ?? []) {
        // The AI-app view's thread root ("Chats from …") is Slack's, not part of the conversation.
        if (message.ts === undefined || byTs.has(message.ts) || message.subtype === 'assistant_app_thread') continue;
        const files = slackMessageFiles(message);
        if (files !== undefined) filesOf.set(message.ts, files);
        byTs.set(message.ts, {
          ts: message.ts,
          ...slackMessageWords(message),
          ...(message.user === undefined ? {} : { userId: message.user }),
          ...(message.bot_id === undefined ? {} : { botId: message.bot_id }),
          ...(slackBotName(message) === undefined ? {} : { botName: slackBotName(message)! }),
        });
      }
      cursor = result.response_metadata?.next_cursor || undefined;
      if (cursor === undefined) break;
    }
    const messages = [...byTs.values()].sort((a, b) => compareTs(a.ts, b.ts));
    await this.lookUpConnectFiles([...filesOf].sort(([a], [b]) => compareTs(b, a)).flatMap(([, files]) => files));
    return messages.map((message) => {
      const files = this.sharedFiles(filesOf.get(message.ts));
      return files.length === 0 ? message : { ...message, files };
    });
  }

  /**
   * files.info for the Slack Connect files (listed by id only) among `files`, newest first, at
   * most `MAX_CONNECT_FILE_LOOKUPS` per thread (readers take at most 10 files per answer), a few
   * at a time; each file once per platform. `sharedFiles` then describes them as files.info did.
   */
  protected async lookUpConnectFiles(files: readonly SlackFile[]): Promise<void> {
    const wanted = [...new Set(files.filter(needsFileInfo).map((file) => file.id))].filter((id) => !this.connectFiles.has(id)).slice(0, MAX_CONNECT_FILE_LOOKUPS);
    for (let i = 0; i < wanted.length; i += FILE_LOOKUP_CONCURRENCY) {
      await Promise.all(
        wanted.slice(i, i + FILE_LOOKUP_CONCURRENCY).map(async (id) => {
          this.connectFiles.set(id, (await fileInfo(this.call, id)) ?? null);
        }),
      );
    }
  }

  async getUsers(userIds: readonly string[]): Promise<Map<string, ChatUserProfile>> {
    let wanted = [...new Set(userIds)].filter((id) => !this.profiles.has(id));
    if (wanted.length > USERS_LIST_THRESHOLD) {
      const shared = this.options.profileLookups;
      // A listing Slack does not finish (429s past their waits, an error) leaves everyone to users.info, as before.
      const everyone = await (shared ? shared.workspaceProfiles(this.access.teamId, () => this.listUsers()) : this.listUsers()).catch(
        (error: unknown) => {
          if (!isChatPlatformError(error)) throw error;
          return new Map<string, ChatUserProfile>();
        },
      );
      for (const id of wanted) {
        const profile = everyone.get(id);
        if (profile) this.profiles.set(id, profile);
      }
      // People of other workspaces (Slack Connect) are not in the listing: users.info says whether Tomo may see them.
      wanted = wanted.filter((id) => !this.profiles.has(id));
    }
    for (let i = 0; i < wanted.length; i += USER_LOOKUP_CONCURRENCY) {
      await Promise.all(wanted.slice(i, i + USER_LOOKUP_CONCURRENCY).map((id) => this.lookUpUser(id)));
    }
    const found = new Map<string, ChatUserProfile>();
    for (const id of userIds) {
      const profile = this.profiles.get(id);
      if (profile && profile !== NOT_VISIBLE) found.set(id, profile);
    }
    return found;
  }

  isHiddenUser(userId: string): boolean {
    return this.profiles.get(userId) === NOT_VISIBLE;
  }

  async showThinking(input: ShowThinkingInput): Promise<ThinkingIndicator> {
    const { thread, appearance } = input;
    const setStatus = (status: string) =>
      this.call('assistant.threads.setStatus', {
        channel_id: thread.channelId,
        thread_ts: thread.threadTs,
        status,
        ...appearanceArgs(appearance),
      });
    // The sign is cosmetic: when neither a status nor a reaction can be shown, the answer
    // still goes ahead (a real token problem surfaces on the next call).
    if (await succeeds(setStatus(input.status))) {
      return { update: (status) => ignoreFailure(setStatus(status)), clear: () => ignoreFailure(setStatus('')) };
    }
    // Not an assistant thread (a channel mention): a reaction on the question instead.
    const reaction = { channel: thread.channelId, timestamp: input.messageTs, name: this.options.thinkingReaction ?? 'eyes' };
    // `already_reacted`: an earlier attempt of the job put it there and never took it off (it died,
    // or Slack failed mid-answer); it is this answer's sign now, and comes off with it.
    if (await succeeds(this.call('reactions.add', reaction), 'already_reacted')) {
      return { clear: () => ignoreFailure(this.call('reactions.remove', reaction)) };
    }
    return { clear: async () => undefined };
  }

  async postInThread(thread: ThreadRef, text: string, appearance?: BotAppearance): Promise<string[]> {
    return this.post({ channel: thread.channelId, thread_ts: thread.threadTs }, text, appearance);
  }

  /** chat.postMessage, split over several messages when long; returns their timestamps. */
  protected async post(where: Record<string, string | boolean>, text: string, appearance?: BotAppearance): Promise<string[]> {
    const posted: string[] = [];
    for (const piece of splitMessage(text, this.writerSettings.maxMessageChars)) {
      const result = (await this.call('chat.postMessage', { ...where, markdown_text: piece, ...appearanceArgs(appearance) })) as {
        ts?: string;
      };
      if (result.ts !== undefined) posted.push(result.ts);
    }
    return posted;
  }

  startAnswer(target: AnswerTarget): AnswerWriter {
    const withTeam: AnswerTarget = { ...target, recipientTeamId: target.recipientTeamId ?? this.access.teamId };
    return new SlackAnswerWriter(this.call, withTeam, this.writerSettings, this.streaming);
  }

  downloadFile(file: SharedFile, options: { maxBytes: number; signal?: AbortSignal }): Promise<Uint8Array> {
    const apiOrigin = new URL(this.options.slackApiUrl ?? 'https://slack.com/api/').origin;
    return downloadSlackFile(this.call, this.access.botToken, apiOrigin, file, this.fileUrls, options);
  }

  readLinkedMessage(ref: MessageRef, viewer: string): Promise<LinkedMessage | undefined> {
    return readLinkedSlackMessage(this.call, this.access.teamId, ref, viewer);
  }

  /** files.info with Tomo's token (another workspace's file is `file_not_found`), then the asker's own access to where it is shared. */
  async readLinkedFile(fileId: string, viewer: string): Promise<LinkedFile | undefined> {
    const found = await fileInfo(this.call, fileId);
    if (found === undefined) return undefined;
    const access = await fileAccess(this.call, this.access.teamId, found, viewer);
    if (access === undefined) return undefined;
    const file = this.sharedFile(found);
    return file === undefined ? undefined : { file, ...access };
  }

  /**
   * `files.uploadV2` through the SDK (apiCall routes it there): one getUploadURLExternal per
   * file, the bytes to each upload URL, then ONE completeUploadExternal sharing them all in a
   * single message with the comment. A DM goes to the conversation conversations.open gives.
   * A 429 anywhere starts the whole upload again (uncompleted uploads are never shown).
   */
  async uploadFiles(target: UploadTarget, files: readonly OutgoingFile[], comment?: string): Promise<void> {
    const where =
      'thread' in target
        ? { channel_id: target.thread.channelId, thread_ts: target.thread.threadTs }
        : { channel_id: await this.openDirect(target.userId) };
    await this.call('files.uploadV2', {
      ...where,
      ...(comment === undefined ? {} : { initial_comment: comment }),
      file_uploads: files.map((file) => ({
        file: Buffer.from(file.bytes),
        filename: file.name,
        title: file.title,
        ...(file.altText === undefined ? {} : { alt_text: file.altText }),
      })),
    });
  }

  /** Slack IM ids start with D; channels (C), private channels and group DMs (G) are shared. */
  isDirectConversation(channelId: string): boolean {
    return channelId.startsWith('D');
  }

  /**
   * chat.postEphemeral in the thread (split when long); when Slack cannot show it there (the
   * person is not in the channel, the channel is archived…), a DM from Tomo instead.
   */
  async postPrivately(answer: PrivateAnswer): Promise<PrivateDelivery> {
    const pieces = splitMessage(answer.text, this.writerSettings.maxMessageChars);
    try {
      const messageTs: string[] = [];
      for (const piece of pieces) {
        const result = (await this.call('chat.postEphemeral', {
          channel: answer.thread.channelId,
          user: answer.userId,
          ...(answer.thread.threadTs === '' ? {} : { thread_ts: answer.thread.threadTs }),
          markdown_text: piece,
          ...appearanceArgs(answer.appearance),
        })) as { message_ts?: string };
        if (result.message_ts !== undefined) messageTs.push(result.message_ts);
      }
      return { via: 'ephemeral', messageTs };
    } catch (error) {
      // Only a refusal of the ephemeral itself (user_not_in_channel, is_archived, a read-only channel…) moves it to a DM.
      if (!isChatPlatformError(error) || (error.code !== 'failed' && error.code !== 'not_found' && error.code !== 'cannot_post')) throw error;
      const channel = await this.openDirect(answer.userId);
      // No previews: Slack would fetch each link (and picture) the answer holds, and a link the
      // model wrote after reading private sources could carry them to the site that way.
      const where = { channel, unfurl_links: false, unfurl_media: false };
      return { via: 'direct_message', messageTs: await this.post(where, answer.text, answer.appearance) };
    }
  }

  /** The id of Tomo's DM with a person (files.uploadV2 needs a channel id, not a user id). */
  protected async openDirect(userId: string): Promise<string> {
    const result = (await this.call('conversations.open', { users: userId })) as { channel?: { id?: string } };
    const id = result.channel?.id;
    if (id === undefined) throw new ChatPlatformError('failed', 'no_channel', 'conversations.open');
    return id;
  }

  protected sharedFiles(files: SlackFile[] | undefined): SharedFile[] {
    const shared: SharedFile[] = [];
    for (const listed of files ?? []) {
      // A Slack Connect file not looked up (past the limit) is left out; one files.info did not
      // find (deleted, or not Tomo's to see) is named as not found.
      const file = needsFileInfo(listed) ? this.connectFiles.get(listed.id) : listed;
      if (file === undefined) continue;
      if (file === null) {
        shared.push({ id: listed.id!, name: '', mimetype: '', size: 0, unavailable: 'not_found' });
        continue;
      }
      const described = this.sharedFile(file);
      if (described !== undefined) shared.push(described);
    }
    return shared;
  }

  /** The file as readers see it, its download address kept for `downloadFile`. */
  private sharedFile(file: SlackFile): SharedFile | undefined {
    const described = toSharedFile(file);
    // An external file's address is the outside service's, never downloaded with Slack's token.
    const url = file.url_private_download ?? file.url_private;
    if (described !== undefined && url !== undefined && described.external === undefined) this.fileUrls.set(described.id, url);
    return described;
  }

  private async lookUpUser(id: string): Promise<void> {
    const shared = this.options.profileLookups;
    this.profiles.set(id, await (shared ? shared.get(this.access.teamId, id, () => this.fetchUser(id)) : this.fetchUser(id)));
  }

  /** The workspace's people as profiles, from `users.list` pages (with their locales, as users.info gives). */
  private async listUsers(): Promise<ReadonlyMap<string, ChatUserProfile>> {
    const everyone = new Map<string, ChatUserProfile>();
    let cursor: string | undefined;
    for (let page = 0; page < MAX_USER_LIST_PAGES; page += 1) {
      const result = (await this.call('users.list', { limit: 200, include_locale: true, ...(cursor === undefined ? {} : { cursor }) })) as {
        members?: SlackUser[];
        response_metadata?: { next_cursor?: string };
      };
      for (const user of result.members ?? []) {
        if (typeof user.id === 'string') everyone.set(user.id, toProfile(user as SlackUser & { id: string }));
      }
      cursor = result.response_metadata?.next_cursor || undefined;
      if (cursor === undefined) break;
    }
    return everyone;
  }

  private async fetchUser(id: string): Promise<ChatUserProfile | typeof NOT_VISIBLE | null> {
    try {
      const result = (await this.call('users.info', { user: id, include_locale: true })) as { user?: SlackUser & { id: string } };
      return result.user ? toProfile(result.user) : null;
    } catch (error) {
      // Slack hides the person from Tomo: someone of another organization (Slack Connect).
      if (isChatPlatformError(error) && error.platformCode === 'user_not_visible') return NOT_VISIBLE;
      if (isChatPlatformError(error) && error.code === 'not_found') return null;
      throw error;
    }
  }
}

interface RepliesPage {
  messages?: SlackMessage[];
  response_metadata?: { next_cursor?: string };
}


/** users.info answered `user_not_visible`: no profile, and not one of the workspace's people. */
const NOT_VISIBLE = 'not_visible';

/** Slack's user as a chat profile: the `Member` fields plus locale, time zone and home workspace; empty strings are dropped. */
function toProfile(user: SlackUser & { id: string }): ChatUserProfile {
  const member = slackUserToMember(user);
  return compact({
    ...member,
    ...(member.profile ? { profile: compact(member.profile) } : {}),
    locale: user.locale,
    timeZone: user.tz,
    homeTeamId: user.team_id,
    isStranger: user.is_stranger,
    enterpriseId: user.enterprise_user?.enterprise_id,
  }) as ChatUserProfile;
}

function compact<T extends Record<string, unknown>>(record: T): Partial<T> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined && value !== '')) as Partial<T>;
}

export function appearanceArgs(appearance: BotAppearance | undefined): Record<string, string> {
  return {
    ...(appearance?.username ? { username: appearance.username } : {}),
    ...(appearance?.iconUrl ? { icon_url: appearance.iconUrl } : {}),
  };
}

/** Slack timestamps are "seconds.micros" strings; compare them as numbers of equal scale. */
export function compareTs(a: string, b: string): number {
  const [as = '0', af = ''] = a.split('.');
  const [bs = '0', bf = ''] = b.split('.');
  return Number(as) - Number(bs) || Number(af.padEnd(6, '0')) - Number(bf.padEnd(6, '0'));
}

async function succeeds(promise: Promise<unknown>, alreadyDone?: string): Promise<boolean> {
  try {
    await promise;
    return true;
  } catch (error) {
    if (error instanceof ChatPlatformError) return alreadyDone !== undefined && error.platformCode === alreadyDone;
    throw error;
  }
}

/** Clearing a thinking sign is cosmetic: Slack also clears the status when the answer posts. */
async function ignoreFailure(promise: Promise<unknown>): Promise<void> {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof ChatPlatformError)) throw error;
  }
}
