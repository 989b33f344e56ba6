import { Router } from 'express';
import { sendDomainError } from '../session/api-errors';
import type { SlackIngress } from './slack-ingress';
import { rawSlackBody, verifiedSlackBody, type SlackRequestDeps } from './slack-request';

export interface SlackInteractionsDeps extends SlackRequestDeps {
  ingress: SlackIngress;
}

/**
 * POST /slack/interactions (interactivity: block actions, shortcuts, view submissions).
 * Verified exactly like events, over the raw form body; then the `payload` field's JSON goes
 * to SlackIngress, which picks the first handler that matches. A forged or stale request gets
 * 401 and runs nothing.
 */
export function slackInteractionsRoutes(deps: SlackInteractionsDeps): Router {
  const router = Router();
  router.post('/slack/interactions', rawSlackBody(deps), async (req, res) => {
    const body = verifiedSlackBody(deps, req, res, 'interaction');
    if (!body) return;
    const outcome = await deps.ingress.acceptInteraction(parsePayload(body), { transport: 'http' });
    if (outcome.kind === 'invalid') res.status(400).json({ error: { code: outcome.code, message: outcome.message } });
    else if (outcome.kind === 'unstorable') sendDomainError(req, res, { code: outcome.code }, { status: 400 });
    else if (outcome.body) res.status(200).json(outcome.body);
    else res.sendStatus(200);
  });
  return router;
}

/** Slack posts `application/x-www-form-urlencoded` with one field, `payload`, holding JSON. */
function parsePayload(body: Buffer): unknown {
  const field = new URLSearchParams(body.toString('utf8')).get('payload');
  if (field === null) return null;
  try {
    return JSON.parse(field);
  } catch {
    return null;
  }
}
