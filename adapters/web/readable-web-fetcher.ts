import { WebFetchError, type ReadablePage, type WebFetchFailure, type WebPageFetcher } from '../../core/tools/web-page-fetcher.port';
import { decodeHtml } from '../documents/charset';
import { DocumentTextError, MAX_TEXT_CHARS, htmlToMarkdown, pdfText } from '../documents/document-text';
import { GuardedFetchError, type GuardedFetchFailure, type GuardedHttpClient } from '../http/guarded-http-client';

const HTML = new Set(['text/html', 'application/xhtml+xml']);
const PDF = 'application/pdf';
/**
 * Types servers give files they know nothing about, PDFs among them (S3 and other object
 * stores serve an upload without a type as `binary/octet-stream`): taken, then read only
 * when the bytes are a PDF.
 */
export const UNTYPED = new Set(['application/octet-stream', 'binary/octet-stream', 'application/x-pdf', 'application/download', 'application/force-download']);
/** Meta refreshes followed after one another (HTTP redirects are counted by the client). */
const MAX_META_REFRESHES = 2;
/** A refresh that waits longer is a page to read (an auto-reloading article), not a redirect. */
const MAX_REFRESH_DELAY_S = 5;

const FAILURES: Record<GuardedFetchFailure, WebFetchFailure> = {
  blocked: 'blocked',
  too_large: 'too_large',
  unsupported: 'unsupported',
  timeout: 'timeout',
  connection: 'failed',
  bad_response: 'failed',
};

/** Web pages as readable text, for the web page reader and the browse tool: HTML, text (JSON and XML too) and PDF only. */
export class ReadableWebFetcher implements WebPageFetcher {
  constructor(private readonly client: GuardedHttpClient) {}

  async read(url: string, options: { signal?: AbortSignal } = {}): Promise<ReadablePage> {
    let address = url;
    for (let refreshes = 0; ; refreshes += 1) {
      const response = await this.fetch(address, options);
      const host = new URL(response.url).hostname;
      try {
        // The bytes decide over a type that says nothing or lies (`text/plain`, octet-stream): a PDF's text, not its bytes as text.
        if (response.contentType === PDF || (!HTML.has(response.contentType) && isPdf(response.body))) {
          const pdf = await pdfText(response.body, options);
          return { url: response.url, title: pdf.title ?? lastSegment(response.url) ?? host, text: pdf.text, contentType: 'pdf' };
        }
        if (UNTYPED.has(response.contentType)) throw new WebFetchError('unsupported', response.contentType);
        // Whole: the readable text is what is cut (MAX_TEXT_CHARS), not the markup before it.
        const text = decodeHtml(response.body, response.charset);
        if (HTML.has(response.contentType) || (response.contentType === '' && /^\s*</.test(text))) {
          // A page that only sends the browser on (`<meta http-equiv="refresh" content="0; url=…">`)
          // is followed as a browser would, through the same guard as any redirect.
          const next = refreshTarget(text, response.url);
          if (next !== undefined && refreshes < MAX_META_REFRESHES) {
            address = next;
            continue;
          }
          const { title, text: markdown } = await htmlToMarkdown(text, response.url, options);
          return { url: response.url, title, text: markdown, contentType: 'html' };
        }
        return { url: response.url, title: lastSegment(response.url) ?? host, text: text.slice(0, MAX_TEXT_CHARS), contentType: 'text' };
      } catch (error) {
        if (options.signal?.aborted) throw new WebFetchError('timeout', 'stopped');
        throw error instanceof DocumentTextError ? new WebFetchError('unsupported', error.message) : error;
      }
    }
  }

  private async fetch(url: string, options: { signal?: AbortSignal }) {
    let response;
    try {
      response = await this.client.get(url, {
        ...(options.signal ? { signal: options.signal } : {}),
        accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,application/pdf;q=0.8',
        wants: (type) => HTML.has(type) || type === PDF || isText(type) || type === '' || UNTYPED.has(type),
        // A page longer than the cap is read from its beginning, far more than an answer takes in;
        // a PDF (or what may be one) cut short would not open, so it is refused instead.
        truncate: (type) => HTML.has(type) || isText(type),
      });
    } catch (error) {
      throw error instanceof GuardedFetchError ? new WebFetchError(FAILURES[error.failure]) : error;
    }
    if (response.status === 404 || response.status === 410) throw new WebFetchError('not_found', `HTTP ${response.status}`);
    if (response.status >= 400) throw new WebFetchError('http_error', `HTTP ${response.status}`);
    return response;
  }
}

/**
 * Text of any kind: `text/*`, and JSON and XML under `application/` (an API's answer, a
 * config file, an RSS or Atom feed: `application/json`, `application/rss+xml`,
 * `application/ld+json`), which a browser shows as text and were refused as content Tomo
 * cannot read. Read as they are.
 */
function isText(type: string): boolean {
  return type.startsWith('text/') || type === 'application/json' || type === 'application/xml' || /^application\/[\w.-]+\+(?:json|xml)$/.test(type);
}

/** A PDF's bytes start `%PDF-` (the MIME Sniffing standard's pattern). */
export function isPdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
}

/**
 * A `<meta` tag without its `>`, matched greedily with nothing after it (the `>` is checked
 * apart): `/<meta\b[^>]*>/` backtracked from every `<meta` of an unclosed run, so a page
 * holding `<meta ` 13,000 times (its first 64 KB) held the event loop 2.4 s a read.
 */
const META_TAG = /<meta\b[^>]*/gi;

/**
 * Where a `<meta http-equiv="refresh" content="N; url=…">` sends the browser within
 * `MAX_REFRESH_DELAY_S`, if anywhere other than this page (HTML's "shared declarative refresh"
 * steps: a number, `;` or `,`, optionally `url=`, the address, maybe quoted).
 */
export function refreshTarget(html: string, base: string): string | undefined {
  const head = html.slice(0, 64 * 1024);
  for (const match of head.matchAll(META_TAG)) {
    if (head[match.index + match[0].length] !== '>') continue;
    const tag = `${match[0]}>`;
    if (!/\bhttp-equiv\s*=\s*["']?\s*refresh\b/i.test(tag)) continue;
    const content = /\bcontent\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(tag);
    const value = decodeAttribute(content?.[1] ?? content?.[2] ?? content?.[3] ?? '');
    const parsed = /^\s*(\d+)(?:\.[\d.]*)?\s*(?:[;,]\s*(?:url\s*=\s*)?(.*))?$/is.exec(value);
    if (parsed === null || Number(parsed[1]) > MAX_REFRESH_DELAY_S) return undefined;
    const target = (parsed[2] ?? '').trim().replace(/^(["'])(.*?)(?:\1.*)?$/s, '$2').trim();
    if (target === '' || !URL.canParse(target, base)) return undefined;
    const next = new URL(target, base);
    next.hash = '';
    const here = new URL(base);
    here.hash = '';
    return next.href === here.href ? undefined : next.href;
  }
  return undefined;
}

function decodeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#0*39;|&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

function lastSegment(url: string): string | undefined {
  const segment = new URL(url).pathname.split('/').filter(Boolean).at(-1);
  if (segment === undefined) return undefined;
  // A bare % (`growth-20%.txt`) is no escape; the name then stays as written.
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
