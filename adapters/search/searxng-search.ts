import type { WebSearch, WebSearchQuery, WebSearchResult } from '../../core/tools/web-search.port';
import { getSearchJson, present, result } from './http-search';

/** A self-hosted SearXNG instance (`/search?format=json`; JSON must be enabled in its settings). */
export class SearxngWebSearch implements WebSearch {
  readonly name = 'searxng';

  constructor(private readonly options: { baseUrl: string; apiKey?: string }) {}

  async search(query: WebSearchQuery): Promise<WebSearchResult[]> {
    const url = new URL('search', this.options.baseUrl.endsWith('/') ? this.options.baseUrl : `${this.options.baseUrl}/`);
    url.searchParams.set('q', query.query);
    url.searchParams.set('format', 'json');
    if (query.language) url.searchParams.set('language', query.language);
    const headers: Record<string, string> = this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {};
    const body = (await getSearchJson(this.name, url, headers, query.signal)) as { results?: { title?: string; url?: string; content?: string }[] };
    return (body.results ?? []).map((item) => result(item.title, item.url, item.content)).filter(present).slice(0, query.count);
  }
}
