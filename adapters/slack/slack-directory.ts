import { ChatPlatformError } from '../../core/assistant/chat-platform-error';
import type { Clock } from '../../core/shared/clock.port';
import type { TeamId } from '../../core/shared/ids';
import type { ChannelEntry } from '../../core/workspace/channel';
import type { InstallationRepository } from '../../core/workspace/installation-repository.port';
import type { Member } from '../../core/workspace/member';
import type { KnownChannels, TeamInfo, WorkspaceDirectory } from '../../core/workspace/workspace-directory.port';
import { WorkspaceNotInstalledError } from '../../core/workspace/workspace-directory.port';
import type { Logger } from '../logging/logger';
import { BackgroundRounds } from './background-rounds';
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
  /**
   * How long the lists `knownChannelsOfEach` reads in the background count as current, and the
   * least time between two rounds of reading them again. Bots seldom change channels, and 300 of
   * them take six minutes of Slack's Tier 3 allowance, which people's own channel lists share.
   * Default 10 minutes.
   */
  channelsOfEachCacheMs?: number;
  /** Where the failures of background reads (nobody waits for them) are told. */
  logger?: Pick<Logger, 'warn'>;
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
 * in the background this many at a time per workspace, each waiting out Slack's 429s, so a page
 * with 300 bots gets them all at Slack's pace instead of 300 calls at once whose retries run out.
 */
const CHANNELS_OF_EACH_CONCURRENCY = 3;
/**
 * A background read waits out this many 429s (nobody waits for it): a few run at a time, and each
 * is refused at most until the minute's allowance refills.
 */
const BACKGROUND: SlackApiCallerOptions = { maxRateLimitRetries: 20 };
/** How long a list read in the background is still shown after its cache time, while it is read again. */
const STALE_KEPT_MS = 60 * 60_000;

const DEFAULT_CHANNELS_OF_EACH_CACHE_MS = 10 * 60_000;

/** The workspace directory read with the installation's bot token (users.list, conversations.list, team.info). */
export class SlackDirectory implements WorkspaceDirectory {
  /** Lists as they arrived: current until `until`, shown (by the known* methods only) until `keepUntil`. */
  private readonly cache = new Map<string, { until: number; keepUntil: number; value: Promise<unknown>; list: unknown }>();
  private readonly loading = new Map<string, Promise<unknown>>();
  /** When a background read last failed, by cache key: it is not tried again within the cache time. */
  private readonly failedAt = new Map<string, number>();
  private readonly rounds: BackgroundRounds;
  private lastSweep = 0;

  constructor(private readonly options: SlackDirectoryOptions) {
    this.rounds = new BackgroundRounds({ concurrency: CHANNELS_OF_EACH_CONCURRENCY, roundMs: this.eachTtl, now: () => this.now() });
  }

  listMembers(teamId: TeamId): Promise<Member[]> {
    return this.cached(`members:${teamId}`, async () => {
      const call = await this.caller(teamId);
      const users = await paginate<SlackUser>(call, 'users.list', 'members', {});
      return users.filter((u): u is SlackUser & { id: string } => typeof u.id === 'string').map(toMember);
    });
  }

  member(teamId: TeamId, userId: string): Promise<Member | null> {
    return this.cached(`member:${teamId}:${userId}`, async () => {
      const call = await this.caller(teamId);
      try {
        const { user } = (await call('users.info', { user: userId })) as unknown as { user?: SlackUser };
        return user && typeof user.id === 'string' ? toMember(user as SlackUser & { id: string }) : null;
      } catch (error) {
        // user_not_found, or user_not_visible (someone Slack hides from Tomo): not one of the workspace's people.
        if (error instanceof ChatPlatformError && error.code === 'not_found') return null;
        throw error;
      }
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
    return this.cached(`channels-of:${teamId}:${userId}`, () => this.readChannels(teamId, userId));
  }

  async knownChannelsOf(teamId: TeamId, userId: string, waitMs = 0): Promise<KnownChannels> {
    const key = `known-channels-of:${teamId}:${userId}`;
    const now = this.now();
    this.sweep(now);
    if (!this.known(key, now)?.current && !this.loading.has(key) && !this.failedLately(key, now)) {
      const read = this.readInBackground(teamId, key, () => this.readChannels(teamId, userId, BACKGROUND), this.ttl);
      await within(read, waitMs);
    }
    return this.knownState(key, this.loading.has(key));
  }

  async knownChannelsOfEach(teamId: TeamId, userIds: readonly string[], waitMs = 0): Promise<Map<string, KnownChannels>> {
    const round = this.queueReads(teamId, userIds);
    if (round) await within(round, waitMs);
    return new Map(userIds.map((id) => [id, this.knownState(channelsOfEachKey(teamId, id), this.rounds.isPending(teamId, id))]));
  }

  /**
   * Queues the lists of `userIds` missing (or old, once per cache time) and starts reading them;
   * the round's end when this call queued any.
   */
  private queueReads(teamId: TeamId, userIds: readonly string[]): Promise<void> | undefined {
    const now = this.now();
    this.sweep(now);
    const again = this.rounds.mayRepeat(teamId, now);
    const wanted = [...new Set(userIds)].filter((id) => {
      const key = channelsOfEachKey(teamId, id);
      const known = this.known(key, now);
      return (known === undefined || (!known.current && again)) && !this.failedLately(key, now);
    });
    const read = async (id: string) => {
      const key = channelsOfEachKey(teamId, id);
      const error = await this.readInBackground(teamId, key, () => this.readChannels(teamId, id, BACKGROUND), this.eachTtl);
      // Tomo was removed or its token revoked: the other reads would fail the same way, one call each.
      return error !== undefined && failsEveryRead(error) ? ('stop' as const) : undefined;
    };
    return this.rounds.queue(teamId, wanted, read, (id) => this.failedAt.set(channelsOfEachKey(teamId, id), this.now()));
  }

  /**
   * A list loaded for the known* methods: kept past its time for showing; a failure is logged,
   * remembered and returned, never thrown.
   */
  private async readInBackground(teamId: TeamId, key: string, load: () => Promise<ChannelEntry[]>, ttl: number): Promise<unknown> {
    try {
      await this.cached(key, load, { ttl, keepStaleMs: STALE_KEPT_MS });
      this.failedAt.delete(key);
      return undefined;
    } catch (error) {
      this.failedAt.set(key, this.now());
      this.options.logger?.warn({ err: error, teamId }, 'a channel list read in the background failed');
      return error;
    }
  }

  private knownState(key: string, loading: boolean): KnownChannels {
    const now = this.now();
    const known = this.known(key, now);
    return { channels: known?.list ?? null, loading, failed: !loading && !known?.current && this.failedLately(key, now) };
  }

  /** The list kept under `key`, current or older (until it is dropped), without loading anything. */
  private known(key: string, now: number): { list: ChannelEntry[]; current: boolean } | undefined {
    const entry = this.cache.get(key);
    if (!entry || entry.keepUntil <= now) return undefined;
    return { list: entry.list as ChannelEntry[], current: entry.until > now };
  }

  private failedLately(key: string, now: number): boolean {
    const at = this.failedAt.get(key);
    return at !== undefined && now - at < this.ttl;
  }

  /** `users.conversations` for one person or bot. */
  private async readChannels(teamId: TeamId, userId: string, overrides: SlackApiCallerOptions = {}): Promise<ChannelEntry[]> {
    const call = await this.caller(teamId, overrides);
    const channels = await paginate<SlackChannel>(call, 'users.conversations', 'channels', {
      user: userId,
      types: 'public_channel,private_channel',
      exclude_archived: true,
    });
    return channels
      .filter((c): c is SlackChannel & { id: string } => typeof c.id === 'string' && c.is_archived !== true)
      .map((c) => ({ id: c.id, name: c.name ?? null }));
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
    const { installations: _i, clock: _c, cacheMs: _m, channelsOfEachCacheMs: _e, logger: _l, ...callerOptions } = this.options;
    return createSlackCaller(installation.botToken, { ...callerOptions, ...overrides });
  }

  /**
   * A list from the cache, or from the one load of it in flight, or from a new load. Loads are
   * single-flight whatever their age: a huge workspace's listing paced by Slack's Tier 2 (20 pages
   * a minute) can outlast the cache time, and a second listing beside it would only share the
   * same allowance. A list is kept for `ttl` from when it arrived (and `keepStaleMs` longer for
   * the known* methods to show while it is read again); a failed load is not kept.
   */
  private cached<T>(key: string, load: () => Promise<T>, { ttl = this.ttl, keepStaleMs = 0 } = {}): Promise<T> {
    const now = this.now();
    this.sweep(now);
    const hit = this.cache.get(key);
    if (hit && hit.until > now) return hit.value as Promise<T>;
    const loading = this.loading.get(key);
    if (loading) return loading as Promise<T>;
    const value = load();
    this.loading.set(key, value);
    value.then(
      (list) => {
        this.loading.delete(key);
        if (ttl <= 0) return;
        const until = this.now() + ttl;
        this.cache.delete(key);
        this.cache.set(key, { until, keepUntil: until + keepStaleMs, value, list });
        if (this.cache.size > MAX_CACHED_LISTS) this.cache.delete(this.cache.keys().next().value!);
      },
      () => this.loading.delete(key),
    );
    return value;
  }

  /**
   * Lists past their time (and background failures and rounds past theirs) are dropped, at most
   * once per cache time, so memory holds only what was asked lately.
   */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.ttl) return;
    this.lastSweep = now;
    for (const [key, entry] of this.cache) if (entry.keepUntil <= now) this.cache.delete(key);
    for (const [key, at] of this.failedAt) if (now - at >= this.ttl) this.failedAt.delete(key);
    this.rounds.sweep(now);
  }

  private get ttl(): number {
    return this.options.cacheMs ?? 60_000;
  }

  private get eachTtl(): number {
    return this.options.channelsOfEachCacheMs ?? DEFAULT_CHANNELS_OF_EACH_CACHE_MS;
  }

  private now(): number {
    return this.options.clock.now().getTime();
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

/** Waits for `work` to settle, or `ms` at most (0: not at all); never throws. */
async function within(work: Promise<unknown>, ms: number): Promise<void> {
  if (ms <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work.catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

function channelsOfEachKey(teamId: TeamId, userId: string): string {
  return `channels-of-each:${teamId}:${userId}`;
}

/** A failure no other read of the workspace would escape: Tomo is not installed there, or its token is refused. */
function failsEveryRead(error: unknown): boolean {
  return error instanceof WorkspaceNotInstalledError || (error instanceof ChatPlatformError && error.code === 'not_authorized');
}
