import { createGunzip } from 'node:zlib';
import { parseHTML } from 'linkedom';
import { KnowledgeReadError, type ExtractedDocument, type SourceContent, type SourceContentReader } from '../../core/knowledge/content-reader.port';
import type { KnowledgeSourceRecord } from '../../core/knowledge/knowledge-source';
import { DocumentTextError, decodeText, htmlToMarkdown, pdfText } from '../documents/document-text';
import { GuardedFetchError, type GuardedHttpClient } from '../http/guarded-http-client';

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
 * Largest robots.txt read for its `Sitemap:` lines (Google reads 500 KiB); a larger one is not
 * downloaded past this and gives no sitemap.
 */
const ROBOTS_BYTES = 500 * 1024;
/** Types servers give a `.xml.gz` file (nginx, Apache: application/x-gzip; S3: binary/octet-stream). */
const OCTET_TYPES = new Set(['application/octet-stream', 'binary/octet-stream']);

/**
 * A page, or a site up to the source's page limit: the page itself first, then the same-origin
 * pages its sitemap lists (sitemap.xml, sitemap.xml.gz or those robots.txt names), then same-origin links in the order found (breadth first). Every
 * request goes through the guarded client (SSRF rules, size and time caps). A page after the
 * first that fails is skipped; the first failing fails the source.
 */
export class WebSourceReader implements SourceContentReader {
  constructor(private readonly client: GuardedHttpClient) {}

  async read(source: KnowledgeSourceRecord, signal: AbortSignal): Promise<SourceContent> {
    const start = source.url;
    if (!start) throw new KnowledgeReadError('fetch_failed', 'no URL');
    const origin = new URL(start).origin;
    const queue: string[] = [normalize(start)];
    const seen = new Set(queue);
    const enqueue = (url: string) => {
      const n = normalize(url);
      if (new URL(n).origin !== origin || seen.has(n) || seen.size > source.pageLimit * 20) return;
      seen.add(n);
      queue.push(n);
    };
    const documents: ExtractedDocument[] = [];
    let sizeBytes = 0;
    let first = true;
    let sitemapRead = source.pageLimit <= 1;
    while (queue.length > 0 && documents.length < source.pageLimit) {
      signal.throwIfAborted();
      const url = queue.shift()!;
      try {
        const page = await this.page(url, signal);
        sizeBytes += Buffer.byteLength(page.text);
        if (page.text.trim() !== '') documents.push({ text: page.title ? `# ${page.title}\n\n${page.text}` : page.text, location: { url: page.url, ...(page.title ? { title: page.title.slice(0, 200) } : {}) } });
        if (!sitemapRead) {
          sitemapRead = true;
          for (const listed of await this.sitemap(origin, signal)) enqueue(listed);
        }
        for (const link of page.links) enqueue(link);
      } catch (error) {
        if (first) throw error;
        if (!(error instanceof KnowledgeReadError)) throw error;
      }
      first = false;
    }
    return { documents, sizeBytes };
  }

  private async page(url: string, signal: AbortSignal): Promise<{ url: string; title: string; text: string; links: string[] }> {
    let response;
    try {
      response = await this.client.get(url, {
        signal,
        accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,application/pdf;q=0.8',
        wants: (type) => HTML.has(type) || type === 'application/pdf' || type.startsWith('text/') || type === '',
      });
    } catch (error) {
      if (error instanceof GuardedFetchError) throw new KnowledgeReadError(error.failure === 'too_large' ? 'too_large' : error.failure === 'unsupported' ? 'unsupported' : 'fetch_failed');
      throw error;
    }
    if (response.status === 404 || response.status === 410) throw new KnowledgeReadError('not_found');
    if (response.status >= 400) throw new KnowledgeReadError('fetch_failed', `HTTP ${response.status}`);
    try {
      if (response.contentType === 'application/pdf') {
        const pdf = await pdfText(response.body);
        return { url: response.url, title: pdf.title ?? '', text: pdf.text, links: [] };
      }
      const text = decodeText(response.body, response.charset);
      if (HTML.has(response.contentType) || (response.contentType === '' && /^\s*</.test(text))) {
        const readable = await htmlToMarkdown(text, response.url, { signal });
        return { url: response.url, title: readable.title, text: readable.text, links: linksOf(text, response.url) };
      }
      return { url: response.url, title: '', text, links: [] };
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
  private async sitemap(origin: string, signal: AbortSignal): Promise<string[]> {
    const pages: string[] = [];
    const read = new Set<string>();
    /** False when there was no sitemap at `url`. */
    const visit = async (url: string, depth: number): Promise<boolean> => {
      if (read.size >= SITEMAP_FILES || pages.length >= SITEMAP_URLS || read.has(url)) return true;
      read.add(url);
      const xml = await this.sitemapXml(url, signal);
      if (xml === undefined) return false;
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
    for (const listed of await this.robotsSitemaps(origin, signal)) {
      if (new URL(listed).origin === origin) await visit(normalize(listed), 0);
    }
    return pages;
  }

  /** The sitemap addresses robots.txt lists (`Sitemap: https://…`, any number, anywhere in the file). */
  private async robotsSitemaps(origin: string, signal: AbortSignal): Promise<string[]> {
    let response;
    try {
      response = await this.client.get(`${origin}/robots.txt`, { signal, accept: 'text/plain', maxBytes: ROBOTS_BYTES, wants: (type) => type.startsWith('text/') || type === '' });
    } catch {
      signal.throwIfAborted();
      return [];
    }
    if (response.status !== 200) return [];
    const sitemaps: string[] = [];
    for (const line of decodeText(response.body, response.charset).split(/\r\n|\r|\n/)) {
      const value = /^\s*sitemap\s*:\s*(\S+)/i.exec(line)?.[1];
      if (!value || !URL.canParse(value, response.url)) continue;
      const url = new URL(value, response.url);
      if (url.protocol === 'http:' || url.protocol === 'https:') sitemaps.push(url.href);
    }
    return sitemaps;
  }

  /**
   * A sitemap's XML. A gzipped one (`sitemap.xml.gz`, served as application/x-gzip or
   * octet-stream) is recognised by its magic bytes and unpacked up to `SITEMAP_UNPACKED_BYTES`;
   * one sent with `Content-Encoding: gzip` was already unpacked by the client (which caps it).
   */
  private async sitemapXml(url: string, signal: AbortSignal): Promise<string | undefined> {
    try {
      const response = await this.client.get(url, {
        signal,
        accept: 'application/xml,text/xml,application/x-gzip;q=0.9',
        wants: (type) => type.includes('xml') || type === '' || type.includes('gzip') || (OCTET_TYPES.has(type) && /\.gz$/i.test(new URL(url).pathname)),
      });
      if (response.status !== 200) return undefined;
      if (!isGzip(response.body)) return decodeText(response.body, response.charset);
      return decodeText(await gunzipCapped(response.body, SITEMAP_UNPACKED_BYTES, signal), response.charset);
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

function linksOf(html: string, base: string): string[] {
  const { document } = parseHTML(html);
  const out: string[] = [];
  for (const a of document.querySelectorAll('a[href]')) {
    const href = a.getAttribute('href') ?? '';
    if (!URL.canParse(href, base)) continue;
    const url = new URL(href, base);
    if (url.protocol === 'http:' || url.protocol === 'https:') out.push(url.href);
  }
  return out;
}

function normalize(url: string): string {
  const u = new URL(url);
  u.hash = '';
  return u.href;
}
