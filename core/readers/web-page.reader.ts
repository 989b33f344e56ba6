import { WebFetchError, type WebFetchFailure, type WebPageFetcher } from '../tools/web-page-fetcher.port';
import { ReaderError, type Reader, type ReaderFailure, type Source } from './reader';

const FAILURES: Record<WebFetchFailure, ReaderFailure> = {
  blocked: 'forbidden',
  not_found: 'not_found',
  http_error: 'failed',
  too_large: 'too_large',
  unsupported: 'unsupported',
  timeout: 'timeout',
  failed: 'failed',
};

/** Any other http(s) link: the page's readable text (HTML, text or PDF). Follows the Web browsing switch. */
export function webPageReader(fetcher: WebPageFetcher): Reader {
  return {
    kind: 'web_page',
    counts: 'link',
    plugin: 'web-browsing',
    accepts: (source) => source.type === 'link' && /^https?:/i.test(source.url),
    status: (source) => ({ code: 'reading_page', host: hostOf(source) }),
    async read(source, context) {
      if (source.type !== 'link') throw new ReaderError('unsupported');
      try {
        const page = await fetcher.read(source.url, { signal: context.signal });
        return { title: page.title, text: page.text, url: page.url };
      } catch (error) {
        throw error instanceof WebFetchError ? new ReaderError(FAILURES[error.failure]) : error;
      }
    },
  };
}

export function hostOf(source: Source): string {
  return source.type === 'link' && URL.canParse(source.url) ? new URL(source.url).hostname : '';
}

