import { WebSearchError, type WebSearchResult } from '../../core/tools/web-search.port';

export const SEARCH_TIMEOUT_MS = 8_000;

/**
 * One GET to a search API (a configured endpoint, not a user's address, so no SSRF guard:
 * a self-hosted SearXNG may well live on a private network). Failures become `WebSearchError`s
 * without the query.
 */
export async function getSearchJson(provider: string, url: URL, headers: Record<string, string>, signal?: AbortSignal): Promise<unknown> {
  const timeout = AbortSignal.timeout(SEARCH_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json', ...headers }, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  } catch {
    throw new WebSearchError('unavailable', provider);
  }
  if (response.status === 429) throw new WebSearchError('rate_limited', provider);
  if (response.status === 400 || response.status === 401 || response.status === 403) {
    // Google reports an exhausted daily quota as 403 with a rate-limit reason.
    const body = await response.text().catch(() => '');
    throw new WebSearchError(/rateLimitExceeded|dailyLimitExceeded|quotaExceeded/.test(body) ? 'rate_limited' : 'rejected', provider);
  }
  if (!response.ok) throw new WebSearchError('unavailable', provider);
  try {
    return await response.json();
  } catch {
    throw new WebSearchError('unavailable', provider);
  }
}

/** Snippets may carry highlighting markup and entities; the model gets plain text. */
export function plainSnippet(text: unknown): string {
  return String(text ?? '')
    .replace(/<[^>]*>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

export function result(title: unknown, url: unknown, snippet: unknown): WebSearchResult | undefined {
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) return undefined;
  return { title: plainSnippet(title) || url, url, snippet: plainSnippet(snippet) };
}

export function present<T>(value: T | undefined): value is T {
  return value !== undefined;
}
