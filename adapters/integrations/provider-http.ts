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
  const send = () => fetch(url, { method: request.method ?? (body === undefined ? 'GET' : 'POST'), headers, body, signal, redirect: 'error' });
  const response = await send();
  // Rate limited (Notion's 3 requests a second, Atlassian, Asana, Zoom…): a short Retry-After is
  // waited out once, within the call's time limit; a long one fails the call as before.
  const wait = response.status === 429 ? retryAfterMs(response.headers.get('retry-after')) : undefined;
  if (wait === undefined || wait > MAX_RATE_LIMIT_WAIT_MS) return response;
  await response.body?.cancel();
  await sleep(wait, signal);
  return send();
}

/** The longest Retry-After a call waits for before trying once more (a tool answers within seconds). */
const MAX_RATE_LIMIT_WAIT_MS = 5_000;

/** Retry-After in seconds or as an HTTP date; 1 s when the provider names no wait (Google). */
function retryAfterMs(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return 1_000;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
