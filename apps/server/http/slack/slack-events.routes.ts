import { Router } from 'express';
import { sendDomainError } from '../session/api-errors';
import type { SlackIngress } from './slack-ingress';
import { rawSlackBody, verifiedSlackBody, type SlackRequestDeps } from './slack-request';

export interface SlackEventsDeps extends SlackRequestDeps {
  ingress: SlackIngress;
}

/**
 * Slack redelivers an event whose request got anything but a 2xx, at once and after 1 and 5
 * minutes, unless the answer carries `X-Slack-No-Retry: 1` (Events API, "Turning retries off").
 * A signed body Tomo refuses (not JSON, malformed, unstorable) is refused the same way every
 * time, so it says so; a failure that may pass (the database away: 5xx) is retried as before.
 */
const NO_RETRY = { 'X-Slack-No-Retry': '1' } as const;

/**
 * POST /slack/events (Events API). Slack wants a 2xx within 3 seconds or it retries (up to 3
 * times, with X-Slack-Retry-Num), so the route only verifies and hands the payload to the
 * transport-neutral SlackIngress (ids in one job, keyed so retries add nothing), then
 * acknowledges; the worker does the rest.
 */
export function slackEventsRoutes(deps: SlackEventsDeps): Router {
  const router = Router();
  router.post('/slack/events', rawSlackBody(deps), async (req, res) => {
    const body = verifiedSlackBody(deps, req, res, 'event');
    if (!body) return;

    let payload: unknown;
    try {
      payload = JSON.parse(body.toString('utf8'));
    } catch {
      res.set(NO_RETRY).status(400).json({ error: { code: 'INVALID_JSON', message: 'Request body is not valid JSON' } });
      return;
    }
    const outcome = await deps.ingress.acceptEvent(payload, { transport: 'http', retry: req.get('x-slack-retry-num') });
    if (outcome.kind === 'challenge') res.type('text/plain').send(outcome.challenge);
    else if (outcome.kind === 'invalid') res.set(NO_RETRY).status(400).json({ error: { code: outcome.code, message: outcome.message } });
    else if (outcome.kind === 'unstorable') sendDomainError(req, res.set(NO_RETRY), { code: outcome.code }, { status: 400 });
    else res.sendStatus(200);
  });
  return router;
}
