import { WebFetchError, type ReadablePage, type WebFetchFailure, type WebPageFetcher } from '../../core/tools/web-page-fetcher.port';
import { DocumentTextError, decodeText, htmlToMarkdown, pdfText } from '../documents/document-text';
import { GuardedFetchError, type GuardedFetchFailure, type GuardedHttpClient } from '../http/guarded-http-client';

const HTML = new Set(['text/html', 'application/xhtml+xml']);
const PDF = 'application/pdf';

const FAILURES: Record<GuardedFetchFailure, WebFetchFailure> = {
  blocked: 'blocked',
  too_large: 'too_large',
  unsupported: 'unsupported',
  timeout: 'timeout',
  connection: 'failed',
  bad_response: 'failed',
};

/** Web pages as readable text, for the web page reader and the browse tool: HTML, text and PDF only. */
export class ReadableWebFetcher implements WebPageFetcher {
  constructor(private readonly client: GuardedHttpClient) {}

  async read(url: string, options: { signal?: AbortSignal } = {}): Promise<ReadablePage> {
    let response;
    try {
      response = await this.client.get(url, {
        ...(options.signal ? { signal: options.signal } : {}),
        accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,application/pdf;q=0.8',
        wants: (type) => HTML.has(type) || type === PDF || type.startsWith('text/') || type === '',
      });
    } catch (error) {
      throw error instanceof GuardedFetchError ? new WebFetchError(FAILURES[error.failure]) : error;
    }
    if (response.status === 404 || response.status === 410) throw new WebFetchError('not_found', `HTTP ${response.status}`);
    if (response.status >= 400) throw new WebFetchError('http_error', `HTTP ${response.status}`);
    const host = new URL(response.url).hostname;
    try {
      if (response.contentType === PDF) {
        const pdf = await pdfText(response.body, options);
        return { url: response.url, title: pdf.title ?? lastSegment(response.url) ?? host, text: pdf.text, contentType: 'pdf' };
      }
      const text = decodeText(response.body, response.charset);
      if (HTML.has(response.contentType) || (response.contentType === '' && /^\s*</.test(text))) {
        return { url: response.url, ...(await htmlToMarkdown(text, response.url, options)), contentType: 'html' };
      }
      return { url: response.url, title: lastSegment(response.url) ?? host, text, contentType: 'text' };
    } catch (error) {
      if (options.signal?.aborted) throw new WebFetchError('timeout', 'stopped');
      throw error instanceof DocumentTextError ? new WebFetchError('unsupported', error.message) : error;
    }
  }
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
