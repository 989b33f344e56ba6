import { ChatPlatformError } from '../../core/assistant/chat-platform-error';
import type { BotAppearance, ThreadRef, WorkspaceAccess } from '../../core/assistant/chat-platform.port';
import type { HomeView } from '../../core/home/home-view';
import type {
  ChannelInfo,
  ChannelMessage,
  ChannelWindow,
  ChatWorkspace,
  ChatWorkspaceFactory,
  FunctionOutcome,
  HomePublished,
  LocatedMessage,
  SuggestedPrompt,
} from '../../core/triggers/chat-workspace.port';
import { InMemoryChatPlatform, type InMemoryChatWorkspace } from './in-memory-chat-platform';

export class InMemoryChatWorkspaceFactory implements ChatWorkspaceFactory {
  constructor(private readonly workspace: InMemoryChatWorkspace) {}

  forWorkspace(_access: WorkspaceAccess): ChatWorkspace {
    return new InMemoryChatWorkspacePlatform(this.workspace);
  }
}

/** The triggers' view of the in-memory workspace; what Tomo did is kept on the workspace for assertions. */
export class InMemoryChatWorkspacePlatform extends InMemoryChatPlatform implements ChatWorkspace {
  constructor(workspace: InMemoryChatWorkspace) {
    super(workspace);
  }

  async readMessage(channelId: string, ts: string): Promise<LocatedMessage | null> {
    this.readable(channelId, 'readMessage');
    const message = this.workspace.messages.find((m) => m.channelId === channelId && m.ts === ts);
    if (!message) return null;
    const threadTs = message.threadTs ?? message.ts;
    const replyCount = this.workspace.messages.filter((m) => m.channelId === channelId && m.threadTs === ts && m.ts !== ts).length;
    return { ts, text: message.text, ...ids(message), threadTs, replyCount: threadTs === ts ? replyCount : 0 };
  }

  async readChannel(channelId: string, window: ChannelWindow): Promise<ChannelMessage[]> {
    this.readable(channelId, 'readChannel');
    const inWindow = (ts: string) => {
      const ms = Number(ts.split('.')[0]) * 1000;
      return ms >= window.from.getTime() && ms <= window.to.getTime();
    };
    const messages = this.workspace.messages.filter((m) => m.channelId === channelId && inWindow(m.ts));
    const since = window.threadsSince?.getTime();
    // Parents before the window (from `threadsSince`) whose threads have replies inside it.
    const older = this.workspace.messages.filter((m) => {
      const ms = Number(m.ts.split('.')[0]) * 1000;
      const isParent = m.threadTs === undefined || m.threadTs === m.ts;
      return since !== undefined && m.channelId === channelId && isParent && ms >= since && ms < window.from.getTime() && messages.some((r) => r.threadTs === m.ts && r.ts !== m.ts);
    });
    const parents = [...older.slice(-(window.maxThreads ?? 50)), ...messages.filter((m) => m.threadTs === undefined || m.threadTs === m.ts)];
    return parents
      .flatMap((parent) => [parent, ...messages.filter((m) => m.threadTs === parent.ts && m.ts !== parent.ts)])
      .map((m) => ({ ts: m.ts, text: m.text, ...ids(m), threadTs: m.threadTs ?? m.ts }))
      .slice(-(window.maxMessages ?? 1_000));
  }

  async channelInfo(channelId: string): Promise<ChannelInfo | null> {
    if (!this.workspace.channels.has(channelId)) return null;
    return {
      id: channelId,
      name: this.workspace.names.get(channelId) ?? null,
      isMember: !this.workspace.notMember.has(channelId),
      isPrivate: false,
      isIm: channelId.startsWith('D'),
      isArchived: false,
    };
  }

  /** Channels listed in `privateMembers` are their members'; the others are public. */
  async canRead(channelId: string, userId: string): Promise<boolean> {
    const members = this.workspace.privateMembers.get(channelId);
    return this.workspace.channels.has(channelId) && (members === undefined || members.has(userId));
  }

  async postToChannel(channelId: string, text: string, appearance?: BotAppearance): Promise<string[]> {
    this.readable(channelId, 'postToChannel');
    return this.pieces(text).map((piece) =>
      this.workspace.say({ channelId, text: piece, userId: this.workspace.botUserId, botId: this.workspace.botId, ...(appearance ? { appearance } : {}) }),
    );
  }

  async postEphemeral(input: { channelId: string; userId: string; text: string; threadTs?: string }): Promise<void> {
    this.readable(input.channelId, 'postEphemeral');
    this.workspace.ephemerals.push({ channelId: input.channelId, userId: input.userId, text: input.text, ...(input.threadTs ? { threadTs: input.threadTs } : {}) });
  }

  async postDirect(userId: string, text: string, appearance?: BotAppearance): Promise<string[]> {
    const dm = `D-${userId}`;
    this.workspace.channels.add(dm);
    return this.postToChannel(dm, text, appearance);
  }

  async publishHome(userId: string, view: HomeView, hash?: string): Promise<HomePublished> {
    if (hash !== undefined && hash !== this.workspace.homeHashes.get(userId)) return { status: 'conflict' };
    const next = `home-${userId}-${this.workspace.homeHashes.size}-${Date.now()}-${Math.random()}`;
    this.workspace.homeViews.set(userId, view);
    this.workspace.homeHashes.set(userId, next);
    return { status: 'published', hash: next };
  }

  async completeFunction(executionId: string, outcome: FunctionOutcome): Promise<void> {
    const done = this.workspace.completions.get(executionId) ?? [];
    done.push(outcome.ok ? { ok: true, outputs: { ...outcome.outputs } } : { ok: false, error: outcome.error });
    this.workspace.completions.set(executionId, done);
    if (done.length > 1) throw new ChatPlatformError('failed', 'function_execution_not_found', 'completeFunction');
  }

  async setSuggestedPrompts(thread: ThreadRef, prompts: readonly SuggestedPrompt[]): Promise<void> {
    this.workspace.suggestedPrompts.set(`${thread.channelId}/${thread.threadTs}`, [...prompts]);
  }

  async setThreadTitle(thread: ThreadRef, title: string): Promise<void> {
    this.workspace.titles.set(`${thread.channelId}/${thread.threadTs}`, title);
  }

  async botUserId(botId: string): Promise<string | null> {
    return this.workspace.bots.get(botId) ?? null;
  }

  private readable(channelId: string, method: string): void {
    this.workspace.check(method, channelId);
    if (this.workspace.notMember.has(channelId)) throw new ChatPlatformError('not_found', 'not_in_channel', method);
  }
}

function ids(message: { userId?: string; botId?: string }) {
  return {
    ...(message.userId === undefined ? {} : { userId: message.userId }),
    ...(message.botId === undefined ? {} : { botId: message.botId }),
  };
}
