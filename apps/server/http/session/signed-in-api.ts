import { randomBytes } from 'node:crypto';
import { Router } from 'express';
import type { Logger } from '../../../../adapters/logging/logger';
import { SignInUser } from '../../../../core/workspace/sign-in-user.use-case';
import { authRoutes } from '../auth/auth.routes';
import { SignInCookieSealer } from '../auth/sign-in-cookie';
import { SlackOidc } from '../auth/slack-oidc';
import { IntegrationConnections } from '../../../../core/integrations/integration-connections';
import { ConnectCookieSealer } from '../integrations/connect-cookie';
import { integrationAuthRoutes } from '../integrations/integration-auth.routes';
import { settingsRoutes } from '../settings/settings.routes';
import { slackApiRoutes } from '../slack-api/slack-api.routes';
import { cookieIsSecure } from './session-cookie';
import { SessionService } from './session-service';
import { endDeactivatedSessions } from './deactivated-accounts';
import { loadSession, rejectForeignTeam } from './signed-in';
import { userContextRoutes } from './user-context.routes';
import { WorkspaceAccess } from './workspace-access';
import type { SignedInPorts } from './signed-in-ports';
import { youTubeVideoRoutes } from '../integrations/youtube-videos.routes';
import { isBrowserFormPost } from '../billing/billing-form-errors';

export type { SignedInPorts };

export interface SignedInConfig {
  PUBLIC_URL: string;
  SESSION_SECRET?: string | undefined;
  SLACK_CLIENT_ID?: string | undefined;
  SLACK_CLIENT_SECRET?: string | undefined;
  SLACK_OIDC_ISSUER: string;
}

/**
 * Everything behind Sign in with Slack: /auth/*, GET /api/me, the calls of spec section 7
 * and /api/settings/*. The session is loaded once for /api and /auth (and, for /api, ended when
 * Slack says the account is deactivated); each router then requires it and takes the team id
 * from it alone.
 */
export function signedInApi(config: SignedInConfig, logger: Logger, ports: SignedInPorts): Router {
  const sessions = new SessionService({ sessions: ports.sessions, clock: ports.clock });
  const access = new WorkspaceAccess({ directory: ports.directory, logger });
  const cookies = { secure: cookieIsSecure(config.PUBLIC_URL) };
  const secret = config.SESSION_SECRET ?? ephemeralSecret(logger);
  const oidc =
    config.SLACK_CLIENT_ID && config.SLACK_CLIENT_SECRET
      ? new SlackOidc(
          {
            issuer: config.SLACK_OIDC_ISSUER,
            clientId: config.SLACK_CLIENT_ID,
            clientSecret: config.SLACK_CLIENT_SECRET,
            redirectUri: new URL('/auth/callback', config.PUBLIC_URL).href,
          },
          logger,
        )
      : undefined;

  const router = Router();
  router.use(['/api', '/auth'], loadSession(sessions, cookies));
  router.use('/api', endDeactivatedSessions(access, sessions, logger));
  // Tenancy on every signed-in call, not only the settings and spec 7 ones: /api/me,
  // /api/session, /api/get-youtube-videos, /api/auth/* and whatever is added later refuse a
  // request naming another workspace with 403 too. A browser's form post (Subscribe, Manage,
  // wallet setup) is left to the billing router, whose same guard sends it back to its page.
  router.use('/api', (req, res, next) => (isBrowserFormPost(req) ? next() : rejectForeignTeam(req, res, next)));
  router.use(
    authRoutes({
      oidc,
      sealer: new SignInCookieSealer(secret),
      sessions,
      usedStates: ports.usedAuthStates,
      signInUser: new SignInUser({ users: ports.users, clock: ports.clock }),
      clock: ports.clock,
      logger,
      publicUrl: config.PUBLIC_URL,
      cookies,
    }),
  );
  const integrations = new IntegrationConnections({
    tokens: ports.oauthTokens,
    oauth: ports.integrationOAuth,
    lock: ports.connectionLock,
    clock: ports.clock,
    log: logger,
  });
  router.use(
    integrationAuthRoutes({
      connections: integrations,
      installations: ports.installations,
      users: ports.users,
      oauth: ports.integrationOAuth,
      sealer: new ConnectCookieSealer(secret),
      usedStates: ports.usedAuthStates,
      clock: ports.clock,
      logger,
      publicUrl: config.PUBLIC_URL,
      cookies,
    }),
  );
  router.use(youTubeVideoRoutes({ connections: integrations, endpoints: ports.integrationEndpoints, logger }));
  router.use(userContextRoutes({ ...ports, access, logger }));
  router.use(slackApiRoutes({ ...ports, access, logger, publicUrl: config.PUBLIC_URL }));
  router.use(settingsRoutes({ ...ports, access, logger, publicUrl: config.PUBLIC_URL, integrations }));
  return router;
}

function ephemeralSecret(logger: Logger): string {
  logger.warn('SESSION_SECRET is not set: sign-ins in progress do not survive a restart or reach another instance');
  return randomBytes(32).toString('hex');
}
