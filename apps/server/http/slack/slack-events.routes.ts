import express, { Router } from 'express';
import type { Logger } from '../../../../adapters/logging/logger';
import { verifySlackSignature } from '../../../../adapters/slack/verify-slack-signature';
import type { Clock } from '../../../../core/shared/clock.port';
import type { JobQueue } from '../../../../core/shared/job-queue.port';
import { EventJobBatcher } from './event-job-batcher';
import { jobForEvent, type SlackEventEnvelope } from './slack-event-jobs';

export interface SlackEventsDeps {
  /** `SLACK_SIGNING_SECRET`; without it every request is refused. */
  signingSecret: string | undefined;
  queue: JobQueue;
  clock: Clock;
  logger: Logger;
  /** Largest body accepted. Slack's events are a few KB. */
  bodyLimit: string;
}

/**
 * POST /slack/events (Events API). Slack wants a 2xx within 3 seconds or it retries (up to 3
 * times, with X-Slack-Retry-Num), so the route only verifies, stores ids in one job, and
 * acknowledges; the worker does the rest. A job is keyed so retries add nothing.
 */
export function slackEventsRoutes(deps: SlackEventsDeps): Router {
  const router = Router();
  const jobs = new EventJobBatcher(deps.queue);
  // The signature covers the exact bytes Slack sent, so the body is read raw, not as JSON.
  router.post('/slack/events', express.raw({ type: () => true, limit: deps.bodyLimit }), async (req, res) => {
    const body: Buffer = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (!deps.signingSecret) {
      deps.logger.warn('Slack event refused: SLACK_SIGNING_SECRET is not set');
      res.status(401).json({ error: { code: 'UNAUTHORIZED', message: 'Invalid signature' } });
      return;
    }
    const verdict = verifySlackSignature({
      signingSecret: deps.signingSecret,
      body,
      timestamp: req.get('x-slack-request-timestamp'),
      signature: req.get('x-slack-signature'),
      now: deps.clock.now(),
    });
    if (verdict !== 'valid') {
      deps.logger.warn({ verdict }, 'Slack event refused: bad signature');
      res.status(401).json({ error: { code: 'UNAUTHORIZED', message: 'Invalid signature' } });
      return;
    }

    let payload: { type?: string; challenge?: string };
    try {
      payload = JSON.parse(body.toString('utf8')) as typeof payload;
    } catch {
      res.status(400).json({ error: { code: 'INVALID_JSON', message: 'Request body is not valid JSON' } });
      return;
    }
    if (payload.type === 'url_verification') {
      res.type('text/plain').send(String(payload.challenge ?? ''));
      return;
    }
    if (payload.type !== 'event_callback') {
      res.sendStatus(200);
      return;
    }

    const envelope = payload as SlackEventEnvelope;
    const job = jobForEvent(envelope);
    const retry = req.get('x-slack-retry-num');
    if (job.enqueue) {
      await jobs.enqueue(job.queue, job.payload, job.dedupeKey);
      deps.logger.debug({ eventId: envelope.event_id, type: job.type, retry }, 'Slack event queued');
    } else {
      deps.logger.debug({ eventId: envelope.event_id, type: job.type, retry, skipped: job.reason }, 'Slack event');
    }
    res.sendStatus(200);
  });
  return router;
}
