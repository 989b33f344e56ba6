import type { IncomingHttpHeaders } from 'node:http';
import type pg from 'pg';
import type { SecretBox } from '../crypto/secret-box';

/**
 * How long a robots.txt read is used without asking the site again (RFC 9309 §2.4: crawlers
 * "SHOULD NOT use the cached version for more than 24 hours, unless the robots.txt file is
 * unreachable").
 */
export const ROBOTS_FRESH_MS = 24 * 60 * 60_000;
/**
 * How long a copy stands in for a robots.txt that has become unreachable (5xx, 429, no answer):
 * RFC 9309 §2.3.1.4 gives "a reasonably long period of time (for example, 30 days)" after which
 * a crawler may stop treating the site as undefined. Past it the site is handled as one never
 * read (nothing is read, the job retries), and the row is removed.
 */
export const ROBOTS_KEEP_MS = 30 * 24 * 60 * 60_000;

/** What a site answered for robots.txt, as kept for its origin. */
export interface CachedRobots {
  /** `rules`: a 2xx body; `none`: a 4xx (RFC 9309 §2.3.1.3: no rules, everything allowed). */
  readonly kind: 'rules' | 'none';
  /** The address that answered, after redirects (relative `Sitemap:` lines resolve against it). */
  readonly url: string;
  /** The text as decoded (at most the 500 KiB read); empty for `none`. */
  readonly body: string;
  readonly fetchedAt: Date;
  /** Until when it is used without asking the site (at most 24 h after `fetchedAt`). */
  readonly freshUntil: Date;
}

/**
 * robots.txt reads shared by every crawl: per origin (scheme, host and port), whichever
 * workspace added the source (the file is public and the same for every reader of the site).
 */
export interface RobotsCache {
  /** The kept copy of the origin, fresh or not; undefined when none is kept (or it is over 30 days old). */
  get(origin: string, now: Date): Promise<CachedRobots | undefined>;
  put(origin: string, entry: CachedRobots): Promise<void>;
  /** Forgets the origin (the site asked for no caching). */
  remove(origin: string): Promise<void>;
}

/**
 * When a robots.txt read stops being fresh, from its HTTP cache directives (RFC 9111, which RFC
 * 9309 §2.4 lets crawlers use), never later than 24 hours: `max-age` (less the `Age` an upstream
 * cache reports), else `Expires` against `Date`; `no-cache` or `max-age=0` make it stale at once
 * (the site is asked every time, the copy kept only for when it is unreachable). Undefined for
 * `no-store`: nothing is kept. Without directives, 24 hours.
 */
export function robotsFreshUntil(headers: IncomingHttpHeaders, now: Date): Date | undefined {
  const directives = new Map<string, string>();
  for (const part of (headers['cache-control'] ?? '').split(',')) {
    const [name = '', value = ''] = part.split('=').map((s) => s.trim());
    if (name) directives.set(name.toLowerCase(), value.replace(/^"|"$/g, ''));
  }
  if (directives.has('no-store')) return undefined;
  let lifetimeMs = ROBOTS_FRESH_MS;
  const maxAge = directives.get('max-age');
  if (directives.has('no-cache')) lifetimeMs = 0;
  else if (maxAge !== undefined && /^\d+$/.test(maxAge)) {
    const age = /^\d+$/.test(String(headers.age ?? '')) ? Number(headers.age) : 0;
    lifetimeMs = Math.max(0, Number(maxAge) - age) * 1000;
  } else if (headers.expires !== undefined) {
    const expires = Date.parse(headers.expires);
    const date = headers.date !== undefined ? Date.parse(headers.date) : Number.NaN;
    // An invalid Expires (often "0" or "-1") means already expired (RFC 9111 §5.3).
    lifetimeMs = Number.isNaN(expires) ? 0 : Math.max(0, expires - (Number.isNaN(date) ? now.getTime() : date));
  }
  return new Date(now.getTime() + Math.min(lifetimeMs, ROBOTS_FRESH_MS));
}

/** A cache in this process only (tests, single-process tools); the worker uses `PgRobotsCache`. */
export class InMemoryRobotsCache implements RobotsCache {
  private readonly entries = new Map<string, CachedRobots>();

  async get(origin: string, now: Date): Promise<CachedRobots | undefined> {
    const entry = this.entries.get(origin);
    if (entry && now.getTime() - entry.fetchedAt.getTime() > ROBOTS_KEEP_MS) {
      this.entries.delete(origin);
      return undefined;
    }
    return entry;
  }

  async put(origin: string, entry: CachedRobots): Promise<void> {
    this.entries.set(origin, entry);
  }

  async remove(origin: string): Promise<void> {
    this.entries.delete(origin);
  }
}

interface RobotsRow {
  kind: 'rules' | 'none';
  url_sealed: string;
  body_sealed: string;
  /** Timestamps come as text on this pool (the ORM's type parsers), as in the other pg adapters. */
  fetched_at: Date | string;
  fresh_until: Date | string;
}

/**
 * Table `robots_txt_cache`, one row per origin, shared by every worker process (ADR 87): the
 * job that retries after a 5xx may run on another worker than the one that read the copy.
 * Rows over 30 days old are not returned, and are deleted when their origin is next looked up.
 *
 * Which sites the workspaces crawl is theirs to know: a row names its origin only by a keyed
 * hash (`SecretBox.lookupHashes`: the current key's, looked up under every key so a key rotation
 * loses no copy), and its address and rules are sealed, bound to the origin (ADR 52).
 */
export class PgRobotsCache implements RobotsCache {
  /** The pool may still be opening (the composition roots build adapters synchronously). */
  constructor(
    private readonly pool: pg.Pool | Promise<pg.Pool>,
    private readonly secrets: SecretBox,
  ) {}

  async get(origin: string, now: Date): Promise<CachedRobots | undefined> {
    const db = await this.pool;
    const oldest = new Date(now.getTime() - ROBOTS_KEEP_MS);
    const hashes = this.hashes(origin);
    const { rows } = await db.query<RobotsRow>(
      `select kind, url_sealed, body_sealed, fetched_at, fresh_until from robots_txt_cache where origin_hash = any($1::text[]) order by fetched_at desc limit 1`,
      [hashes],
    );
    const row = rows[0];
    if (!row) return undefined;
    const fetchedAt = new Date(row.fetched_at);
    if (fetchedAt < oldest) {
      await db.query(`delete from robots_txt_cache where origin_hash = any($1::text[]) and fetched_at < $2`, [hashes, oldest]);
      return undefined;
    }
    return {
      kind: row.kind,
      url: this.secrets.open(row.url_sealed, robotsContext(origin, 'url')),
      body: this.secrets.open(row.body_sealed, robotsContext(origin, 'body')),
      fetchedAt,
      freshUntil: new Date(row.fresh_until),
    };
  }

  async put(origin: string, entry: CachedRobots): Promise<void> {
    const [current, ...older] = this.hashes(origin);
    // One statement: a copy kept under a key since replaced (rotation) goes as this one comes.
    await (await this.pool).query(
      `with replaced as (delete from robots_txt_cache where origin_hash = any($7::text[]))
       insert into robots_txt_cache (origin_hash, kind, url_sealed, body_sealed, fetched_at, fresh_until) values ($1, $2, $3, $4, $5, $6)
       on conflict (origin_hash) do update set kind = excluded.kind, url_sealed = excluded.url_sealed, body_sealed = excluded.body_sealed,
         fetched_at = excluded.fetched_at, fresh_until = excluded.fresh_until
       where robots_txt_cache.fetched_at <= excluded.fetched_at`,
      [
        current,
        entry.kind,
        this.secrets.seal(entry.url, robotsContext(origin, 'url')),
        this.secrets.seal(entry.body, robotsContext(origin, 'body')),
        entry.fetchedAt,
        entry.freshUntil,
        older,
      ],
    );
  }

  async remove(origin: string): Promise<void> {
    await (await this.pool).query(`delete from robots_txt_cache where origin_hash = any($1::text[])`, [this.hashes(origin)]);
  }

  private hashes(origin: string): string[] {
    return this.secrets.lookupHashes(origin, 'robots_txt_cache.origin');
  }
}

/** Binds a sealed address or body to its origin: moved to another origin's row, it does not open. */
const robotsContext = (origin: string, what: 'url' | 'body') => `robots_txt_cache:${origin}:${what}`;
