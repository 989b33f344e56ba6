import type { WebSearch, WebSearchQuery, WebSearchResult } from '../../core/tools/web-search.port';
import { getSearchJson, present, result } from './http-search';

export const BRAVE_SEARCH_URL = 'https://api.search.brave.com/res/v1/web/search';

/** The Brave Search API (web search; `count` is at most 20). */
export class BraveWebSearch implements WebSearch {
  readonly name = 'brave';

  constructor(private readonly options: { apiKey: string; baseUrl?: string }) {}

  async search(query: WebSearchQuery): Promise<WebSearchResult[]> {
    const url = new URL(this.options.baseUrl ?? BRAVE_SEARCH_URL);
    url.searchParams.set('q', query.query);
    url.searchParams.set('count', String(Math.min(20, Math.max(1, query.count))));
    if (query.language) url.searchParams.set('search_lang', query.language);
    const body = (await getSearchJson(this.name, url, { 'x-subscription-token': this.options.apiKey }, query.signal)) as {
      web?: { results?: { title?: string; url?: string; description?: string }[] };
    };
    return (body.web?.results ?? []).map((item) => result(item.title, item.url, item.description)).filter(present).slice(0, query.count);
  }
}
