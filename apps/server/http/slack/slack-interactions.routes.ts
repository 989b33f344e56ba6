import { Router } from 'express';
import { z } from 'zod';
import type { JobQueue } from '../../../../core/shared/job-queue.port';
import type { InteractionHandler, SlackInteraction } from './interactions/interaction-handler';
import { rawSlackBody, verifiedSlackBody, type SlackRequestDeps } from './slack-request';

export interface SlackInteractionsDeps extends SlackRequestDeps {
  queue: JobQueue;
  handlers: readonly InteractionHandler[];
}

const interaction = z.looseObject({
  type: z.string().min(1),
  team: z.looseObject({ id: z.string().min(1) }).nullish(),
  user: z.looseObject({ id: z.string().min(1), team_id: z.string().optional() }),
});

/**
 * POST /slack/interactions (interactivity: block actions, shortcuts, view submissions).
 * Verified exactly like events, over the raw form body; then the `payload` field's JSON goes
 * to the first handler that matches. A forged or stale request gets 401 and runs nothing.
 */
export function slackInteractionsRoutes(deps: SlackInteractionsDeps): Router {
  const router = Router();
  router.post('/slack/interactions', rawSlackBody(deps), async (req, res) => {
    const body = verifiedSlackBody(deps, req, res, 'interaction');
    if (!body) return;
    const parsed = interaction.safeParse(parsePayload(body));
    if (!parsed.success) {
      res.status(400).json({ error: { code: 'INVALID_PAYLOAD', message: 'The interaction payload is missing or malformed' } });
      return;
    }
    const payload = parsed.data as unknown as SlackInteraction;
    const teamId = payload.team?.id ?? payload.user?.team_id;
    const userId = payload.user!.id!;
    if (!teamId) {
      res.status(400).json({ error: { code: 'INVALID_PAYLOAD', message: 'The interaction payload names no workspace' } });
      return;
    }
    const handler = deps.handlers.find((h) => h.matches(payload));
    if (!handler) {
      deps.logger.debug({ type: payload.type, teamId }, 'Slack interaction not handled');
      res.sendStatus(200);
      return;
    }
    const reply = await handler.handle({ interaction: payload, teamId, userId, queue: deps.queue, clock: deps.clock, logger: deps.logger });
    deps.logger.debug({ type: payload.type, teamId, handler: handler.name }, 'Slack interaction');
    if (reply.body) res.status(200).json(reply.body);
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
