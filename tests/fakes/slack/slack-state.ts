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
  deleted?: boolean;
  locale?: string;
  tz?: string;
}

export interface FakeChannel {
  id: string;
  teamId: string;
  name?: string;
  isPrivate?: boolean;
  isIm?: boolean;
  /** For a DM: the person on the other side. */
  user?: string;
  /** People in a private channel (public channels are open to everyone in the team). */
  members?: string[];
  /** False: Tomo has not been invited, so it cannot read the channel's history. Default true. */
  botIsMember?: boolean;
}

/** A file shared in a message; `content` is what its download URL serves. */
export interface FakeFile {
  id: string;
  name: string;
  mimetype: string;
  filetype: string;
  content: Buffer;
  /** `hosted` (default), `external` (a Drive link) or `tombstone` (deleted). */
  mode?: string;
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
  username?: string;
  iconUrl?: string;
  edits: number;
  reactions: Map<string, Set<string>>;
  files?: FakeFile[];
}

export class SlackState {
  readonly teams = new Map<string, FakeTeam>();
  readonly users = new Map<string, FakeUser>();
  readonly channels = new Map<string, FakeChannel>();
  readonly messages: FakeMessage[] = [];
  /** Assistant thread status by `channel/thread_ts`; '' once cleared. */
  readonly statuses = new Map<string, string>();
  private clock = 1_700_000_000_000_000; // microseconds, so ts values look like Slack's
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

  /** A message someone wrote; returns it (its `ts` is what events and replies refer to). */
  addMessage(input: { channel: string; text: string; user?: string; botId?: string; threadTs?: string; files?: FakeFile[] }): FakeMessage {
    const message: FakeMessage = {
      ts: this.nextTs(),
      channel: input.channel,
      text: input.text,
      format: 'text',
      edits: 0,
      reactions: new Map(),
      ...(input.user === undefined ? {} : { user: input.user }),
      ...(input.botId === undefined ? {} : { botId: input.botId }),
      ...(input.threadTs === undefined ? {} : { threadTs: input.threadTs }),
      ...(input.files === undefined ? {} : { files: input.files }),
    };
    if (input.threadTs !== undefined) {
      const parent = this.message(input.channel, input.threadTs);
      if (parent !== undefined) parent.threadTs ??= parent.ts;
    }
    this.messages.push(message);
    return message;
  }

  /** A thread as a person sees it: the parent, then replies, oldest first. */
  thread(channel: string, threadTs: string): FakeMessage[] {
    return this.messages.filter((m) => m.channel === channel && (m.ts === threadTs || m.threadTs === threadTs));
  }

  /** Replies in a thread written by a team's bot (Tomo), oldest first. */
  botReplies(channel: string, threadTs: string): FakeMessage[] {
    return this.thread(channel, threadTs).filter((m) => m.botId !== undefined && m.ts !== threadTs);
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
    this.clock += 100;
    const text = String(this.clock);
    return `${text.slice(0, 10)}.${text.slice(10)}`;
  }

  nextSerial(): number {
    this.serial += 1;
    return this.serial;
  }
}
