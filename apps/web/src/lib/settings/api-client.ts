import type { Locale } from '../locale';

/** An error answer of Tomo's API: the catalogue message is already in the page's language. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

let currentLocale: Locale = 'en';

/** The page language sent with every API call, so error messages come back in it. */
export function setApiLocale(locale: Locale): void {
  currentLocale = locale;
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
}

/** Calls Tomo's own API with the session cookie; non-2xx answers become ApiErrors. */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', 'x-tomo-locale': currentLocale, ...request.headers };
  let body = request.body;
  if (request.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.json);
  }
  const response = await fetch(path, { method: request.method ?? 'GET', headers, body, credentials: 'same-origin' });
  if (response.status === 204) return undefined as T;
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = (payload as { error?: { code?: string; message?: string; field?: string } } | undefined)?.error;
    throw new ApiError(response.status, error?.code ?? 'UNKNOWN', error?.message ?? '', error?.field);
  }
  return payload as T;
}
