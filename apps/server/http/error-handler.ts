import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from '../../../adapters/logging/logger';
import { sendDomainError, sendHttpError } from './session/api-errors';
import { isAbortedAfterAnswer } from './unread-body';

/** Unknown API paths answer JSON, not the web app's HTML. */
export const apiNotFound: RequestHandler = (req, res) => {
  sendHttpError(req, res, 404, 'NOT_FOUND');
};

interface HttpishError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
}

/**
 * The last middleware. Clients get a status, a stable code and its message in the request's
 * language (X-Tomo-Locale, else Accept-Language), never a stack trace;
 * the log gets the error (messages are redacted there too).
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      // The body deadline answered 408 and closed the connection: the parser only says the body stopped.
      if (isAbortedAfterAnswer(error, res)) return;
      next(error);
      return;
    }
    const e = (error ?? {}) as HttpishError;
    const status = e.status ?? e.statusCode ?? 500;
    if (status === 413 || e.type === 'entity.too.large') {
      sendHttpError(req, res, 413, 'PAYLOAD_TOO_LARGE');
      return;
    }
    if (status === 400 && e.type === 'entity.parse.failed') {
      sendHttpError(req, res, 400, 'INVALID_JSON');
      return;
    }
    // A file the static server does not have (`/assets/missing.js`): not found, not misunderstood.
    if (status === 404) {
      sendHttpError(req, res, 404, 'NOT_FOUND');
      return;
    }
    // A client error whatever raised it (a body parser, or the router failing to decode a
    // path parameter such as `%ED%A0%80`, which sets status 400 but not `expose`).
    if (status >= 400 && status < 500) {
      sendHttpError(req, res, status, 'BAD_REQUEST');
      return;
    }
    logger.error({ err: error, method: req.method, path: req.path }, 'request failed');
    sendDomainError(req, res, { code: 'UNKNOWN' }, { status: 500 });
  };
}
