/** Why a provider call failed, in words a tool can pass on without any content. */
export class ProviderHttpError extends Error {
  override readonly name = 'ProviderHttpError';
  constructor(
    readonly status: number,
    readonly provider: string,
  ) {
    super(`${provider} answered HTTP ${status}`);
  }
}

export interface ProviderRequest {
  readonly provider: string;
  readonly token?: string | undefined;
  readonly method?: 'GET' | 'POST' | 'DELETE';
  readonly json?: unknown;
  readonly form?: Record<string, string>;
  readonly headers?: Record<string, string>;
  readonly signal?: AbortSignal | undefined;
  readonly timeoutMs: number;
}

/**
 * One call to a provider's API with the person's token: JSON in, JSON out, a time limit,
 * redirects refused (a token must not follow one to another host). Bodies are never logged.
 */
export async function providerJson<T>(url: URL, request: ProviderRequest): Promise<T> {
  const response = await providerFetch(url, request);
  const text = await response.text();
  if (!response.ok) throw new ProviderHttpError(response.status, request.provider);
  if (text === '') return undefined as T;
  return JSON.parse(text) as T;
}

export async function providerFetch(url: URL, request: ProviderRequest): Promise<Response> {
  const timeout = AbortSignal.timeout(request.timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'Tomo', ...request.headers };
  if (request.token !== undefined) headers.authorization ??= `Bearer ${request.token}`;
  let body: string | undefined;
  if (request.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.json);
  } else if (request.form !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(request.form).toString();
  }
  return fetch(url, { method: request.method ?? (body === undefined ? 'GET' : 'POST'), headers, body, signal, redirect: 'error' });
}
