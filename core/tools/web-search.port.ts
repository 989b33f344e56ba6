/**
 * A web search engine. Adapters: Google Programmable Search (Custom Search JSON API), Brave
 * Search API, SearXNG; chosen by `SEARCH_PROVIDER`.
 */
export interface WebSearchResult {
  readonly title: string;
  readonly url: string;
  readonly snippet: string;
}

export interface WebSearchQuery {
  readonly query: string;
  /** At most this many results (the plan's results per answer). */
  readonly count: number;
  /** `en` or `ja`: the language results should prefer. */
  readonly language?: string;
  readonly signal?: AbortSignal;
}

/** Why a search failed, without the query: `rate_limited`, `unavailable`, `rejected` (bad key). */
export class WebSearchError extends Error {
  override readonly name = 'WebSearchError';
  constructor(
    readonly code: 'rate_limited' | 'unavailable' | 'rejected',
    readonly provider: string,
  ) {
    super(`Web search ${provider}: ${code}`);
  }
}

export interface WebSearch {
  readonly name: string;
  search(query: WebSearchQuery): Promise<WebSearchResult[]>;
}
