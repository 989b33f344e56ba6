import { ChatPlatformError } from '../../core/assistant/chat-platform-error';
import {
  CUT_OFF_MARK,
  type AnswerTarget,
  type AnswerWriter,
  type BotAppearance,
  type ChatPlatform,
  type ChatPlatformFactory,
  type ChatUserProfile,
  type MessageRef,
  type PrivateAnswer,
  type PrivateDelivery,
  type SharedFile,
  type ShowThinkingInput,
  type ThinkingIndicator,
  type ThreadMessage,
  type LinkedMessage,
  type ThreadRef,
  type WorkspaceAccess,
} from '../../core/assistant/chat-platform.port';

export interface InMemoryChatMessage extends ThreadMessage {
  channelId: string;
  threadTs?: string;
  appearance?: BotAppearance;
}

/**
 * A chat workspace in memory, for unit tests of the answer pipeline: people, channels and
 * messages, plus what Tomo did (replies, thinking signs). Passes the ChatPlatform contract.
 */
export class InMemoryChatWorkspace {
  readonly people = new Map<string, ChatUserProfile>();
  readonly channels = new Set<string>();
  readonly messages: InMemoryChatMessage[] = [];
  /** `channel/ts` of messages that currently show a thinking sign. */
  readonly thinking = new Set<string>();
  /** What the triggers did beyond thread replies (see InMemoryChatWorkspacePlatform). */
  readonly ephemerals: { channelId: string; userId: string; text: string; threadTs?: string }[] = [];
  readonly homeViews = new Map<string, unknown>();
  /** Each Home's hash, changed by every publish (as Slack's views.publish does). */
  readonly homeHashes = new Map<string, string>();
  readonly completions = new Map<string, { ok: boolean; outputs?: Record<string, string>; error?: string }[]>();
  readonly suggestedPrompts = new Map<string, { title: string; message: string }[]>();
  readonly titles = new Map<string, string>();
  /** Bot id (B…) → its bot user (U…). */
  readonly bots = new Map<string, string>();
  /** Channels Tomo is not a member of (it cannot read or post there). */
  readonly notMember = new Set<string>();
  /** Channel names, for channelInfo. */
  readonly names = new Map<string, string>();
  /** Every status text shown while working, in order (the thinking sign's updates). */
  readonly statuses: string[] = [];
  /** Shared files' bytes by file id. */
  readonly fileContents = new Map<string, Uint8Array>();
  /** Private conversations and their members; channels not listed here are public. */
  readonly privateMembers = new Map<string, Set<string>>();
  maxMessageChars = 12_000;
  private nextFailure: ChatPlatformError | undefined;
  private tick = 0;

  constructor(
    readonly botUserId = 'UTOMO',
    readonly botId = 'BTOMO',
  ) {}

  addPerson(profile: ChatUserProfile): void {
    this.people.set(profile.id, profile);
  }

  addChannel(channelId: string): void {
    this.channels.add(channelId);
  }

  /** Someone (or Tomo) writes; returns the message ts. */
  say(input: {
    channelId: string;
    text: string;
    userId?: string;
    botId?: string;
    threadTs?: string;
    appearance?: BotAppearance;
    files?: { file: SharedFile; bytes: Uint8Array }[];
    /** When it was written (its ts says so); default a fixed moment in 2023. */
    at?: Date;
  }): string {
    if (!this.channels.has(input.channelId)) throw new ChatPlatformError('not_found', 'channel_not_found', 'say');
    this.tick += 1;
    const { files, at, ...message } = input;
    const seconds = at === undefined ? 1_700_000_000 : Math.floor(at.getTime() / 1000);
    const ts = `${seconds}.${String(this.tick).padStart(6, '0')}`;
    for (const shared of files ?? []) this.fileContents.set(shared.file.id, shared.bytes);
    this.messages.push({ ...message, ts, ...(files === undefined ? {} : { files: files.map((f) => f.file) }) });
    return ts;
  }

  /** The thread as a person sees it, parent first. */
  thread(channelId: string, threadTs: string): InMemoryChatMessage[] {
    return this.messages.filter((m) => m.channelId === channelId && (m.ts === threadTs || m.threadTs === threadTs));
  }

  botReplies(channelId: string, threadTs: string): InMemoryChatMessage[] {
    return this.thread(channelId, threadTs).filter((m) => m.botId === this.botId && m.ts !== threadTs);
  }

  /** The next platform call fails with this error. */
  failNext(error: ChatPlatformError): void {
    this.nextFailure = error;
  }

  /** @internal used by the platform: throws the scripted failure, if any. */
  check(method: string, channelId?: string): void {
    const failure = this.nextFailure;
    this.nextFailure = undefined;
    if (failure) throw failure;
    if (channelId !== undefined && !this.channels.has(channelId)) throw new ChatPlatformError('not_found', 'channel_not_found', method);
  }
}

export class InMemoryChatPlatformFactory implements ChatPlatformFactory {
  constructor(private readonly workspace: InMemoryChatWorkspace) {}

  forWorkspace(_access: WorkspaceAccess): ChatPlatform {
    return new InMemoryChatPlatform(this.workspace);
  }
}

export class InMemoryChatPlatform implements ChatPlatform {
  constructor(protected readonly workspace: InMemoryChatWorkspace) {}

  async readThread(thread: ThreadRef): Promise<ThreadMessage[]> {
    this.workspace.check('readThread', thread.channelId);
    const messages = this.workspace.thread(thread.channelId, thread.threadTs);
    if (messages.length === 0) throw new ChatPlatformError('not_found', 'thread_not_found', 'readThread');
    return messages.map(toThreadMessage);
  }

  async getUsers(userIds: readonly string[]): Promise<Map<string, ChatUserProfile>> {
    this.workspace.check('getUsers');
    const found = new Map<string, ChatUserProfile>();
    for (const id of userIds) {
      const person = this.workspace.people.get(id);
      if (person) found.set(id, person);
    }
    return found;
  }

  async showThinking(input: ShowThinkingInput): Promise<ThinkingIndicator> {
    const key = `${input.thread.channelId}/${input.messageTs}`;
    this.workspace.thinking.add(key);
    this.workspace.statuses.push(input.status);
    return {
      update: async (status) => void this.workspace.statuses.push(status),
      clear: async () => void this.workspace.thinking.delete(key),
    };
  }

  async postInThread(thread: ThreadRef, text: string, appearance?: BotAppearance): Promise<string[]> {
    this.workspace.check('postInThread', thread.channelId);
    return this.pieces(text).map((piece) => this.reply(thread, piece, appearance));
  }

  isDirectConversation(channelId: string): boolean {
    return channelId.startsWith('D');
  }

  /** Recorded in `ephemerals` (with the thread), as Slack's ephemeral message. */
  async postPrivately(answer: PrivateAnswer): Promise<PrivateDelivery> {
    this.workspace.check('postPrivately', answer.thread.channelId);
    this.workspace.ephemerals.push({ channelId: answer.thread.channelId, userId: answer.userId, text: answer.text, threadTs: answer.thread.threadTs });
    return { via: 'ephemeral', messageTs: [] };
  }

  startAnswer(target: AnswerTarget): AnswerWriter {
    let text = '';
    /** The words of a restarted answer, shown (as Slack would) until new words replace them. */
    let replaced: string | undefined;
    let finished = false;
    const finish = async () => {
      if (finished) throw new Error('The answer is already finished');
      finished = true;
      this.workspace.check('finish', target.thread.channelId);
      const messageTs = text === '' ? [] : this.pieces(text).map((piece) => this.reply(target.thread, piece, target.appearance));
      return { messageTs, delivery: 'stream' as const };
    };
    return {
      append: async (delta) => {
        if (finished) throw new Error('The answer is already finished');
        this.workspace.check('append', target.thread.channelId);
        if (delta !== '') replaced = undefined;
        text += delta;
      },
      finish,
      restart: async () => {
        if (finished) throw new Error('The answer is already finished');
        if (text !== '') replaced = text;
        text = '';
      },
      interrupt: async () => {
        if (finished) return;
        if (replaced !== undefined) text = replaced;
        if (text === '') return;
        text += CUT_OFF_MARK;
        await finish();
      },
    };
  }

  async downloadFile(file: SharedFile, options: { maxBytes: number }): Promise<Uint8Array> {
    this.workspace.check('downloadFile');
    const bytes = this.workspace.fileContents.get(file.id);
    if (bytes === undefined) throw new ChatPlatformError('not_found', 'file_not_found', 'downloadFile');
    if (bytes.byteLength > options.maxBytes) throw new ChatPlatformError('failed', 'too_large', 'downloadFile');
    return bytes;
  }

  async readLinkedMessage(ref: MessageRef, viewer: string): Promise<LinkedMessage | undefined> {
    this.workspace.check('readLinkedMessage');
    const members = this.workspace.privateMembers.get(ref.channelId);
    if (!this.workspace.channels.has(ref.channelId) || (members !== undefined && !members.has(viewer))) return undefined;
    const found = this.workspace.messages.find((m) => m.channelId === ref.channelId && m.ts === ref.ts);
    if (found === undefined) return undefined;
    return { ...toThreadMessage(found), ...(members !== undefined || ref.channelId.startsWith('D') ? { restricted: true } : {}) };
  }

  protected reply(thread: ThreadRef, text: string, appearance: BotAppearance | undefined): string {
    const { botUserId, botId } = this.workspace;
    // The thinking sign stays until cleared: on Slack it may be a reaction, which replies do not remove.
    return this.workspace.say({
      channelId: thread.channelId,
      threadTs: thread.threadTs,
      text,
      userId: botUserId,
      botId,
      ...(appearance === undefined ? {} : { appearance }),
    });
  }

  protected pieces(text: string): string[] {
    const max = this.workspace.maxMessageChars;
    const pieces: string[] = [];
    for (let i = 0; i < text.length; i += max) pieces.push(text.slice(i, i + max));
    return pieces.length === 0 ? [''] : pieces;
  }
}

function toThreadMessage({ ts, text, userId, botId, files }: InMemoryChatMessage): ThreadMessage {
  return {
    ts,
    text,
    ...(userId === undefined ? {} : { userId }),
    ...(botId === undefined ? {} : { botId }),
    ...(files === undefined ? {} : { files }),
  };
}
