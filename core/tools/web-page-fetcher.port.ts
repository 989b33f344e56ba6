/**
 * Opens a web address on someone's behalf and returns its readable text: HTML through a
 * readability pass into Markdown, plain text as it is, PDF as its text. Every request goes
 * through the guarded HTTP client (SSRF rules, size and time caps).
 */
export interface ReadablePage {
  /** The address after redirects. */
  readonly url: string;
  readonly title: string;
  readonly text: string;
  readonly contentType: 'html' | 'text' | 'pdf';
}

/**
 * `blocked`: the address is not allowed (private network, bad scheme, too many redirects).
 * `unsupported`: not HTML, text or PDF. Messages never carry content.
 */
export type WebFetchFailure = 'blocked' | 'not_found' | 'http_error' | 'too_large' | 'unsupported' | 'timeout' | 'failed';

export class WebFetchError extends Error {
  override readonly name = 'WebFetchError';
  constructor(
    readonly failure: WebFetchFailure,
    detail?: string,
  ) {
    super(detail === undefined ? `Web fetch: ${failure}` : `Web fetch: ${failure} (${detail})`);
  }
}

export interface WebPageFetcher {
  read(url: string, options?: { signal?: AbortSignal }): Promise<ReadablePage>;
}
