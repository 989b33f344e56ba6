import type { RequestHandler } from 'express';
import { sendHttpError } from './api-errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Defence in depth against cross-site requests, on top of the SameSite=Lax session cookie:
 * a state-changing request must name Tomo's own site in its Origin (or, lacking it, Referer).
 * Browsers send Origin with every POST, PUT and DELETE, Tomo's own pages included, so one that
 * names another site ('null' from a sandboxed frame or a no-referrer form), or names no site at
 * all (an old browser, a plugin, an extension that strips both), is refused before any handler
 * runs, whatever its content type: only then can no page elsewhere change anything with the
 * cookie the browser adds. Scripts (curl) send `Origin: <PUBLIC_URL>` like a browser.
 */
export function sameOriginOnly(publicUrl: string): RequestHandler {
  const allowed = new URL(publicUrl).origin;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) {
      next();
      return;
    }
    const origin = req.get('origin') ?? originOf(req.get('referer'));
    const own = `${req.protocol}://${req.get('host') ?? ''}`;
    if (origin === undefined || (origin !== allowed && origin !== own)) {
      sendHttpError(req, res, 403, 'CROSS_SITE');
      return;
    }
    next();
  };
}

/** The origin of a URL; 'null' when it is not one, undefined when there is none. */
export function originOf(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return 'null';
  }
}
