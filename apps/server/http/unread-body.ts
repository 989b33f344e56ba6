import type { Request, RequestHandler, Response } from 'express';
import { sendHttpError } from './session/api-errors';

/** How long a request body may take to arrive whole, on every route but the uploads. */
export const BODY_DEADLINE_MS = 30_000;
/** How long the rest of a body nobody will read may still take to arrive after the answer went out. */
export const UNREAD_BODY_GRACE_MS = 2_000;

export interface BodyDeadlineOptions {
  deadlineMs?: number;
  graceMs?: number;
  /**
   * Paths whose body is a file of up to tens of MB (the icon upload): they keep Node's own
   * `requestTimeout` (300 s). Their routes check the sign-in and the person's rights before
   * reading the body, and that answer ends the wait (the grace above).
   */
  uploadPaths?: readonly string[];
}

/**
 * Bounds how long a client may take to send a body, so nobody holds connections open by sending
 * one slowly. Node's own bound is `requestTimeout`, 300 s for every request, which let anyone,
 * signed in or not, hold a connection five minutes per request by trickling a body to a route
 * that reads it (a Slack or Stripe webhook before its signature is checked, any `/api` JSON
 * call), as many connections as they liked.
 *
 * - A body not whole after `deadlineMs` (30 s: Slack and Stripe send theirs at once, the pages'
 *   JSON is at most BODY_LIMIT) is answered 408 `REQUEST_TIMEOUT` in the request's language, and
 *   the connection is closed.
 * - A request answered before its body arrived (a 404 to a post to an unknown page, a 401 to a
 *   signed-out upload, a 413 told from Content-Length) has its connection closed when the rest
 *   has not come `graceMs` after the answer: Node would keep reading it until its requestTimeout.
 *
 * Requests without a body, and bodies that arrive in time, keep their keep-alive connection.
 */
export function bodyDeadline(options: BodyDeadlineOptions = {}): RequestHandler {
  const deadlineMs = options.deadlineMs ?? BODY_DEADLINE_MS;
  const graceMs = options.graceMs ?? UNREAD_BODY_GRACE_MS;
  const uploads = new Set((options.uploadPaths ?? []).map(normalized));
  return (req, res, next) => {
    if (!hasBody(req) || req.complete) {
      next();
      return;
    }
    const socket = req.socket;
    const timers: NodeJS.Timeout[] = [];
    const later = (ms: number, run: () => void) => {
      const timer = setTimeout(run, ms);
      timer.unref();
      timers.push(timer);
    };
    // The body read to its end (by a parser, or drained by Node after the answer), or the connection
    // gone. Both listeners go then: a keep-alive socket carries many requests and must not gather one
    // close listener per body.
    const clear = () => {
      timers.forEach(clearTimeout);
      req.off('end', clear);
      socket.off('close', clear);
    };
    req.once('end', clear);
    socket.once('close', clear);
    if (!uploads.has(normalized(req.path))) {
      later(deadlineMs, () => {
        if (req.complete || res.headersSent) return;
        res.setHeader('Connection', 'close');
        sendHttpError(req, res, 408, 'REQUEST_TIMEOUT');
      });
    }
    res.once('finish', () => {
      if (req.complete) return;
      later(graceMs, () => {
        if (!req.complete) socket.destroy();
      });
    });
    next();
  };
}

/** True when the error only says that the body stopped coming after `bodyDeadline` answered for it. */
export function isAbortedAfterAnswer(error: unknown, res: Response): boolean {
  return res.headersSent && (error as { type?: unknown } | null)?.type === 'request.aborted';
}

function normalized(path: string): string {
  return path.toLowerCase().replace(/\/+$/, '');
}

/** A request with a body (as body parsers decide): chunked, or a Content-Length above zero. */
function hasBody(req: Request): boolean {
  return req.get('transfer-encoding') !== undefined || Number(req.get('content-length') ?? 0) > 0;
}
