import type { Clock } from '../../core/shared/clock.port';
import type { TeamId } from '../../core/shared/ids';
import type { ChannelEntry } from '../../core/workspace/channel';
import type { InstallationRepository } from '../../core/workspace/installation-repository.port';
import type { Member } from '../../core/workspace/member';
import type { TeamInfo, WorkspaceDirectory } from '../../core/workspace/workspace-directory.port';
import { WorkspaceNotInstalledError } from '../../core/workspace/workspace-directory.port';
import { createSlackCaller, type SlackApiCallerOptions, type SlackCall } from './slack-api-caller';
import { slackUserToMember, type SlackUser } from './slack-user';

export interface SlackDirectoryOptions extends SlackApiCallerOptions {
  installations: InstallationRepository;
  clock: Clock;
  /**
   * How long a workspace's member and channel lists are reused. Admin checks read the
   * member list on every settings request, so a short cache spares Slack's tier-2 limits;
   * a changed role takes effect within this time. Default 60 s; 0 disables the cache.
   */
  cacheMs?: number;
}

interface SlackChannel {
  id?: string;
  name?: string;
  is_archived?: boolean;
  is_private?: boolean;
}

const PAGE_SIZE = 200;
/**
 * The most lists kept at once, the least recently loaded going first. Each signed-in person's
 * own channel list is one, so a busy server's cache stays bounded between sweeps.
 */
const MAX_CACHED_LISTS = 5_000;
/** Stops paging a huge workspace at this many pages (40,000 members at 200 a page). */
const MAX_PAGES = 200;
/**
 * `users.conversations` is Tier 3 (50 a minute per workspace): many people's channels are read
 * this many at a time, each waiting out Slack's 429s, so a page with 300 bots gets them all at
 * Slack's pace instead of 300 calls at once whose retries run out.
 */
const CHANNELS_OF_EACH_CONCURRENCY = 3;
/** 429s one of those reads waits out: a few at a time, each is refused at most until the minute's allowance refills. */
const CHANNELS_OF_EACH_RETRIES = 20;

/** The workspace directory read with the installation's bot token (users.list, conversations.list, team.info). */
export class SlackDirectory implements WorkspaceDirectory {
  private readonly cache = new Map<string, { until: number; value: Promise<unknown> }>();
  private readonly loading = new Map<string, Promise<unknown>>();
  private lastSweep = 0;

  constructor(private readonly options: SlackDirectoryOptions) {}

  listMembers(teamId: TeamId): Promise<Member[]> {
    return this.cached(`members:${teamId}`, async () => {
      const call = await this.caller(teamId);
      const users = await paginate<SlackUser>(call, 'users.list', 'members', {});
      return users.filter((u): u is SlackUser & { id: string } => typeof u.id === 'string').map(toMember);
    });
  }

  listChannels(teamId: TeamId): Promise<ChannelEntry[]> {
    return this.cached(`channels:${teamId}`, async () => {
      const call = await this.caller(teamId);
      const channels = await paginate<SlackChannel>(call, 'conversations.list', 'channels', {
        types: 'public_channel,private_channel',
        exclude_archived: true,
      });
      return channels
        .filter((c): c is SlackChannel & { id: string } => typeof c.id === 'string' && c.is_archived !== true)
        .map((c) => ({ id: c.id, name: c.name ?? null, isPrivate: c.is_private === true }));
    });
  }

  channelsOf(teamId: TeamId, userId: string): Promise<ChannelEntry[]> {
    return this.readChannelsOf(teamId, userId, {});
  }

  async channelsOfEach(teamId: TeamId, userIds: readonly string[]): Promise<Map<string, ChannelEntry[]>> {
    const wanted = [...new Set(userIds)];
    const found = new Map<string, ChannelEntry[]>();
    let next = 0;
    const lane = async () => {
      while (next < wanted.length) {
        const id = wanted[next]!;
        next += 1;
        found.set(id, await this.readChannelsOf(teamId, id, { maxRateLimitRetries: CHANNELS_OF_EACH_RETRIES }));
      }
    };
    await Promise.all(Array.from({ length: Math.min(CHANNELS_OF_EACH_CONCURRENCY, wanted.length) }, lane));
    return new Map(userIds.map((id) => [id, found.get(id)!]));
  }

  /** One person's (or bot's) channels, cached and shared in flight like the other lists. */
  private readChannelsOf(teamId: TeamId, userId: string, overrides: SlackApiCallerOptions): Promise<ChannelEntry[]> {
    return this.cached(`channels-of:${teamId}:${userId}`, async () => {
      const call = await this.caller(teamId, overrides);
      const channels = await paginate<SlackChannel>(call, 'users.conversations', 'channels', {
        user: userId,
        types: 'public_channel,private_channel',
        exclude_archived: true,
      });
      return channels
        .filter((c): c is SlackChannel & { id: string } => typeof c.id === 'string' && c.is_archived !== true)
        .map((c) => ({ id: c.id, name: c.name ?? null }));
    });
  }

  async teamInfo(teamId: TeamId): Promise<TeamInfo> {
    const call = await this.caller(teamId);
    const result = (await call('team.info', {})) as unknown as { team?: { id?: string; name?: string; domain?: string } };
    return { id: result.team?.id ?? teamId, name: result.team?.name ?? '', domain: result.team?.domain ?? null };
  }

  private async caller(teamId: TeamId, overrides: SlackApiCallerOptions = {}): Promise<SlackCall> {
    const installation = await this.options.installations.find(teamId);
    if (!installation || installation.uninstalledAt !== null || !installation.botToken) {
      throw new WorkspaceNotInstalledError(teamId);
    }
    const { installations: _i, clock: _c, cacheMs: _m, ...callerOptions } = this.options;
    return createSlackCaller(installation.botToken, { ...callerOptions, ...overrides });
  }

  /**
   * A list from the cache, or from the one load of it in flight, or from a new load. Loads are
   * single-flight whatever their age: a huge workspace's listing paced by Slack's Tier 2 (20 pages
   * a minute) can outlast the cache time, and a second listing beside it would only share the
   * same allowance. A list is kept for `cacheMs` from when it arrived; a failed load is not kept.
   */
  private cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const ttl = this.options.cacheMs ?? 60_000;
    const now = this.options.clock.now().getTime();
    this.sweep(now);
    const hit = this.cache.get(key);
    if (hit && hit.until > now) return hit.value as Promise<T>;
    const loading = this.loading.get(key);
    if (loading) return loading as Promise<T>;
    const value = load();
    this.loading.set(key, value);
    value.then(
      () => {
        this.loading.delete(key);
        if (ttl <= 0) return;
        this.cache.delete(key);
        this.cache.set(key, { until: this.options.clock.now().getTime() + ttl, value });
        if (this.cache.size > MAX_CACHED_LISTS) this.cache.delete(this.cache.keys().next().value!);
      },
      () => this.loading.delete(key),
    );
    return value;
  }

  /** Lists past their time are dropped (at most once per cache time), so memory holds only what was asked lately. */
  private sweep(now: number): void {
    const ttl = this.options.cacheMs ?? 60_000;
    if (now - this.lastSweep < ttl) return;
    this.lastSweep = now;
    for (const [key, entry] of this.cache) if (entry.until <= now) this.cache.delete(key);
  }

  /** How many lists are kept (members, channels, and each person's channels, per workspace). */
  get cachedLists(): number {
    return this.cache.size;
  }
}

async function paginate<T>(call: SlackCall, method: string, field: string, args: Record<string, unknown>): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const result = (await call(method, { ...args, limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) })) as unknown as Record<
      string,
      unknown
    > & { response_metadata?: { next_cursor?: string } };
    const batch = result[field];
    if (Array.isArray(batch)) items.push(...(batch as T[]));
    cursor = result.response_metadata?.next_cursor || undefined;
    if (!cursor) break;
  }
  return items;
}

/** Flags Slack left out count as false here: the settings pages show every member's role. */
function toMember(u: SlackUser & { id: string }): Member {
  const member = slackUserToMember(u);
  return {
    ...member,
    isPrimaryOwner: member.isPrimaryOwner === true,
    isOwner: member.isOwner === true,
    isAdmin: member.isAdmin === true,
    isRestricted: member.isRestricted === true,
    isUltraRestricted: member.isUltraRestricted === true,
    isBot: member.isBot === true,
    isAppUser: member.isAppUser === true,
    isWorkflowBot: member.isWorkflowBot === true,
    deleted: member.deleted === true,
  };
}
