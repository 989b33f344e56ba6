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
  /** The name an app's message shows when no user is behind it (a webhook's or legacy bot's). */
  botName?: string;
  text: string;
  /**
   * The author's own words, set only when `text` also holds messages they forwarded (which may
   * mention anyone, Tomo included, without the author doing so).
   */
  ownText?: string;
  /**
   * The messages it forwards, set with `ownText`: their words as written and who wrote them (a
   * `<@U…>` mention or a name, when known). `text` tells them in English for the model; what
   * Tomo writes for a person (a PDF) labels them in the person's language.
   */
  forwards?: readonly ForwardedMessage[];
  /** Files shared with the message (descriptions only; content is read on demand). */
  files?: SharedFile[];
}

export interface ForwardedMessage {
  readonly author?: string;
  readonly text: string;
}

/** A file shared in a message, as the platform describes it. */
export interface SharedFile {
  readonly id: string;
  /** '' when the platform gives none (Slack lists a deleted or hidden file by its id only). */
  readonly name: string;
  /** `text/plain`, `application/pdf`, `image/png`…; may be empty for odd uploads. */
  readonly mimetype: string;
  /** The platform's short type (`pdf`, `docx`, `csv`, `png`…). */
  readonly filetype?: string;
  readonly size: number;
  /**
   * Set for a file Slack lists but does not hold (mode `external`, `is_external`: a Google Drive
   * or Dropbox file added to Slack), with Slack's `external_type` (`gdrive`…): it has no bytes to
   * download, so readers name it as unreadable instead of leaving it out unsaid.
   */
  readonly external?: string;
  /**
   * Set for a file the platform lists but no longer lets anyone open: `deleted` (Slack's
   * `tombstone`), `hidden_by_limit` (Slack's free plan hides older files), `not_found` (a Slack
   * Connect file Slack would not describe). Readers name it as unreadable, with why.
   */
  readonly unavailable?: 'deleted' | 'hidden_by_limit' | 'not_found';
  /**
   * An email sent to the platform (Slack's "Send emails to Slack": filetype and mode `email`),
   * whose headers and plain-text body come with the file: read from here, not downloaded (the
   * download is the HTML part alone, without who wrote it, to whom or when).
   */
  readonly email?: SharedEmail;
}

/** An email's headers and plain-text body as the platform gives them with the file. */
export interface SharedEmail {
  readonly subject: string;
  /** `Name <address>` as the email gave them. */
  readonly from: readonly string[];
  readonly to: readonly string[];
  readonly cc: readonly string[];
  /** The Date header, as written. */
  readonly date?: string;
  readonly text: string;
}

/** A message someone linked to (a Slack permalink). */
export interface MessageRef {
  channelId: ChannelId;
  ts: string;
  /** Set when the message is a reply in a thread. */
  threadTs?: string;
}

/**
 * A member as the platform describes them (the workspace context's `Member`, so its
 * display-name rules apply unchanged), plus what an answer needs to speak their language.
 */
export type ChatUserProfile = Member & {
  /** IETF tag from the platform, e.g. `ja-JP`. */
  readonly locale?: string;
  readonly timeZone?: string;
  /** The person's own workspace (Slack: users.info's `team_id`; a Slack Connect partner's for their people). */
  readonly homeTeamId?: TeamId;
  /** The platform calls them a stranger: of another workspace, in no shared conversation Tomo sees. */
  readonly isStranger?: boolean;
  /** Enterprise Grid: the organization they belong to (Slack: `enterprise_user.enterprise_id`). */
  readonly enterpriseId?: string;
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
  /**
   * The model paused (a tool runs): text held back for a bigger batch goes out now instead of
   * after the tool. Writers that hold nothing back (or hold the whole answer) need none.
   */
  flush?(): Promise<void>;
  finish(): Promise<PostedAnswer>;
  /**
   * Everything appended so far is void: the answer starts over. What is already shown stays
   * until the first words appended after this replace it (so the person never looks at an
   * empty thread while the model starts again); `interrupt` first keeps it instead.
   */
  restart(): Promise<void>;
  /**
   * The answer broke off and will not be finished (an error message follows): what is shown
   * stays, closed and marked as cut off, so it does not read as a whole answer. Nothing shown,
   * nothing done.
   */
  interrupt(): Promise<void>;
}

/** Ends the words of an answer that broke off. */
export const CUT_OFF_MARK = '…';

export interface PostedAnswer {
  /** Timestamps of the messages the answer occupies, in order. */
  messageTs: string[];
  /**
   * How it was delivered: native streaming, a posted message edited as text arrived, or
   * privately to the asker (an ephemeral message in the thread, or a DM) because it used
   * their private connections.
   */
  delivery: 'stream' | 'edit' | PrivateDelivery['via'];
}

/** Where an answer only its asker may see went. */
export interface PrivateDelivery {
  readonly via: 'ephemeral' | 'direct_message';
  readonly messageTs: string[];
}

export interface PrivateAnswer {
  readonly thread: ThreadRef;
  readonly userId: UserId;
  readonly text: string;
  readonly appearance?: BotAppearance;
}

/** A visible "working on it" sign; clearing is idempotent. */
export interface ThinkingIndicator {
  /**
   * Shows what Tomo is doing now ("is searching the web…"); best effort, never throws for
   * the platform refusing. Where only a reaction could be shown, nothing changes.
   */
  update?(status: string): Promise<void>;
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

/** A message behind a link; `restricted` when its conversation is not public (a private channel, a DM, a group DM). */
export type LinkedMessage = ThreadMessage & { readonly restricted?: boolean };

/**
 * A file behind a pasted permalink, as `viewer` could open it in Slack: `channels` are the
 * conversations it is shared in that they can read (none when only its uploader sees it), and
 * `restricted` says none of those is public.
 */
export interface LinkedFile {
  readonly file: SharedFile;
  readonly channels: readonly ChannelId[];
  readonly restricted: boolean;
}

export interface ChatPlatform {
  /** Every message of the thread, oldest first, parent included. */
  readThread(thread: ThreadRef): Promise<ThreadMessage[]>;
  /** Profiles for the given ids; unknown ids are left out of the map. */
  getUsers(userIds: readonly UserId[]): Promise<Map<UserId, ChatUserProfile>>;
  /**
   * True for a person getUsers looked up whose profile the platform would not show Tomo
   * (Slack: users.info's `user_not_visible`, a Slack Connect partner's person): not one of this
   * workspace. Read from that lookup, never a call of its own.
   */
  isHiddenUser?(userId: UserId): boolean;
  showThinking(input: ShowThinkingInput): Promise<ThinkingIndicator>;
  /** Posts a complete text (split over several messages when long) in the thread. */
  postInThread(thread: ThreadRef, text: string, appearance?: BotAppearance): Promise<string[]>;
  startAnswer(target: AnswerTarget): AnswerWriter;
  /**
   * The bytes of a shared file (Slack: `url_private` with the bot token), at most `maxBytes`;
   * throws `ChatPlatformError` (`not_found`, `too_large`, `access_denied`…) otherwise.
   */
  downloadFile?(file: SharedFile, options: { maxBytes: number; signal?: AbortSignal }): Promise<Uint8Array>;
  /**
   * A linked message, only if `viewer` may read it too: public channels, or conversations
   * `viewer` is a member of. Undefined when it does not exist or is not theirs to see.
   */
  readLinkedMessage?(ref: MessageRef, viewer: UserId): Promise<LinkedMessage | undefined>;
  /**
   * A file by its id (a pasted file permalink), only if `viewer` may open it too: shared in a
   * conversation they can read, or their own upload. Undefined when it does not exist, is
   * another workspace's, or is not theirs to see.
   */
  readLinkedFile?(fileId: string, viewer: UserId): Promise<LinkedFile | undefined>;
  /**
   * Every file in ONE message (Slack: `files.uploadV2`, i.e. getUploadURLExternal, the bytes,
   * completeUploadExternal), with an optional comment. All or nothing: a failure before the
   * last step shares none of them. Absent where files cannot be sent (a workflow step's output).
   */
  uploadFiles?(target: UploadTarget, files: readonly OutgoingFile[], comment?: string): Promise<void>;
  /**
   * True for a conversation between Tomo and one person (Slack: an IM). Everything else (a
   * channel, a group DM) is shared, and an answer from private connections must not go there.
   */
  isDirectConversation?(channelId: ChannelId): boolean;
  /**
   * An answer only `userId` sees: an ephemeral message in the thread, or a DM when one
   * cannot be shown there. Absent: private answers are impossible here, so the asker's
   * private connections are not offered at all.
   */
  postPrivately?(answer: PrivateAnswer): Promise<PrivateDelivery>;
}

/** A file Tomo sends (generated images, a PDF); its bytes live in memory only. */
export interface OutgoingFile {
  readonly name: string;
  readonly title: string;
  readonly mimetype: string;
  readonly bytes: Uint8Array;
  /** A description for screen readers (images). */
  readonly altText?: string;
}

/** Where files go: into a thread, or to one person in Tomo's DM with them. */
export type UploadTarget = { readonly thread: ThreadRef } | { readonly userId: UserId };

/** One platform client per installation; the worker asks for one per job. */
export interface ChatPlatformFactory {
  forWorkspace(access: WorkspaceAccess): ChatPlatform;
}
