import { setTimeout as sleep } from 'node:timers/promises';
import { createGunzip } from 'node:zlib';
import robotsParser from 'robots-parser';
import { KnowledgeReadError, type ExtractedDocument, type SourceContent, type SourceContentReader } from '../../core/knowledge/content-reader.port';
import type { KnowledgeSourceRecord } from '../../core/knowledge/knowledge-source';
import type { Clock } from '../../core/shared/clock.port';
import { decodeHtml, decodeText } from '../documents/charset';
import { DocumentTextError, MAX_TEXT_CHARS, htmlToMarkdown, pdfText } from '../documents/document-text';
import { GuardedFetchError, TooManyRedirectsError, type GuardedHttpClient } from '../http/guarded-http-client';
import { UNTYPED, isPdf, refreshTarget } from '../web/readable-web-fetcher';
import { robotsFreshUntil, type CachedRobots, type RobotsCache } from './robots-cache';

const HTML = new Set(['text/html', 'application/xhtml+xml']);
const SITEMAP_URLS = 200;
/** Levels of sitemaps read: sitemap.xml, an index it lists, that index's sitemaps. */
const SITEMAP_DEPTH = 3;
/** Sitemap files read for one source. */
const SITEMAP_FILES = 10;
/**
 * Most of a gzipped sitemap unpacked (sitemaps.org allows 50 MB of XML; the pages kept are far
 * fewer): a small .gz can unpack to gigabytes (a "gzip bomb"), so unpacking stops here and the
 * URLs in what was unpacked are used.
 */
const SITEMAP_UNPACKED_BYTES = 10 * 1024 * 1024;
/**
 * Most of a robots.txt read (RFC 9309 §2.5: at least 500 KiB, as Google): the rules and
 * `Sitemap:` lines after it are ignored.
 */
const ROBOTS_BYTES = 500 * 1024;
/**
 * Most time one source spends waiting for a robots.txt `Crawl-delay` between requests: the
 * crawl stops (keeping what it read) when the next wait would pass it, so a slow site still
 * ends well within the job's time. The start page is always read.
 */
const CRAWL_DELAY_BUDGET_MS = 5 * 60_000;
/** Types servers give a `.xml.gz` file (nginx, Apache: application/x-gzip; S3: binary/octet-stream). */
const OCTET_TYPES = new Set(['application/octet-stream', 'binary/octet-stream']);

/** Thrown when robots.txt cannot be fetched (5xx, 429, timeout, connection): the job retries later. */
export class RobotsUnreachableError extends Error {
  override readonly name = 'RobotsUnreachableError';
}

/** What a site's robots.txt says to Tomo's user agent (RFC 9309), read once per source. */
interface RobotsRules {
  /** False for a same-origin address the rules disallow. */
  allowed(url: string): boolean;
  /** `Crawl-delay` of Tomo's group (or `*`), in milliseconds; 0 without one. */
  readonly delayMs: number;
  /** `Sitemap:` lines, as absolute http(s) addresses. */
  readonly sitemaps: readonly string[];
}

/** Meta refreshes followed one after another, as a pasted link's reader does. */
const MAX_META_REFRESHES = 2;

const NO_RULES: RobotsRules = { allowed: () => true, delayMs: 0, sitemaps: [] };

export interface WebSourceReaderOptions {
  /** Waits out a `Crawl-delay` (tests record the waits instead of sleeping). */
  readonly wait?: (ms: number, signal: AbortSignal) => Promise<void>;
  /**
   * Where robots.txt reads are kept per origin (RFC 9309 §2.4; the worker's is in PostgreSQL,
   * ADR 87). Without one, robots.txt is read for every source.
   */
  readonly robotsCache?: RobotsCache;
  /** Decides when a kept robots.txt is stale; the system time by default. */
  readonly clock?: Clock;
}

/**
 * A page, or a site up to the source's page limit: the page itself first, then the same-origin
 * pages its sitemap lists (sitemap.xml, sitemap.xml.gz or those robots.txt names; XML, gzipped
 * XML or plain text), then same-origin links in the order found (breadth first). Every request
 * goes through the guarded client (SSRF rules, size and time caps) and follows the site's
 * robots.txt for Tomo's user agent (RFC 9309): disallowed pages are not requested and are
 * counted as left out, `Crawl-delay` is waited out within a budget, and a robots.txt that
 * cannot be fetched (5xx, 429, no answer) retries the job rather than read anything. A page
 * after the first that fails is skipped; the first failing fails the source.
 */
export class WebSourceReader implements SourceContentReader {
  private readonly wait: (ms: number, signal: AbortSignal) => Promise<void>;
  private readonly cache: RobotsCache | undefined;
  private readonly clock: Clock;

  constructor(
    private readonly client: GuardedHttpClient,
    options: WebSourceReaderOptions = {},
  ) {
    this.wait = options.wait ?? ((ms, signal) => sleep(ms, undefined, { signal }));
    this.cache = options.robotsCache;
    this.clock = options.clock ?? { now: () => new Date() };
  }

  async read(source: KnowledgeSourceRecord, signal: AbortSignal): Promise<SourceContent> {
    const start = source.url;
    if (!start) throw new KnowledgeReadError('fetch_failed', 'no URL');
    let origin = new URL(start).origin;
    let robots = await this.robots(origin, signal);
    if (!robots.allowed(normalize(start))) throw new KnowledgeReadError('robots_disallowed');
    let pace = this.pacer(robots.delayMs, signal);
    const queue: string[] = [normalize(start)];
    const seen = new Set(queue);
    /** Same-origin pages found (in a sitemap or a link) that robots.txt disallows. */
    const leftOut = new Set<string>();
    const enqueue = (url: string) => {
      const n = normalize(url);
      if (new URL(n).origin !== origin || seen.has(n) || seen.size > source.pageLimit * 20) return;
      seen.add(n);
      if (robots.allowed(n)) queue.push(n);
      else leftOut.add(n);
    };
    const documents: ExtractedDocument[] = [];
    let sizeBytes = 0;
    let first = true;
    /** A page whose HTML held scripts and no text was met (a single-page app's shell). */
    let scriptedShell = false;
    let sitemapRead = source.pageLimit <= 1;
    while (queue.length > 0 && documents.length < source.pageLimit) {
      signal.throwIfAborted();
      if (!(await pace(first))) break;
      const url = queue.shift()!;
      try {
        const page = await this.page(url, signal);
        if (first && new URL(page.url).origin !== origin) {
          // The site lives at another origin now (bare domain → www, http → https, a moved
          // domain): crawl it there, under that origin's robots.txt, which decides for the
          // start page too (checked just below).
          origin = new URL(page.url).origin;
          robots = await this.robots(origin, signal);
          pace = this.pacer(robots.delayMs, signal);
          seen.add(normalize(page.url));
        }
        // A later page redirected off the site (to a sign-in service, another domain) is not
        // the site's, and that origin's robots.txt was never asked: not kept nor followed.
        if (!first && new URL(page.url).origin !== origin) continue;
        // Redirected to a disallowed address of the site: read, but not kept nor followed.
        if (new URL(page.url).origin === origin && !robots.allowed(normalize(page.url))) {
          if (first) throw new KnowledgeReadError('robots_disallowed');
          leftOut.add(url);
          continue;
        }
        if (page.scripted && page.text.trim() === '') scriptedShell = true;
        sizeBytes += Buffer.byteLength(page.text);
        if (page.text.trim() !== '') documents.push({ text: page.title ? `# ${page.title}\n\n${page.text}` : page.text, location: { url: page.url, ...(page.title ? { title: page.title.slice(0, 200) } : {}) } });
        if (!sitemapRead) {
          sitemapRead = true;
          for (const listed of await this.sitemap(origin, robots, pace, signal)) enqueue(listed);
        }
        for (const link of page.links) enqueue(link);
      } catch (error) {
        if (first) throw error;
        if (!(error instanceof KnowledgeReadError)) throw error;
      } finally {
        first = false;
      }
    }
    // Nothing but JavaScript shells: "no text (a scanned PDF needs OCR)" would mislead.
    if (documents.length === 0 && scriptedShell) throw new KnowledgeReadError('needs_javascript');
    return { documents, sizeBytes, robotsLeftOut: leftOut.size };
  }

  /**
   * Waits out the crawl delay before a request (robots.txt was the first): true to go on,
   * false once the budget is spent. The start page (`always`) waits what is left and is read.
   */
  private pacer(delayMs: number, signal: AbortSignal): (always?: boolean) => Promise<boolean> {
    let budget = CRAWL_DELAY_BUDGET_MS;
    return async (always = false) => {
      if (delayMs <= 0) return true;
      if (delayMs > budget && !always) return false;
      const ms = Math.min(delayMs, budget);
      budget -= ms;
      await this.wait(ms, signal);
      return true;
    };
  }

  /**
   * The site's robots.txt for Tomo (RFC 9309, parsed by robots-parser): the group naming the
   * product token of the client's User-Agent (`TomoBot`, any case), else `*`; the longest
   * matching `Allow`/`Disallow` wins (`Allow` on a tie), with `*` and `$`. 2xx: its rules;
   * 4xx (429 aside): none (§2.3.1.3); 5xx, 429, a timeout or a lost connection: unreachable,
   * so nothing may be read (§2.3.1.4) and the job retries later. Redirects are followed, across
   * hosts, each hop through the SSRF guard, the rules applying to this origin; more than 5 in a
   * row (a loop) is unavailable, as a 4xx (§2.3.1.2), a hop to an address Tomo may not open fails
   * the source. Read up to 500 KiB, whatever its type.
   *
   * With a cache (§2.4), a read (2xx or 4xx) is kept per origin and used without asking again
   * while fresh: up to 24 hours, less when its Cache-Control or Expires says so, not at all
   * with `no-store`. When the site is unreachable, the copy kept (fresh or not, up to 30 days
   * old) is used instead of stopping the crawl; a site never read is unreachable as before.
   */
  private async robots(origin: string, signal: AbortSignal): Promise<RobotsRules> {
    const address = `${origin}/robots.txt`;
    const now = this.clock.now();
    const kept = await this.cache?.get(origin, now);
    if (kept && kept.freshUntil.getTime() > now.getTime()) return this.rulesOf(origin, kept);
    let response;
    try {
      response = await this.client.get(address, { signal, accept: 'text/plain', maxBytes: ROBOTS_BYTES, truncate: true });
    } catch (error) {
      signal.throwIfAborted();
      // More than five consecutive redirects (a loop): robots.txt is unavailable (RFC 9309
      // §2.3.1.2), as a 4xx is, so there are no rules. Before, the source failed as unreadable.
      if (error instanceof TooManyRedirectsError) {
        await this.cache?.put(origin, { kind: 'none', url: address, body: '', fetchedAt: now, freshUntil: robotsFreshUntil({}, now)! });
        return NO_RULES;
      }
      // A hop to an address Tomo may not open (private, metadata; each hop is checked) will not change on a retry.
      if (error instanceof GuardedFetchError && error.failure === 'blocked') throw new KnowledgeReadError('fetch_failed', 'robots.txt blocked');
      if (kept) return this.rulesOf(origin, kept);
      throw new RobotsUnreachableError(`robots.txt unreachable: ${error instanceof GuardedFetchError ? error.failure : 'failed'}`);
    }
    if (response.status === 429 || response.status >= 500) {
      if (kept) return this.rulesOf(origin, kept);
      throw new RobotsUnreachableError(`robots.txt HTTP ${response.status}`);
    }
    const ok = response.status >= 200 && response.status < 300;
    const freshUntil = robotsFreshUntil(response.headers, now);
    const entry: CachedRobots = {
      kind: ok ? 'rules' : 'none',
      url: response.url,
      body: ok ? decodeText(response.body, response.charset) : '',
      fetchedAt: now,
      freshUntil: freshUntil ?? now,
    };
    // no-store: the site asks that no copy be kept, not even for when it is unreachable.
    if (freshUntil === undefined) await this.cache?.remove(origin);
    else await this.cache?.put(origin, entry);
    return this.rulesOf(origin, entry);
  }

  /** The rules of a read, applying to `origin` even when robots.txt redirected elsewhere. */
  private rulesOf(origin: string, entry: CachedRobots): RobotsRules {
    if (entry.kind === 'none') return NO_RULES;
    const parsed = robotsParser(`${origin}/robots.txt`, entry.body);
    const agent = productToken(this.client.userAgent);
    const delay = parsed.getCrawlDelay(agent);
    const sitemaps: string[] = [];
    for (const value of parsed.getSitemaps()) {
      if (!URL.canParse(value, entry.url)) continue;
      const url = new URL(value, entry.url);
      if (url.protocol === 'http:' || url.protocol === 'https:') sitemaps.push(url.href);
    }
    return {
      // undefined: an address on another origin, which these rules do not cover.
      allowed: (url) => parsed.isAllowed(url, agent) !== false,
      delayMs: typeof delay === 'number' && delay > 0 ? delay * 1000 : 0,
      sitemaps,
    };
  }

  private async page(url: string, signal: AbortSignal, refreshes = 0): Promise<{ url: string; title: string; text: string; links: string[]; scripted?: boolean }> {
    let response;
    try {
      response = await this.client.get(url, {
        signal,
        accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,application/pdf;q=0.8',
        // Untyped (S3's binary/octet-stream, an attachment's download type): read only when the
        // bytes are a PDF, as a pasted link is (ReadableWebFetcher).
        wants: (type) => HTML.has(type) || type === 'application/pdf' || type.startsWith('text/') || type === '' || UNTYPED.has(type),
        // A page over the cap is read from its beginning (its text is cut far sooner anyway); a
        // PDF cut short would not open, so that one stays too large.
        truncate: (type) => HTML.has(type) || type.startsWith('text/'),
      });
    } catch (error) {
      if (error instanceof GuardedFetchError) throw new KnowledgeReadError(error.failure === 'too_large' ? 'too_large' : error.failure === 'unsupported' ? 'unsupported' : 'fetch_failed');
      throw error;
    }
    if (response.status === 404 || response.status === 410) throw new KnowledgeReadError('not_found');
    // HTTP authentication (RFC 9110 §15.5.2): the page exists for those who sign in.
    if (response.status === 401) throw new KnowledgeReadError('login_required');
    if (response.status >= 400) throw new KnowledgeReadError('fetch_failed', `HTTP ${response.status}`);
    try {
      if (response.contentType === 'application/pdf' || (!HTML.has(response.contentType) && isPdf(response.body))) {
        const pdf = await pdfText(response.body);
        return { url: response.url, title: pdf.title ?? '', text: pdf.text, links: [] };
      }
      if (UNTYPED.has(response.contentType)) throw new KnowledgeReadError('unsupported');
      // Whole: the readable text is what is cut, not the markup before it (document-text.ts).
      const text = decodeHtml(response.body, response.charset);
      if (HTML.has(response.contentType) || (response.contentType === '' && /^\s*</.test(text))) {
        // A page that only sends the browser on (`<meta http-equiv="refresh" content="0; url=…">`,
        // a docs root to its latest version) is followed as a browser would, not kept as a page
        // whose text is "Redirecting…".
        const next = refreshTarget(text, response.url);
        if (next !== undefined && refreshes < MAX_META_REFRESHES) return this.page(next, signal, refreshes + 1);
        const readable = await htmlToMarkdown(text, response.url, { signal, links: true });
        // A sign-in page answers 200 (often after a redirect to the site's or an SSO service's
        // login): its form is no knowledge of the site, and keeping it would cite it.
        if (signInPage(text, readable.text)) throw new KnowledgeReadError('login_required');
        return { url: response.url, title: readable.title, text: readable.text, links: readable.links, scripted: /<script\b/i.test(text) };
      }
      return { url: response.url, title: '', text: text.slice(0, MAX_TEXT_CHARS), links: [] };
    } catch (error) {
      if (error instanceof DocumentTextError) throw new KnowledgeReadError('unsupported');
      throw error;
    }
  }

  /**
   * The page addresses sitemap.xml lists (nothing when it has none). A sitemap index
   * (`<sitemapindex>`: WordPress's wp-sitemap.xml, Yoast's sitemap_index.xml, large sites)
   * lists further sitemaps, not pages: those are read in turn, same-origin only, at most
   * `SITEMAP_DEPTH` levels and `SITEMAP_FILES` files, each once. Any of them may be gzipped
   * (`.xml.gz`); without a sitemap.xml, sitemap.xml.gz is tried, then the sitemaps robots.txt
   * names (`Sitemap:` lines), same-origin as every page, within the same caps.
   */
  private async sitemap(origin: string, robots: RobotsRules, pace: () => Promise<boolean>, signal: AbortSignal): Promise<string[]> {
    const pages: string[] = [];
    const read = new Set<string>();
    /** False when there was no sitemap at `url`. */
    const visit = async (url: string, depth: number): Promise<boolean> => {
      if (read.size >= SITEMAP_FILES || pages.length >= SITEMAP_URLS || read.has(url)) return true;
      read.add(url);
      if (!robots.allowed(url)) return false;
      if (!(await pace())) return true;
      const body = await this.sitemapBody(url, signal);
      if (body === undefined) return false;
      if (body.plain) {
        // sitemaps.org's text format: one absolute URL per line, never an index.
        const urls = body.text.split(/\r\n|\r|\n/).map((line) => line.trim()).filter((line) => URL.canParse(line) && /^https?:$/.test(new URL(line).protocol));
        pages.push(...urls.slice(0, SITEMAP_URLS - pages.length));
        return true;
      }
      const xml = body.text;
      const locs = [...xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/gi)].map((m) => m[1]!.replace(/&amp;/g, '&')).filter((u) => URL.canParse(u));
      if (!/<sitemapindex[\s>]/i.test(xml)) {
        pages.push(...locs.slice(0, SITEMAP_URLS - pages.length));
        return true;
      }
      if (depth + 1 < SITEMAP_DEPTH) {
        for (const nested of locs) {
          if (new URL(nested).origin === origin) await visit(normalize(nested), depth + 1);
        }
      }
      return true;
    };
    // Some sites publish only the compressed one, or name theirs only in robots.txt.
    if (await visit(`${origin}/sitemap.xml`, 0)) return pages;
    if (await visit(`${origin}/sitemap.xml.gz`, 0)) return pages;
    for (const listed of robots.sitemaps) {
      if (new URL(listed).origin === origin) await visit(normalize(listed), 0);
    }
    return pages;
  }

  /**
   * A sitemap's text: XML, or sitemaps.org's plain-text format (text/plain, one URL a line,
   * UTF-8). A gzipped one (`sitemap.xml.gz`, `sitemap.txt.gz`, served as application/x-gzip or
   * octet-stream) is recognised by its magic bytes and unpacked up to `SITEMAP_UNPACKED_BYTES`;
   * one sent with `Content-Encoding: gzip` was already unpacked by the client (which caps it).
   * Plain text is what does not begin with `<`, served as text/plain (or with no type).
   */
  private async sitemapBody(url: string, signal: AbortSignal): Promise<{ text: string; plain: boolean } | undefined> {
    try {
      const response = await this.client.get(url, {
        signal,
        accept: 'application/xml,text/xml,text/plain;q=0.9,application/x-gzip;q=0.9',
        // sitemaps.org allows 50 MB: the first 5 MB hold far more pages than a source keeps.
        truncate: true,
        wants: (type) => type.includes('xml') || type === 'text/plain' || type === '' || type.includes('gzip') || (OCTET_TYPES.has(type) && /\.gz$/i.test(new URL(url).pathname)),
      });
      if (response.status !== 200) return undefined;
      const gzipped = isGzip(response.body);
      const text = gzipped ? decodeText(await gunzipCapped(response.body, SITEMAP_UNPACKED_BYTES, signal), response.charset) : decodeText(response.body, response.charset ?? (response.contentType === 'text/plain' ? 'utf-8' : undefined));
      const plain = !/^\uFEFF?\s*</.test(text) && (response.contentType === 'text/plain' || response.contentType === '' || gzipped);
      return { text, plain };
    } catch {
      return undefined;
    }
  }
}

function isGzip(body: Uint8Array): boolean {
  return body.length >= 2 && body[0] === 0x1f && body[1] === 0x8b;
}

/** The first `cap` bytes a gzip stream unpacks to; the rest is never inflated. A corrupt or cut stream yields what came before the damage. */
async function gunzipCapped(body: Uint8Array, cap: number, signal: AbortSignal): Promise<Buffer> {
  const gunzip = createGunzip();
  const parts: Buffer[] = [];
  let total = 0;
  const done = new Promise<void>((resolve) => {
    gunzip.on('data', (part: Buffer) => {
      const room = cap - total;
      parts.push(part.length > room ? part.subarray(0, room) : part);
      total += Math.min(part.length, room);
      if (total >= cap) gunzip.destroy();
    });
    gunzip.on('end', resolve);
    gunzip.on('close', resolve);
    gunzip.on('error', () => resolve());
  });
  const abort = () => gunzip.destroy();
  signal.addEventListener('abort', abort, { once: true });
  gunzip.end(body);
  await done;
  signal.removeEventListener('abort', abort);
  signal.throwIfAborted();
  return Buffer.concat(parts);
}

/** The product token of a User-Agent (`TomoBot` in `TomoBot/1.0 (+…)`), which names its robots.txt group. */
export function productToken(userAgent: string): string {
  return /^[A-Za-z_-]+/.exec(userAgent)?.[0] ?? '*';
}

function normalize(url: string): string {
  const u = new URL(url);
  u.hash = '';
  return u.href;
}

/**
 * Readable text shorter than this beside a password field makes a page a sign-in page; a
 * longer one is an article with a sign-in box beside it (a forum's, a wiki's) and is read.
 */
const SIGN_IN_TEXT_CHARS = 1_000;
/**
 * An `<input` tag up to its `>` (or the end), matched greedily with nothing after it, so each
 * is scanned once. `/<input\b[^>]*\btype…password/` backtracked through the rest of the tag from
 * every `<input` in it: a crawled page holding `<input ` 700,000 times in one attribute or
 * comment (5 MB) held the worker's event loop for hours (70 KB took 5 s), every answer with it.
 */
const INPUT_TAG = /<input\b[^>]*/gi;
const PASSWORD_TYPE = /\btype\s*=\s*["']?password\b/i;

/** A page whose text is little more than a form asking for a password. */
function signInPage(html: string, readableText: string): boolean {
  if (readableText.trim().length >= SIGN_IN_TEXT_CHARS) return false;
  for (const [tag] of html.matchAll(INPUT_TAG)) if (PASSWORD_TYPE.test(tag)) return true;
  return false;
}
