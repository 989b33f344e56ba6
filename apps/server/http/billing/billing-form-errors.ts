import type { Request, RequestHandler } from 'express';
import { en } from '../../../shared/messages';
import { safeReturnTo } from '../auth/sign-in-cookie';

/** The query parameter that brings a refused form post's reason (a catalogue code) back to its page. */
export const BILLING_ERROR_PARAM = 'billing_error';
const DEFAULT_RETURN_TO = '/pricing';

/** A browser submitting an HTML form, as opposed to a script asking the API for JSON. */
export function isBrowserFormPost(req: Request): boolean {
  const type = req.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  return req.method === 'POST' && type === 'application/x-www-form-urlencoded' && (req.get('accept') ?? '').includes('text/html');
}

/** The form's `returnTo` if it is a path on this site ('/ja/pricing'), else /pricing. */
export function returnPath(req: Request): string {
  const value = (req.body as Record<string, unknown> | undefined)?.returnTo;
  if (typeof value !== 'string' || !value.startsWith('/')) return DEFAULT_RETURN_TO;
  const safe = safeReturnTo(value);
  // safeReturnTo answers '/' for anything that is not a path on this site.
  return safe === '/' && value !== '/' ? DEFAULT_RETURN_TO : safe;
}

/**
 * The pricing page in the language of the page the form was posted from ('/ja/pricing' for a
 * form on '/ja/settings/subscription'): hosted checkout and wallet setup come back there.
 */
export function localizedPricingPath(req: Request): string {
  const from = returnPath(req);
  return from === '/ja' || from.startsWith('/ja/') || from.startsWith('/ja?') ? '/ja/pricing' : DEFAULT_RETURN_TO;
}

function errorCode(body: unknown): string {
  const code = (body as { error?: { code?: unknown } } | null)?.error?.code;
  return typeof code === 'string' && Object.hasOwn(en, code) ? code : 'UNKNOWN';
}

function withBillingError(path: string, code: string): string {
  const url = new URL(path, 'http://tomo.invalid');
  url.searchParams.set(BILLING_ERROR_PARAM, code);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Browser form posts (Subscribe, wallet setup, Manage) never end on a JSON error page: every
 * error answer below this point — the cross-site and tenancy guards, 401/403, 503 billing off,
 * 502 Stripe down, a bad field, the error handler's 500 — becomes a 303 back to the form's
 * page with `?billing_error=<code>`, and the page shows the catalogue text. Those answers all
 * go out through `res.json`, so that is where they are turned around. JSON callers are untouched.
 */
export const formPostErrorsBackToPage: RequestHandler = (req, res, next) => {
  if (!isBrowserFormPost(req)) {
    next();
    return;
  }
  const json = res.json.bind(res);
  res.json = (body: unknown) => {
    if (res.statusCode < 400) return json(body);
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(303, withBillingError(returnPath(req), errorCode(body)));
    return res;
  };
  next();
};
