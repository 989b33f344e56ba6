/**
 * The world the Slack fake serves: workspaces, people, channels and messages. Tests build
 * it with the `add…` methods and read what a person would see with `thread()` / `message()`.
 */

export interface FakeTeam {
  id: string;
  name: string;
  domain: string;
  botToken: string;
  botUserId: string;
  botId: string;
  appId: string;
  /**
   * The app was removed from the workspace (an admin's "Remove App"): its bot token is dead, and
   * every call with it gets `account_inactive`, as Slack answers a removed app's bot token
   * (slackapi/node-slack-sdk#367, slackapi/bolt-python#1029). A new install (`oauth.v2.access`)
   * brings it back.
   */
  appRemoved?: boolean;
}

export interface FakeUser {
  id: string;
  teamId: string;
  name: string;
  realName?: string;
  displayName?: string;
  title?: string;
  email?: string;
  isBot?: boolean;
  isAdmin?: boolean;
  isOwner?: boolean;
  isPrimaryOwner?: boolean;
  /** A guest: a multi-channel guest (`is_restricted`), or a single-channel one (both flags). */
  isRestricted?: boolean;
  isUltraRestricted?: boolean;
  deleted?: boolean;
  locale?: string;
  tz?: string;
  /**
   * How another workspace's token sees this person (Slack Connect), when they belong to
   * another workspace: 'shared' (default) their user object with their own `team_id`, as for
   * people of a shared channel; 'stranger' the same with `is_stranger: true`; 'hidden'
   * `user_not_visible`, as Slack answers when the partner's settings hide their people.
   */
  seenFromOtherWorkspaces?: 'shared' | 'stranger' | 'hidden';
  /** Enterprise Grid: their organization (users.info then carries `enterprise_user`). */
  enterpriseId?: string;
  /**
   * Enterprise Grid: every workspace of the organization they are in (`enterprise_user.teams`;
   * each lists them in users.list under the same user id). Unset: their own `teamId` only.
   */
  enterpriseTeams?: string[];
}

export interface FakeChannel {
  id: string;
  teamId: string;
  name?: string;
  isPrivate?: boolean;
  isIm?: boolean;
  /** For a DM: the person on the other side. */
  user?: string;
  /**
   * Who is in the channel: for a private one, the only people who may read it; for any channel,
   * whose membership users.conversations reports. Unset: everyone in the team.
   */
  members?: string[];
  /** False: Tomo has not been invited, so it cannot read the channel or post there. Default true. */
  botIsMember?: boolean;
  /** Archived: its history still reads, but nothing can be posted there (`is_archived`). */
  isArchived?: boolean;
}

/** A bot of the workspace (bots.info): its B… id, its bot user and its app. */
export interface FakeBot {
  id: string;
  userId: string;
  appId: string;
  name: string;
}

/** A parameter of a custom step's definition, in the array form function_executed carries. */
export interface FakeFunctionParameter {
  name: string;
  type: string;
  is_required: boolean;
  title?: string;
  description?: string;
}

/** The app's function (manifest `functions.<callback_id>`) a step runs. */
export interface FakeFunctionDefinition {
  callbackId: string;
  title: string;
  inputParameters: FakeFunctionParameter[];
  outputParameters: FakeFunctionParameter[];
}

/** A run of a workflow step (function_executed): Slack waits for exactly one completion. */
export interface FakeFunctionExecution {
  id: string;
  teamId: string;
  state: 'running' | 'completed' | 'failed';
  /** What completeSuccess's outputs are checked against, as Slack checks them. */
  definition?: FakeFunctionDefinition;
  outputs?: Record<string, unknown>;
  error?: string;
}

export interface FakeEphemeral {
  channel: string;
  user: string;
  text: string;
  threadTs?: string;
  username?: string;
}

/** Where the emulator keeps a workspace's file_input uploads: a conversation no one sees, Tomo's files.info aside. */
export const uploadsChannel = (teamId: string): string => `C0UP${teamId.slice(1)}`;

/** A file shared in a message; `content` is what its download URL serves. */
export interface FakeFile {
  id: string;
  name: string;
  mimetype: string;
  filetype: string;
  content: Buffer;
  /**
   * `hosted` (default), `external` (a Drive link), `tombstone` (deleted) or `hidden_by_limit`
   * (hidden by the free plan's limit): the last two are listed by id and mode only, and their
   * bytes are not served.
   */
  mode?: string;
  /**
   * Shared by someone of another organization in a Slack Connect channel: as Slack does,
   * messages list only its id (`mode: file_access`, `file_access: check_file_info`) and
   * files.info gives the rest.
   */
  connect?: boolean;
  /**
   * An email sent to Slack ("Send emails to Slack"): listed with filetype and mode `email`, its
   * headers and its plain-text body, as Slack's file object has them; `content` is its HTML part.
   */
  email?: FakeEmail;
}

export interface FakeEmail {
  subject: string;
  from: { name: string; address: string }[];
  to: { name: string; address: string }[];
  cc?: { name: string; address: string }[];
  /** The Date header (`Fri, 16 Dec 2022 18:58:30 +0000`). */
  date: string;
  plainText: string;
}

export interface FakeMessage {
  ts: string;
  channel: string;
  /** Set on replies (and on a parent once it has replies). */
  threadTs?: string;
  user?: string;
  botId?: string;
  /** What a person reads: `text` or `markdown_text`, streamed text included. */
  text: string;
  /** How the text was written: plain text, markdown, or a stream (still open or stopped). */
  format: 'text' | 'markdown' | 'stream';
  streamState?: 'streaming' | 'stopped';
  /** When chat.startStream opened it (ms since the epoch): Slack closes a stream some minutes later. */
  streamStartedAt?: number;
  username?: string;
  iconUrl?: string;
  /** Slack's subtype: bot_message for legacy bots and webhooks, channel_join, … */
  subtype?: string;
  edits: number;
  /** Message metadata Tomo attached (chat.postMessage, chat.stopStream); listed only with include_all_metadata. */
  metadata?: { event_type: string; event_payload: Record<string, unknown> };
  reactions: Map<string, Set<string>>;
  files?: FakeFile[];
  /** Legacy secondary attachments, as bots post them (Slack returns them as given). */
  attachments?: Record<string, unknown>[];
  /** Block Kit blocks a bot posted (Slack returns them as given; `text` may then be empty). */
  blocks?: Record<string, unknown>[];
}

export class SlackState {
  readonly teams = new Map<string, FakeTeam>();
  readonly users = new Map<string, FakeUser>();
  readonly channels = new Map<string, FakeChannel>();
  readonly messages: FakeMessage[] = [];
  /** Messages removed with chat.delete (channel and ts), oldest first. */
  readonly deleted: { channel: string; ts: string }[] = [];
  /** Ids of the files deleted with files.delete. */
  readonly deletedFiles: string[] = [];
  /** Assistant thread status by `channel/thread_ts`; '' once cleared. */
  readonly statuses = new Map<string, string>();
  /** The AI-app view's thread titles and suggested prompts, by `channel/thread_ts`. */
  readonly titles = new Map<string, string>();
  readonly suggestedPrompts = new Map<string, { title?: string; prompts: { title: string; message: string }[] }>();
  /** Messages only one person saw (chat.postEphemeral). */
  readonly ephemerals: FakeEphemeral[] = [];
  /** The Home tab published for each person (views.publish), by user id. */
  readonly homeViews = new Map<string, { type: string; blocks: Record<string, unknown>[] }>();
  /** Each published Home's `hash` (Slack's `<seconds>.<random>`), new at every publish, by user id. */
  readonly homeHashes = new Map<string, string>();
  /** Modals opened with views.open, in order (knowledge uploaders). */
  readonly modals: { teamId: string; triggerId: string; view: Record<string, unknown> }[] = [];
  readonly bots = new Map<string, FakeBot>();
  readonly functionExecutions = new Map<string, FakeFunctionExecution>();
  // Microseconds since the epoch, starting now, so ts values look like Slack's and fall in
  // "the last day" the way real messages do.
  private clock = Date.now() * 1000;
  private serial = 0;

  addTeam(team: Partial<FakeTeam> & { id: string }): FakeTeam {
    const n = this.nextSerial();
    const full: FakeTeam = {
      name: `Team ${team.id}`,
      domain: team.id.toLowerCase(),
      botToken: `xoxb-${team.id}-fake${n}`,
      botUserId: `UBOT${n}${team.id.slice(1)}`.toUpperCase(),
      botId: `B0${n}${team.id.slice(1)}`.toUpperCase(),
      appId: 'A0TOMO',
      ...team,
    };
    this.teams.set(full.id, full);
    this.users.set(full.botUserId, { id: full.botUserId, teamId: full.id, name: 'tomo', realName: 'Tomo', isBot: true });
    return full;
  }

  addUser(user: FakeUser): FakeUser {
    this.users.set(user.id, user);
    return user;
  }

  addChannel(channel: FakeChannel): FakeChannel {
    this.channels.set(channel.id, channel);
    return channel;
  }

  /** Whether `userId` is in the channel (a DM: its person and the workspace's bot; Tomo: unless `botIsMember` is false). */
  isMember(channelId: string, userId: string): boolean {
    const channel = this.channels.get(channelId);
    if (channel === undefined) return false;
    const isTomo = [...this.teams.values()].some((t) => t.botUserId === userId);
    if (channel.isIm) return channel.user === userId || isTomo;
    if (isTomo) return channel.botIsMember !== false;
    return channel.members === undefined || channel.members.includes(userId);
  }

  /** The DM between a team's bot and a person, opened on first use (as posting to a user id does). */
  dmWith(teamId: string, userId: string): FakeChannel {
    const existing = [...this.channels.values()].find((c) => c.teamId === teamId && c.isIm && c.user === userId);
    return existing ?? this.addChannel({ id: `D${userId.slice(1)}${this.nextSerial()}`, teamId, isIm: true, user: userId });
  }

  /** A message someone wrote; returns it (its `ts` is what events and replies refer to). */
  addMessage(input: {
    channel: string;
    text: string;
    user?: string;
    botId?: string;
    threadTs?: string;
    subtype?: string;
    /** The name a webhook's or legacy bot's message (subtype bot_message) shows. */
    username?: string;
    files?: FakeFile[];
    attachments?: Record<string, unknown>[];
    blocks?: Record<string, unknown>[];
    /** When it was written (default: now); its ts says so. */
    at?: Date;
  }): FakeMessage {
    const message: FakeMessage = {
      ts: input.at === undefined ? this.nextTs() : this.tsAt(input.at),
      channel: input.channel,
      text: input.text,
      format: 'text',
      edits: 0,
      reactions: new Map(),
      ...(input.user === undefined ? {} : { user: input.user }),
      ...(input.botId === undefined ? {} : { botId: input.botId }),
      ...(input.threadTs === undefined ? {} : { threadTs: input.threadTs }),
      ...(input.subtype === undefined ? {} : { subtype: input.subtype }),
      ...(input.username === undefined ? {} : { username: input.username }),
      ...(input.files === undefined ? {} : { files: input.files }),
      ...(input.attachments === undefined ? {} : { attachments: input.attachments }),
      ...(input.blocks === undefined ? {} : { blocks: input.blocks }),
    };
    if (input.threadTs !== undefined) {
      const parent = this.message(input.channel, input.threadTs);
      if (parent !== undefined) parent.threadTs ??= parent.ts;
    }
    this.messages.push(message);
    return message;
  }

  /**
   * A person deletes their message, as Slack does it: a thread's parent that has replies stays
   * as a tombstone (subtype `tombstone`, by USLACKBOT, "This message was deleted.", no files),
   * so its thread can still be opened; any other message is gone.
   */
  deleteByAuthor(channel: string, ts: string): void {
    const message = this.messages.find((m) => m.channel === channel && m.ts === ts);
    if (message === undefined) return;
    if (message.threadTs === ts && this.thread(channel, ts).length > 1) {
      Object.assign(message, { user: 'USLACKBOT', subtype: 'tombstone', text: 'This message was deleted.', format: 'text' });
      for (const key of ['botId', 'files', 'attachments', 'blocks', 'username', 'iconUrl', 'metadata'] as const) delete message[key];
      return;
    }
    this.messages.splice(this.messages.indexOf(message), 1);
  }

  /** A thread as a person sees it: the parent, then replies, oldest first. */
  thread(channel: string, threadTs: string): FakeMessage[] {
    return this.messages.filter((m) => m.channel === channel && (m.ts === threadTs || m.threadTs === threadTs));
  }

  /** Replies in a thread written by a team's bot (Tomo), oldest first. */
  botReplies(channel: string, threadTs: string): FakeMessage[] {
    const tomo = new Set([...this.teams.values()].map((t) => t.botId));
    return this.thread(channel, threadTs).filter((m) => m.botId !== undefined && tomo.has(m.botId) && m.ts !== threadTs);
  }

  message(channel: string, ts: string): FakeMessage | undefined {
    return this.messages.find((m) => m.channel === channel && m.ts === ts);
  }

  /** A shared file and the channel it was shared in. */
  file(id: string): { file: FakeFile; message: FakeMessage } | undefined {
    for (const message of this.messages) {
      const file = message.files?.find((f) => f.id === id);
      if (file !== undefined) return { file, message };
    }
    return undefined;
  }

  teamByToken(token: string): FakeTeam | undefined {
    for (const team of this.teams.values()) if (team.botToken === token) return team;
    return undefined;
  }

  nextTs(): string {
    this.clock = Math.max(this.clock + 100, Date.now() * 1000);
    return formatTs(this.clock);
  }

  /** A unique ts at a given time (for messages written in the past). */
  private tsAt(at: Date): string {
    return formatTs(at.getTime() * 1000 + (this.nextSerial() % 1000));
  }

  nextSerial(): number {
    this.serial += 1;
    return this.serial;
  }
}

function formatTs(micros: number): string {
  const text = String(micros);
  return `${text.slice(0, 10)}.${text.slice(10)}`;
}
