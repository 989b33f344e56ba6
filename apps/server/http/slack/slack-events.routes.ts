import { Router } from 'express';
import { sendDomainError } from '../session/api-errors';
import type { SlackIngress } from './slack-ingress';
import { rawSlackBody, verifiedSlackBody, type SlackRequestDeps } from './slack-request';

export interface SlackEventsDeps extends SlackRequestDeps {
  ingress: SlackIngress;
}

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
      res.status(400).json({ error: { code: 'INVALID_JSON', message: 'Request body is not valid JSON' } });
      return;
    }
    const outcome = await deps.ingress.acceptEvent(payload, { transport: 'http', retry: req.get('x-slack-retry-num') });
    if (outcome.kind === 'challenge') res.type('text/plain').send(outcome.challenge);
    else if (outcome.kind === 'invalid') res.status(400).json({ error: { code: outcome.code, message: outcome.message } });
    else if (outcome.kind === 'unstorable') sendDomainError(req, res, { code: outcome.code }, { status: 400 });
    else res.sendStatus(200);
  });
  return router;
}
