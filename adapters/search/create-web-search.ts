import type { WebSearch } from '../../core/tools/web-search.port';
import { BraveWebSearch } from './brave-search';
import { GoogleWebSearch } from './google-search';
import { SearxngWebSearch } from './searxng-search';

export interface WebSearchConfiguration {
  SEARCH_PROVIDER?: 'google' | 'brave' | 'searxng' | undefined;
  GOOGLE_SEARCH_API_KEY?: string | undefined;
  GOOGLE_SEARCH_ENGINE_ID?: string | undefined;
  GOOGLE_SEARCH_URL?: string | undefined;
  BRAVE_SEARCH_API_KEY?: string | undefined;
  BRAVE_SEARCH_URL?: string | undefined;
  SEARXNG_URL?: string | undefined;
  SEARXNG_API_KEY?: string | undefined;
}

/** The engine `SEARCH_PROVIDER` names, or none (then the Search plugin is not offered). */
export function createWebSearch(config: WebSearchConfiguration): WebSearch | undefined {
  switch (config.SEARCH_PROVIDER) {
    case 'google':
      if (!config.GOOGLE_SEARCH_API_KEY || !config.GOOGLE_SEARCH_ENGINE_ID) return undefined;
      return new GoogleWebSearch({
        apiKey: config.GOOGLE_SEARCH_API_KEY,
        engineId: config.GOOGLE_SEARCH_ENGINE_ID,
        ...(config.GOOGLE_SEARCH_URL ? { baseUrl: config.GOOGLE_SEARCH_URL } : {}),
      });
    case 'brave':
      if (!config.BRAVE_SEARCH_API_KEY) return undefined;
      return new BraveWebSearch({ apiKey: config.BRAVE_SEARCH_API_KEY, ...(config.BRAVE_SEARCH_URL ? { baseUrl: config.BRAVE_SEARCH_URL } : {}) });
    case 'searxng':
      if (!config.SEARXNG_URL) return undefined;
      return new SearxngWebSearch({ baseUrl: config.SEARXNG_URL, ...(config.SEARXNG_API_KEY ? { apiKey: config.SEARXNG_API_KEY } : {}) });
    default:
      return undefined;
  }
}
