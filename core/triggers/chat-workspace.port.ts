import type { BotAppearance, ChatPlatform, ThreadMessage, ThreadRef, WorkspaceAccess } from '../assistant/chat-platform.port';
import type { HomeView } from '../home/home-view';
import type { ChannelId, UserId } from '../shared/ids';

/**
 * The chat workspace as the triggers need it, beyond answering in a thread: read a single
 * message or a channel's recent history, post where an answer is not a thread reply, speak
 * to one person only, publish the Home tab, finish a workflow step, and dress Slack's AI-app
 * thread. The Slack adapter implements it with the Web API; failures are ChatPlatformErrors.
 */

/** A message read on its own, with the thread it sits in. */
export interface LocatedMessage extends ThreadMessage {
  /** Its thread: the parent's ts for a reply, its own ts for a parent or a lone message. */
  readonly threadTs: string;
  /** How many replies it has, when it is a thread's parent (0 otherwise). */
  readonly replyCount: number;
}

/** A message of a channel's history; replies carry their parent's ts. */
export interface ChannelMessage extends ThreadMessage {
  readonly threadTs: string;
}

export interface ChannelInfo {
  readonly id: ChannelId;
  readonly name: string | null;
  /** Whether Tomo is a member (it can read and post only there). */
  readonly isMember: boolean;
  readonly isPrivate: boolean;
  readonly isIm: boolean;
  /** Archived: it still reads, but nothing can be posted there. */
  readonly isArchived: boolean;
}

/** How a workflow step ends: its outputs, or an error the person running it is shown. */
export type FunctionOutcome =
  | { readonly ok: true; readonly outputs: Readonly<Record<string, string>> }
  | { readonly ok: false; readonly error: string };

export interface SuggestedPrompt {
  readonly title: string;
  readonly message: string;
}

export interface ChannelWindow {
  readonly from: Date;
  readonly to: Date;
  /** Most messages kept (newest first when cut). Default 1,000. */
  readonly maxMessages?: number;
  /** Most threads whose replies are read. Default 50. */
  readonly maxThreads?: number;
  /**
   * Also read threads started before `from` but not before this, whose replies in the window
   * would otherwise be missed (replies are listed under their parent, not in the window's
   * history): those replies come after their parent, which is included for context. They
   * share `maxThreads` with the window's threads, the most recently active first. Default: none.
   */
  readonly threadsSince?: Date;
}

export interface ChatWorkspace extends ChatPlatform {
  /** One message (top-level or a reply); null when it does not exist. */
  readMessage(channelId: ChannelId, ts: string): Promise<LocatedMessage | null>;
  /** A channel's messages in the window, oldest first, each thread's replies (in the window) after its parent. */
  readChannel(channelId: ChannelId, window: ChannelWindow): Promise<ChannelMessage[]>;
  /** null when the channel does not exist or Tomo cannot see it. */
  channelInfo(channelId: ChannelId): Promise<ChannelInfo | null>;
  /**
   * Whether `userId` can read the conversation themselves: anyone in the workspace a public
   * channel; a private channel, DM or group DM only its members. Unknown channel: false.
   */
  canRead(channelId: ChannelId, userId: UserId): Promise<boolean>;
  /** A top-level message (split when long). */
  postToChannel(channelId: ChannelId, text: string, appearance?: BotAppearance): Promise<string[]>;
  /** A message only `userId` sees, in the thread when given. */
  postEphemeral(input: {
    channelId: ChannelId;
    userId: UserId;
    text: string;
    threadTs?: string;
    appearance?: BotAppearance;
  }): Promise<void>;
  /** A direct message to one person, in Tomo's Messages tab. */
  postDirect(userId: UserId, text: string, appearance?: BotAppearance): Promise<string[]>;
  /**
   * Publishes the person's Home tab. With `hash` (the one the last publish gave), the platform
   * refuses it when another publish came in between (`conflict`): the view was built from older
   * state than the one now shown. Without, it always replaces what is there.
   */
  publishHome(userId: UserId, view: HomeView, hash?: string): Promise<HomePublished>;
  /** Ends a workflow step; a second call for the same execution fails on the platform. */
  completeFunction(executionId: string, outcome: FunctionOutcome): Promise<void>;
  setSuggestedPrompts(thread: ThreadRef, prompts: readonly SuggestedPrompt[], title?: string): Promise<void>;
  setThreadTitle(thread: ThreadRef, title: string): Promise<void>;
  /** The bot user (U…) behind a bot id (B…), or null when unknown. */
  botUserId(botId: string): Promise<UserId | null>;
}

export interface ChatWorkspaceFactory {
  forWorkspace(access: WorkspaceAccess): ChatWorkspace;
}

/** What publishing a Home tab came to: its new hash (null when the platform gave none), or refused as stale. */
export type HomePublished = { readonly status: 'published'; readonly hash: string | null } | { readonly status: 'conflict' };
