import { randomBytes } from 'node:crypto';
import { Router } from 'express';
import type { Logger } from '../../../../adapters/logging/logger';
import type { Database } from '../../../../adapters/postgres/database';
import { createPgRepositories } from '../../../../adapters/postgres/pg-repositories';
import { SystemClock } from '../../../../adapters/system/system-clock';
import type { JobQueue } from '../../../../core/shared/job-queue.port';
import { InstallWorkspace } from '../../../../core/workspace/install-workspace.use-case';
import { secretBoxFromConfig } from '../../../shared/secret-box';
import type { ServerConfig } from '../../config';
import { cookieIsSecure } from '../session/session-cookie';
import { InstallStateSigner } from './install-state';
import { INTERACTION_HANDLERS } from './interactions/interaction-handlers';
import { knowledgeHandler } from './interactions/knowledge-wiring';
import { slackEventsRoutes } from './slack-events.routes';
import { SlackIngress } from './slack-ingress';
import { slackInteractionsRoutes } from './slack-interactions.routes';
import { slackIconRoutes } from './slack-icons.routes';
import { slackInstallRoutes } from './slack-install.routes';
import { responseUrlPoster } from './response-url';
import { TomoBotUsers } from './tomo-bot-users';

/** The one ingress both transports feed: signed HTTP requests and Socket Mode envelopes. */
export function slackIngress(config: ServerConfig, logger: Logger, database: Database, queue: JobQueue): SlackIngress {
  const repositories = createPgRepositories(database.orm, secretBoxFromConfig(config));
  const clock = new SystemClock();
  const handlers = [...INTERACTION_HANDLERS, knowledgeHandler(config, database, repositories, queue, clock)];
  const botUsers = new TomoBotUsers(repositories.installations, clock);
  const respond = responseUrlPoster(config.SLACK_API_URL, logger);
  return new SlackIngress({ queue, stash: repositories.triggerInputs, handlers, botUsers, respond, clock, logger });
}

/** Everything under /slack: install, Events API and interactivity ingress, public icons. */
export function slackRoutes(config: ServerConfig, logger: Logger, database: Database, ingress: SlackIngress): Router {
  const repositories = createPgRepositories(database.orm, secretBoxFromConfig(config));
  const clock = new SystemClock();
  const router = Router();
  const verification = { signingSecret: config.SLACK_SIGNING_SECRET, clock, logger, bodyLimit: config.BODY_LIMIT };
  router.use(slackEventsRoutes({ ...verification, ingress }));
  router.use(slackInteractionsRoutes({ ...verification, ingress }));
  router.use(
    slackInstallRoutes({
      oauth:
        config.SLACK_CLIENT_ID && config.SLACK_CLIENT_SECRET
          ? { clientId: config.SLACK_CLIENT_ID, clientSecret: config.SLACK_CLIENT_SECRET, slackApiUrl: config.SLACK_API_URL }
          : undefined,
      installWorkspace: new InstallWorkspace({
        installations: repositories.installations,
        subscriptions: repositories.subscriptions,
        clock,
      }),
      states: new InstallStateSigner(config.SESSION_SECRET ?? ephemeralSecret(logger)),
      usedStates: repositories.usedAuthStates,
      clock,
      logger,
      publicUrl: config.PUBLIC_URL,
      cookies: { secure: cookieIsSecure(config.PUBLIC_URL) },
    }),
  );
  router.use(slackIconRoutes({ customizations: repositories.appCustomizations, icons: repositories.iconStorage }));
  return router;
}

function ephemeralSecret(logger: Logger): string {
  logger.warn('SESSION_SECRET is not set: Slack installs in progress do not survive a restart or reach another instance');
  return randomBytes(32).toString('hex');
}
