import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import type { Logger } from '../../../../adapters/logging/logger';
import type { SubscriptionRepository } from '../../../../core/billing/subscription-repository.port';
import type { Clock } from '../../../../core/shared/clock.port';
import type { Tokenizer } from '../../../../core/shared/tokenizer.port';
import type { WorkspaceDirectory } from '../../../../core/workspace/workspace-directory.port';
import { WorkspaceNotInstalledError } from '../../../../core/workspace/workspace-directory.port';
import { translate } from '../../../shared/messages';
import { sendHttpError } from '../session/api-errors';
import { requestLocale } from '../session/request-locale';
import { sameOriginOnly } from '../session/same-origin';
import { listedMembers, rejectForeignTeam, requireSignIn, signedIn } from '../session/signed-in';
import { parseBody } from '../settings/validation';
import { readableBodyOnly } from '../input-guard';
import type { WorkspaceAccess } from '../session/workspace-access';
import { activeSubscriptions, channelView, memberView } from './views';
import { unnamedTexts } from '../session/unnamed-texts';

export interface SlackApiDeps {
  directory: WorkspaceDirectory;
  access: WorkspaceAccess;
  subscriptions: SubscriptionRepository;
  tokenizer: Tokenizer;
  clock: Clock;
  logger: Logger;
  /** PUBLIC_URL: the one site whose pages may post here. */
  publicUrl: string;
}

/** Longest text the token counter accepts in one request (characters). */
const MAX_COUNT_CHARS = 200_000;

const tokenCountBody = z.union([
  z.object({ text: z.string().max(MAX_COUNT_CHARS) }),
  z.object({ texts: z.array(z.string().max(MAX_COUNT_CHARS)).max(100) }),
]);

/**
 * The calls of spec section 7. `teamId` (and `userId`) in the query may only repeat the
 * session's own: another workspace or person is refused with 403. A post (the token counter)
 * must come from Tomo's own pages, as every other signed-in post: another site's form or
 * script gets 403 `CROSS_SITE` before it runs with the visitor's session.
 */
export function slackApiRoutes(deps: SlackApiDeps): Router {
  const router = Router();
  router.use(
    ['/api/slack', '/api/search-active-subscriptions', '/api/openai'],
    requireSignIn,
    rejectForeignTeam,
    sameOriginOnly(deps.publicUrl),
    readableBodyOnly([]),
  );

  const failed = (req: Request, res: Response, what: string, error: unknown) => {
    deps.logger.error({ err: error, teamId: signedIn(res).teamId }, `${what} failed`);
    res.status(500).json({ statusCode: 500, error: { code: 'UNKNOWN', message: translate('UNKNOWN', {}, requestLocale(req)) } });
  };

  // An array; on failure an object with statusCode 500, which the pages treat as an empty list.
  // The list read for this request when its session was checked (listedMembers): Slack is asked once.
  router.get('/api/slack/get-members-list', async (req, res) => {
    const listed = listedMembers(res) ?? (await deps.access.members(signedIn(res).teamId));
    if (!listed.failed) res.json(listed.members.map((m) => memberView(m, unnamedTexts(req).noName)));
    else if (listed.error instanceof WorkspaceNotInstalledError) res.json([]);
    else failed(req, res, 'member list', listed.error);
  });

  router.get('/api/slack/get-channels-list', async (req, res) => {
    const user = signedIn(res);
    // Repeated (`?userId=<own>&userId=<other>`) it is an array: every value must be the session's.
    const named = req.query.userId;
    if ((Array.isArray(named) ? named : [named]).some((id) => id !== undefined && id !== '' && id !== user.userId)) {
      sendHttpError(req, res, 403, 'USER_MISMATCH');
      return;
    }
    try {
      const { noName } = unnamedTexts(req);
      res.json({ channels: (await deps.access.channels(user, listedMembers(res)?.members)).map((c) => channelView(c, noName)) });
    } catch (error) {
      if (error instanceof WorkspaceNotInstalledError) res.json({ channels: [] });
      else failed(req, res, 'channel list', error);
    }
  });

  router.get('/api/slack/get-team-info', async (req, res) => {
    const { teamId } = signedIn(res);
    try {
      const team = await deps.directory.teamInfo(teamId);
      res.json({ id: team.id, name: team.name, domain: team.domain, teamName: team.name });
    } catch (error) {
      // The team name is decoration: a failure is logged and the page goes on without it.
      deps.logger.warn({ err: error, teamId }, 'team info failed');
      res.json({ id: teamId, name: null, domain: null, teamName: null });
    }
  });

  router.get('/api/search-active-subscriptions', async (req, res) => {
    try {
      const records = await deps.subscriptions.listByTeam(signedIn(res).teamId);
      res.json(activeSubscriptions(records, deps.clock.now()));
    } catch (error) {
      failed(req, res, 'subscription lookup', error);
    }
  });

  router.post('/api/openai/calculate-token-count', (req, res) => {
    const body = parseBody(tokenCountBody, req, res);
    if (!body) return;
    if ('text' in body) {
      res.json({ tokenCount: deps.tokenizer.countTokens(body.text) });
      return;
    }
    const tokenCounts = body.texts.map((t) => deps.tokenizer.countTokens(t));
    res.json({ tokenCount: tokenCounts.reduce((a, b) => a + b, 0), tokenCounts });
  });

  return router;
}
