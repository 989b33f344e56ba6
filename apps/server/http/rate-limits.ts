import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';

export const TOO_MANY_REQUESTS = { error: { code: 'RATE_LIMITED', message: 'Too many requests. Please try again in a minute.' } };

/**
 * Per-address limits for what people's browsers call: the API and the sign-in and install
 * flows. Slack event deliveries and payment webhooks are not limited here — they are signed,
 * acknowledged in milliseconds, and a refused delivery would only come back as a retry.
 * The counters live in this process; behind several servers the limit applies per server.
 */
export function browserRateLimit(perMinute: number): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit: perMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, res) => {
      res.status(429).json(TOO_MANY_REQUESTS);
    },
  });
}
