import { sendJson, startHttpFake } from '../support/http-fake';

export interface FakeSearchResult {
  title: string;
  url: string;
  snippet: string;
}

export interface FakeSearchQuery {
  engine: 'google' | 'brave' | 'searxng';
  query: string;
  /** What the client asked for (`num` / `count`; SearXNG has no count). */
  count: number | undefined;
  language: string | undefined;
  key: string | undefined;
}

export interface FakeSearch {
  /** `http://127.0.0.1:PORT`. */
  origin: string;
  /** Google: `${origin}/customsearch/v1`. */
  googleUrl: string;
  /** Brave: `${origin}/res/v1/web/search`. */
  braveUrl: string;
  /** SearXNG base: `${origin}/searxng/`. */
  searxngUrl: string;
  queries: FakeSearchQuery[];
  /** The results every query gets (the first N of them). Default: twelve made-up pages. */
  results: FakeSearchResult[];
  /** The next request answers this HTTP status. */
  failNext(status: number, body?: unknown): void;
  close(): Promise<void>;
}

export const GOOGLE_KEY = 'google-test-key';
export const GOOGLE_CX = 'test-engine';
export const BRAVE_KEY = 'brave-test-key';

/** Google Custom Search JSON API, Brave Search API and SearXNG's JSON search, on one port. */
export async function startFakeSearch(): Promise<FakeSearch> {
  const queries: FakeSearchQuery[] = [];
  const failures: { status: number; body: unknown }[] = [];
  const state = {
    results: Array.from({ length: 12 }, (_, n) => ({
      title: `Lighthouse fact ${n + 1}`,
      url: `https://lighthouses.example/facts/${n + 1}`,
      snippet: `Fact number ${n + 1} about <b>lighthouses</b> &amp; their keepers.`,
    })),
  };
  const http = await startHttpFake((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const q = url.searchParams.get('q') ?? '';
    const failure = failures.shift();
    if (failure) {
      sendJson(res, failure.status, failure.body);
      return;
    }
    if (url.pathname === '/customsearch/v1') {
      const num = Number(url.searchParams.get('num') ?? 10);
      queries.push({ engine: 'google', query: q, count: num, language: url.searchParams.get('hl') ?? undefined, key: url.searchParams.get('key') ?? undefined });
      if (url.searchParams.get('key') !== GOOGLE_KEY || url.searchParams.get('cx') !== GOOGLE_CX) {
        sendJson(res, 400, { error: { code: 400, message: 'API key not valid.', errors: [{ reason: 'badRequest' }] } });
        return;
      }
      if (num > 10) {
        sendJson(res, 400, { error: { code: 400, message: 'Invalid value for num' } });
        return;
      }
      sendJson(res, 200, { kind: 'customsearch#search', items: state.results.slice(0, num).map((r) => ({ kind: 'customsearch#result', title: r.title, link: r.url, snippet: r.snippet })) });
      return;
    }
    if (url.pathname === '/res/v1/web/search') {
      const count = Number(url.searchParams.get('count') ?? 20);
      const key = req.headers['x-subscription-token'];
      queries.push({ engine: 'brave', query: q, count, language: url.searchParams.get('search_lang') ?? undefined, key: typeof key === 'string' ? key : undefined });
      if (key !== BRAVE_KEY) {
        sendJson(res, 401, { type: 'ErrorResponse', error: { code: 'SUBSCRIPTION_TOKEN_INVALID', status: 401 } });
        return;
      }
      sendJson(res, 200, { type: 'search', web: { type: 'search', results: state.results.slice(0, count).map((r) => ({ title: r.title, url: r.url, description: r.snippet })) } });
      return;
    }
    if (url.pathname === '/searxng/search') {
      queries.push({ engine: 'searxng', query: q, count: undefined, language: url.searchParams.get('language') ?? undefined, key: undefined });
      if (url.searchParams.get('format') !== 'json') {
        res.writeHead(403);
        res.end('Forbidden');
        return;
      }
      sendJson(res, 200, { query: q, number_of_results: state.results.length, results: state.results.map((r) => ({ title: r.title, url: r.url, content: r.snippet, engine: 'fake' })) });
      return;
    }
    sendJson(res, 404, { error: 'not found' });
  });
  return {
    origin: http.origin,
    googleUrl: `${http.origin}/customsearch/v1`,
    braveUrl: `${http.origin}/res/v1/web/search`,
    searxngUrl: `${http.origin}/searxng/`,
    queries,
    get results() {
      return state.results;
    },
    set results(value) {
      state.results = value;
    },
    failNext: (status, body = { error: { message: 'fake failure' } }) => failures.push({ status, body }),
    close: () => http.close(),
  };
}
