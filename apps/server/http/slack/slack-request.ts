import express, { type Request, type RequestHandler, type Response } from 'express';
import type { Logger } from '../../../../adapters/logging/logger';
import { verifySlackSignature } from '../../../../adapters/slack/verify-slack-signature';
import type { Clock } from '../../../../core/shared/clock.port';

export interface SlackRequestDeps {
  /** `SLACK_SIGNING_SECRET`; without it every request is refused. */
  signingSecret: string | undefined;
  clock: Clock;
  logger: Logger;
  /** Largest body accepted. Slack's events and interactions are a few KB. */
  bodyLimit: string;
}

/** The signature covers the exact bytes Slack sent, so the body is read raw, not parsed. */
export function rawSlackBody(deps: Pick<SlackRequestDeps, 'bodyLimit'>): RequestHandler {
  return express.raw({ type: () => true, limit: deps.bodyLimit });
}

/**
 * The raw body when the request carries Slack's v0 signature (HMAC-SHA256 of
 * `v0:timestamp:body` with the signing secret, timing-safe, 300 s window); otherwise 401 is
 * sent and null returned, so nothing is parsed, stored or run. Events and interactions alike.
 */
export function verifiedSlackBody(deps: SlackRequestDeps, req: Request, res: Response, what: string): Buffer | null {
  const body: Buffer = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  if (!deps.signingSecret) {
    deps.logger.warn(`Slack ${what} refused: SLACK_SIGNING_SECRET is not set`);
    res.status(401).json({ error: { code: 'UNAUTHORIZED', message: 'Invalid signature' } });
    return null;
  }
  const verdict = verifySlackSignature({
    signingSecret: deps.signingSecret,
    body,
    timestamp: req.get('x-slack-request-timestamp'),
    signature: req.get('x-slack-signature'),
    now: deps.clock.now(),
  });
  if (verdict !== 'valid') {
    deps.logger.warn({ verdict }, `Slack ${what} refused: bad signature`);
    res.status(401).json({ error: { code: 'UNAUTHORIZED', message: 'Invalid signature' } });
    return null;
  }
  return body;
}
