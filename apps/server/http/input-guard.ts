import type { Request, RequestHandler } from 'express';
import { hasUnstorableText, isUnstorableText } from '../../../core/shared/storable-text';
import { sendDomainError, sendHttpError } from './session/api-errors';

/**
 * Refuses a request whose path, query or parsed body holds a NUL character or a lone
 * surrogate (PostgreSQL stores neither) with 400 `INPUT.UNSUPPORTED_CHARACTERS` in the
 * request's language, before any route reads it. Mounted once before the routes (path and
 * query) and again after each body parser (the body).
 */
export function unsupportedCharactersGuard(parts: 'url' | 'body'): RequestHandler {
  return (req, res, next) => {
    if (parts === 'url' ? urlIsUnstorable(req) : hasUnstorableText(req.body)) {
      const field = parts === 'body' ? unstorableBodyField(req.body) : undefined;
      sendDomainError(req, res, { code: 'INPUT.UNSUPPORTED_CHARACTERS' }, { status: 400, ...(field ? { field } : {}) });
      return;
    }
    next();
  };
}

/**
 * The body's top-level field holding the character (`{ instruction: 'a\u0000b' }` → `instruction`),
 * named in the answer (`error.field`) as the rules' refusals name theirs, so a page that did not
 * catch it itself still shows the message under that input.
 */
function unstorableBodyField(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  for (const [key, value] of Object.entries(body)) {
    if (!isUnstorableText(key) && hasUnstorableText(value)) return key;
  }
  return undefined;
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

/** What the API's body parsers read: JSON (the pages' calls) and HTML forms (billing, sign-out, integrations). */
const READABLE_TYPES = new Set(['application/json', 'application/x-www-form-urlencoded']);

/**
 * Refuses an /api request that carries a body in a type no parser reads (text/plain, XML,
 * multipart, `application/vnd.api+json`, none) with 415 `UNSUPPORTED_MEDIA_TYPE` in the
 * request's language. Without it such a body was silently dropped and the route ran as if it
 * had been sent empty: `PUT /api/settings/app` answered 200 and recorded a change nobody made,
 * and `POST /api/settings/reactions` said the name was missing though one was sent. Each router
 * mounts it after its sign-in, tenancy and cross-site checks, so a cross-site text/plain post is
 * still told CROSS_SITE. `rawPaths` (relative to where it is mounted) take their body as it is:
 * the icon upload, whose body is the image.
 */
export function readableBodyOnly(rawPaths: readonly string[]): RequestHandler {
  return (req, res, next) => {
    if (!hasBody(req) || rawPaths.includes(req.path.replace(/\/+$/, ''))) {
      next();
      return;
    }
    const type = (req.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!READABLE_TYPES.has(type)) {
      sendHttpError(req, res, 415, 'UNSUPPORTED_MEDIA_TYPE');
      return;
    }
    next();
  };
}

/** A request with a body (as body parsers decide): chunked, or a Content-Length above zero. */
function hasBody(req: Request): boolean {
  return req.get('transfer-encoding') !== undefined || Number(req.get('content-length') ?? 0) > 0;
}
