// A tiny router: each Stripe endpoint the fake knows is one `route(method, '/v1/x/:id', handler)`.
import type { FormObject } from './form-codec';
import type { StripeFakeState } from './stripe-fake-state';

export interface FakeRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  /** Body for POST, query string for GET and DELETE (where the SDK puts parameters). */
  form: FormObject;
  idempotencyKey: string | null;
}

export interface FakeRoute {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  handle: (req: FakeRequest, state: StripeFakeState) => unknown;
}

export function route(method: FakeRoute['method'], path: string, handle: FakeRoute['handle']): FakeRoute {
  return { method, path, handle };
}

export function matchRoute(routes: FakeRoute[], method: string, path: string): { route: FakeRoute; params: Record<string, string> } | null {
  const segments = path.split('/').filter(Boolean);
  for (const candidate of routes) {
    if (candidate.method !== method) continue;
    const pattern = candidate.path.split('/').filter(Boolean);
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const ok = pattern.every((part, i) => {
      const segment = segments[i] ?? '';
      if (part.startsWith(':')) {
        params[part.slice(1)] = decodeURIComponent(segment);
        return true;
      }
      return part === segment;
    });
    if (ok) return { route: candidate, params };
  }
  return null;
}
