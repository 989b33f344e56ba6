import type { Request, RequestHandler } from 'express';
import { hasUnstorableText, isUnstorableText } from '../../../core/shared/storable-text';
import { sendDomainError } from './session/api-errors';

/**
 * Refuses a request whose path, query or parsed body holds a NUL character or a lone
 * surrogate (PostgreSQL stores neither) with 400 `INPUT.UNSUPPORTED_CHARACTERS` in the
 * request's language, before any route reads it. Mounted once before the routes (path and
 * query) and again after each body parser (the body).
 */
export function unsupportedCharactersGuard(parts: 'url' | 'body'): RequestHandler {
  return (req, res, next) => {
    if (parts === 'url' ? urlIsUnstorable(req) : hasUnstorableText(req.body)) {
      sendDomainError(req, res, { code: 'INPUT.UNSUPPORTED_CHARACTERS' }, { status: 400 });
      return;
    }
    next();
  };
}

function urlIsUnstorable(req: Request): boolean {
  if (hasUnstorableText(req.query)) return true;
  for (const segment of req.path.split('/')) {
    try {
      if (isUnstorableText(decodeURIComponent(segment))) return true;
    } catch {
      // A malformed escape is the route's business (it answers 400 or 404).
    }
  }
  return false;
}
