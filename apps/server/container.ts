import type { Express, Router } from 'express';
import { Container } from 'inversify';
import type { Logger } from '../../adapters/logging/logger';
import type { TomoMetrics } from '../../adapters/metrics/prometheus-metrics';
import type { Database } from '../../adapters/postgres/database';
import type { JobQueue } from '../../core/shared/job-queue.port';
import type { ComponentStates } from '../shared/health';
import { databaseReadiness } from '../shared/readiness';
import { createApp } from './app';
import type { ServerConfig } from './config';
import type { ReadinessProbe } from './http/health-routes';
import { publicConfigRoutes } from './http/public-config.routes';
import { billingRoutes } from './http/billing/billing.routes';
import { signedInApi, type SignedInPorts } from './http/session/signed-in-api';
import { billingHttpDeps } from './billing-http-deps';
import { signedInPorts } from './signed-in-ports';
import { slackIngress, slackRoutes } from './http/slack/slack.routes';
import type { SlackIngress } from './http/slack/slack-ingress';
import { metricsRoutes } from './http/metrics-routes';

export const SERVER_TYPES = {
  Config: Symbol.for('ServerConfig'),
  Logger: Symbol.for('Logger'),
  Database: Symbol.for('Database'),
  JobQueue: Symbol.for('JobQueue'),
  Readiness: Symbol.for('ReadinessProbe'),
  App: Symbol.for('ExpressApp'),
  SignedInPorts: Symbol.for('SignedInPorts'),
  SignedInApi: Symbol.for('SignedInApi'),
  BillingRoutes: Symbol.for('BillingRoutes'),
  SlackRoutes: Symbol.for('SlackRoutes'),
  SlackIngress: Symbol.for('SlackIngress'),
} as const;

export interface ServerDependencies {
  config: ServerConfig;
  logger: Logger;
  database: Database;
  queue: JobQueue;
  /** This process's metrics; served at /metrics with METRICS_TOKEN. Absent in most tests. */
  metrics?: TomoMetrics;
  /** Routers a start-up adds beside the app's own (the playground's). */
  extraRoutes?: Router[];
  /** States `/readyz` shows beside its status (Socket Mode's); the internal port's `/readyz` shows the same. */
  components?: ComponentStates;
}

/** Composition root of the HTTP server: binds ports to adapters from configuration. */
export function buildServerContainer(deps: ServerDependencies): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.bind(SERVER_TYPES.Config).toConstantValue(deps.config);
  container.bind(SERVER_TYPES.Logger).toConstantValue(deps.logger);
  container.bind(SERVER_TYPES.Database).toConstantValue(deps.database);
  container.bind(SERVER_TYPES.JobQueue).toConstantValue(deps.queue);
  container
    .bind<ReadinessProbe>(SERVER_TYPES.Readiness)
    .toResolvedValue(
      (database: Database): ReadinessProbe => ({
        ...databaseReadiness(database),
        ...(deps.components ? { details: () => deps.components!.snapshot() } : {}),
      }),
      [SERVER_TYPES.Database],
    );
  // Sign in with Slack, /api/me, the spec-7 calls and the settings API.
  container
    .bind<SignedInPorts>(SERVER_TYPES.SignedInPorts)
    .toResolvedValue((config: ServerConfig, database: Database, logger: Logger) => signedInPorts(config, database, logger), [
      SERVER_TYPES.Config,
      SERVER_TYPES.Database,
      SERVER_TYPES.Logger,
    ]);
  container
    .bind<Router>(SERVER_TYPES.SignedInApi)
    .toResolvedValue((config: ServerConfig, logger: Logger, ports: SignedInPorts) => signedInApi(config, logger, ports), [
      SERVER_TYPES.Config,
      SERVER_TYPES.Logger,
      SERVER_TYPES.SignedInPorts,
    ]);
  // Stripe: checkout, portal, webhook, seat and auto-renew changes (503 while STRIPE_SECRET_KEY is unset).
  container
    .bind<ReturnType<typeof billingRoutes>>(SERVER_TYPES.BillingRoutes)
    .toResolvedValue(
      (config: ServerConfig, logger: Logger, database: Database, queue: JobQueue, ports: SignedInPorts) =>
        billingRoutes(billingHttpDeps({ config, logger, database, queue, ports })),
      [SERVER_TYPES.Config, SERVER_TYPES.Logger, SERVER_TYPES.Database, SERVER_TYPES.JobQueue, SERVER_TYPES.SignedInPorts],
    );
  // Slack ingress (events and interactions → dedupe → ids-only jobs), fed by HTTP and by Socket Mode.
  container
    .bind<SlackIngress>(SERVER_TYPES.SlackIngress)
    .toResolvedValue(
      (config: ServerConfig, logger: Logger, database: Database, queue: JobQueue) => slackIngress(config, logger, database, queue),
      [SERVER_TYPES.Config, SERVER_TYPES.Logger, SERVER_TYPES.Database, SERVER_TYPES.JobQueue],
    );
  // Slack: install (OAuth v2), Events API ingress (signed raw body → SlackIngress), public app icons.
  container
    .bind<Router>(SERVER_TYPES.SlackRoutes)
    .toResolvedValue(
      (config: ServerConfig, logger: Logger, database: Database, ingress: SlackIngress) => slackRoutes(config, logger, database, ingress),
      [SERVER_TYPES.Config, SERVER_TYPES.Logger, SERVER_TYPES.Database, SERVER_TYPES.SlackIngress],
    );
  container
    .bind<Express>(SERVER_TYPES.App)
    .toResolvedValue(
      (
        config: ServerConfig,
        logger: Logger,
        readiness: ReadinessProbe,
        signedIn: Router,
        billing: ReturnType<typeof billingRoutes>,
        slack: Router,
      ) =>
        createApp({
          logger,
          readiness,
          rawBodyRoutes: [billing.webhook, slack],
          bodyLimit: config.BODY_LIMIT,
          // Up to MAX_ICON_BYTES (50 MB): Node's own 300 s requestTimeout bounds it, after the route's sign-in and rights checks.
          uploadPaths: ['/api/settings/app/icon'],
          publicUrl: config.PUBLIC_URL,
          metrics: deps.metrics,
          policySources: {
            analyticsScriptUrl: config.ANALYTICS_SCRIPT_URL,
            bookingUrl: config.BOOKING_URL,
            stripeApiUrl: config.STRIPE_API_URL,
            stripeCustomDomainUrl: config.STRIPE_CUSTOM_DOMAIN_URL,
          },
          rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
          trustProxy: config.TRUST_PROXY,
          webDistDir: config.WEB_DIST_DIR,
          routes: [
            ...(deps.extraRoutes ?? []),
            metricsRoutes(deps.metrics, config.METRICS_TOKEN),
            publicConfigRoutes({
              billingEnabled: config.billingEnabled,
              analyticsScriptUrl: config.ANALYTICS_SCRIPT_URL,
              bookingUrl: config.BOOKING_URL,
            }),
            signedIn,
            billing.api,
          ],
        }),
      [
        SERVER_TYPES.Config,
        SERVER_TYPES.Logger,
        SERVER_TYPES.Readiness,
        SERVER_TYPES.SignedInApi,
        SERVER_TYPES.BillingRoutes,
        SERVER_TYPES.SlackRoutes,
      ],
    );
  return container;
}
