import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { youTubeVideos } from '../../../../adapters/integrations/google';
import { providerCall, withAskerToken } from '../../../../adapters/integrations/integration-tool';
import { ProviderHttpError } from '../../../../adapters/integrations/provider-http';
import type { IntegrationEndpoints } from '../../../../adapters/integrations/integration-settings';
import type { Logger } from '../../../../adapters/logging/logger';
import type { IntegrationConnections } from '../../../../core/integrations/integration-connections';
import { translate } from '../../../shared/messages';
import { requestLocale } from '../session/request-locale';
import { requireSignIn, signedIn } from '../session/signed-in';

type Code = 'INVALID' | 'NOT_CONNECTED' | 'RECONNECT_NEEDED' | 'UNAVAILABLE';

/** A refusal with its catalogue code (`YOUTUBE.*`, ServerMessageCodes) and text in the asker's language. */
function fail(req: Request, res: Response, status: number, code: Code): void {
  res.status(status).json({ error: { code: `YOUTUBE.${code}`, message: translate(`YOUTUBE.${code}`, {}, requestLocale(req)) } });
}

const query = z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) });

/**
 * GET /api/get-youtube-videos (spec 7): the signed-in person's own uploads, read with their
 * YouTube connection (refreshed first when it is about to expire). Team and person come from
 * the session; nobody else's connection is ever used. Nothing is stored.
 */
export function youTubeVideoRoutes(deps: { connections: IntegrationConnections; endpoints: IntegrationEndpoints; logger: Logger }): Router {
  return Router().get('/api/get-youtube-videos', requireSignIn, async (req, res) => {
    const parsed = query.safeParse(req.query);
    if (!parsed.success) return fail(req, res, 400, 'INVALID');
    const { teamId, userId } = signedIn(res);
    const token = await deps.connections.tokenFor(teamId, userId, 'youtube');
    const notUsable = async () => fail(req, res, 409, (await deps.connections.needsReconnect(teamId, userId, 'youtube')) ? 'RECONNECT_NEEDED' : 'NOT_CONNECTED');
    if (token === undefined) return notUsable();
    res.setHeader('Cache-Control', 'no-store');
    // A 401 (revoked at Google, or expired before its recorded expiry) refreshes the connection
    // if Google still allows it, else marks it "reconnect needed"; a fresh token is tried once more.
    const refused = (team: string, user: string, provider: string, dead: string) => deps.connections.refusedByProvider(team, user, provider, dead);
    const signal = AbortSignal.timeout(15_000);
    try {
      const { videos } = await withAskerToken(refused, { teamId, userId }, 'youtube', token, (current) =>
        youTubeVideos(deps.endpoints, providerCall(deps.endpoints, 'youtube', current, signal), parsed.data.limit),
      );
      res.json({ videos });
    } catch (error) {
      if (error instanceof ProviderHttpError && error.status === 401 && (await deps.connections.tokenFor(teamId, userId, 'youtube')) === undefined) {
        return notUsable();
      }
      deps.logger.warn({ err: error, teamId }, 'YouTube videos could not be listed');
      fail(req, res, 502, 'UNAVAILABLE');
    }
  });
}
