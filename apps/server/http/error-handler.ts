import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from '../../../adapters/logging/logger';

export const UNKNOWN_ERROR_MESSAGE = 'An unknown error has occurred. Please try again later or contact us.';

/** Unknown API paths answer JSON, not the web app's HTML. */
export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ error: { code: 'NOT_FOUND', message: 'Not found' } });
};

interface HttpishError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
}

/**
 * The last middleware. Clients get a status and a stable code, never a stack trace;
 * the log gets the error (messages are redacted there too).
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const e = (error ?? {}) as HttpishError;
    const status = e.status ?? e.statusCode ?? 500;
    if (status === 413 || e.type === 'entity.too.large') {
      res.status(413).json({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body too large' } });
      return;
    }
    if (status === 400 && e.type === 'entity.parse.failed') {
      res.status(400).json({ error: { code: 'INVALID_JSON', message: 'Request body is not valid JSON' } });
      return;
    }
    // A client error whatever raised it (a body parser, or the router failing to decode a
    // path parameter such as `%ED%A0%80`, which sets status 400 but not `expose`).
    if (status >= 400 && status < 500) {
      res.status(status).json({ error: { code: 'BAD_REQUEST', message: 'Bad request' } });
      return;
    }
    logger.error({ err: error, method: req.method, path: req.path }, 'request failed');
    res.status(500).json({ error: { code: 'UNKNOWN', message: UNKNOWN_ERROR_MESSAGE } });
  };
}
