import type { ChannelId, TeamId, UserId } from '../shared/ids';
import type { Member } from '../workspace/member';

/**
 * The chat workspace, seen from the answer pipeline: read a thread, name its people, show
 * that Tomo is thinking, and write the answer. The Slack adapter implements it with the
 * Web API; nothing Slack-specific (cursors, rate limits, streaming methods) leaks here.
 */

/** What the worker knows about an installation when it handles a job. */
export interface WorkspaceAccess {
  teamId: TeamId;
  /** Decrypted bot token; lives only in memory for the duration of a job. */
  botToken: string;
  botUserId?: UserId;
}

/** Tomo's custom name and icon from app customization; unset fields keep the app's own. */
export interface BotAppearance {
  username?: string;
  iconUrl?: string;
}

/** A conversation thread: a channel and the timestamp of its parent message. */
export interface ThreadRef {
  channelId: ChannelId;
  threadTs: string;
}

export interface ThreadMessage {
  ts: string;
  /** The author's user id; bots that post as an app may have none. */
  userId?: UserId;
  /** Set for messages posted by an app or bot (including Tomo itself). */
  botId?: string;
  text: string;
}

/**
 * A member as the platform describes them (the workspace context's `Member`, so its
 * display-name rules apply unchanged), plus what an answer needs to speak their language.
 */
export type ChatUserProfile = Member & {
  /** IETF tag from the platform, e.g. `ja-JP`. */
  readonly locale?: string;
  readonly timeZone?: string;
};

/** Where an answer goes and for whom (streaming in channels needs the recipient). */
export interface AnswerTarget {
  thread: ThreadRef;
  recipientUserId: UserId;
  recipientTeamId?: TeamId;
  appearance?: BotAppearance;
}

/**
 * An answer being written. `append` may buffer; `finish` flushes and finalizes. Answers
 * longer than one message are continued in further messages in the same thread.
 */
export interface AnswerWriter {
  append(text: string): Promise<void>;
  finish(): Promise<PostedAnswer>;
}

export interface PostedAnswer {
  /** Timestamps of the messages the answer occupies, in order. */
  messageTs: string[];
  /** How it was delivered: native streaming, or a posted message edited as text arrived. */
  delivery: 'stream' | 'edit';
}

/** A visible "working on it" sign; clearing is idempotent. */
export interface ThinkingIndicator {
  clear(): Promise<void>;
}

export interface ShowThinkingInput {
  thread: ThreadRef;
  /** The message that triggered the answer; a reaction goes on it when a status cannot be set. */
  messageTs: string;
  /** Short status text, already in the person's language (e.g. "is thinking…"). */
  status: string;
  appearance?: BotAppearance;
}

export interface ChatPlatform {
  /** Every message of the thread, oldest first, parent included. */
  readThread(thread: ThreadRef): Promise<ThreadMessage[]>;
  /** Profiles for the given ids; unknown ids are left out of the map. */
  getUsers(userIds: readonly UserId[]): Promise<Map<UserId, ChatUserProfile>>;
  showThinking(input: ShowThinkingInput): Promise<ThinkingIndicator>;
  /** Posts a complete text (split over several messages when long) in the thread. */
  postInThread(thread: ThreadRef, text: string, appearance?: BotAppearance): Promise<string[]>;
  startAnswer(target: AnswerTarget): AnswerWriter;
}

/** One platform client per installation; the worker asks for one per job. */
export interface ChatPlatformFactory {
  forWorkspace(access: WorkspaceAccess): ChatPlatform;
}
