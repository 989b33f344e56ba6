import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { sendHttpError } from './session/api-errors';

/**
 * Per-address limits for what people's browsers call: the API and the sign-in and install
 * flows (and the public icons, which Slack's servers fetch and each cost a query). Slack event deliveries and payment webhooks are not limited here — they are signed,
 * acknowledged in milliseconds, and a refused delivery would only come back as a retry.
 * The counters live in this process; behind several servers the limit applies per server.
 */
export function browserRateLimit(perMinute: number): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit: perMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (req, res) => {
      sendHttpError(req, res, 429, 'RATE_LIMITED');
    },
  });
}
