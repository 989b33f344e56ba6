import type { RequestHandler } from 'express';
import { sendHttpError } from './api-errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Defence in depth against cross-site requests, on top of the SameSite=Lax session cookie:
 * a state-changing request whose Origin (or, lacking it, Referer) is another site is refused.
 * Requests without either header (curl, server-to-server) carry no browser cookie by accident.
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
    if (origin && origin !== allowed && origin !== own) {
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
