import type { WebSearch, WebSearchQuery, WebSearchResult } from '../../core/tools/web-search.port';
import { getSearchJson, present, result } from './http-search';

export const GOOGLE_SEARCH_URL = 'https://www.googleapis.com/customsearch/v1';

/** Google Programmable Search Engine through the Custom Search JSON API (`num` is at most 10). */
export class GoogleWebSearch implements WebSearch {
  readonly name = 'google';

  constructor(private readonly options: { apiKey: string; engineId: string; baseUrl?: string }) {}

  async search(query: WebSearchQuery): Promise<WebSearchResult[]> {
    const url = new URL(this.options.baseUrl ?? GOOGLE_SEARCH_URL);
    url.searchParams.set('key', this.options.apiKey);
    url.searchParams.set('cx', this.options.engineId);
    url.searchParams.set('q', query.query);
    url.searchParams.set('num', String(Math.min(10, Math.max(1, query.count))));
    if (query.language) url.searchParams.set('hl', query.language);
    const body = (await getSearchJson(this.name, url, {}, query.signal)) as { items?: { title?: string; link?: string; snippet?: string }[] };
    return (body.items ?? []).map((item) => result(item.title, item.link, item.snippet)).filter(present).slice(0, query.count);
  }
}
