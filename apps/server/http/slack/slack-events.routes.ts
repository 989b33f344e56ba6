import { Router } from 'express';
import type { JobQueue } from '../../../../core/shared/job-queue.port';
import type { TriggerInputStash } from '../../../../core/triggers/trigger-input-stash.port';
import { EventJobBatcher } from './event-job-batcher';
import { jobForEvent, type SlackEventEnvelope } from './slack-event-jobs';
import { rawSlackBody, verifiedSlackBody, type SlackRequestDeps } from './slack-request';

export interface SlackEventsDeps extends SlackRequestDeps {
  queue: JobQueue;
  /** Where text Slack sends only in the event (a workflow step's prompt) waits, sealed, for the worker. */
  stash: TriggerInputStash;
}

/**
 * POST /slack/events (Events API). Slack wants a 2xx within 3 seconds or it retries (up to 3
 * times, with X-Slack-Retry-Num), so the route only verifies, stores ids in one job, and
 * acknowledges; the worker does the rest. A job is keyed so retries add nothing.
 */
export function slackEventsRoutes(deps: SlackEventsDeps): Router {
  const router = Router();
  const jobs = new EventJobBatcher(deps.queue);
  router.post('/slack/events', rawSlackBody(deps), async (req, res) => {
    const body = verifiedSlackBody(deps, req, res, 'event');
    if (!body) return;

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
      const teamId = String(job.payload.teamId);
      if (job.stash) await deps.stash.put(teamId, job.stash.key, job.stash.values, deps.clock.now());
      await jobs.enqueue(job.queue, job.payload, job.dedupeKey);
      deps.logger.debug({ eventId: envelope.event_id, type: job.type, retry }, 'Slack event queued');
    } else {
      deps.logger.debug({ eventId: envelope.event_id, type: job.type, retry, skipped: job.reason }, 'Slack event');
    }
    res.sendStatus(200);
  });
  return router;
}
