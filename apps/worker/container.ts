import { Container } from 'inversify';
import type { Logger } from '../../adapters/logging/logger';
import { timeAnswerJobs } from '../../adapters/metrics/answer-timing';
import type { TomoMetrics } from '../../adapters/metrics/prometheus-metrics';
import { PgCustomerRepository } from '../../adapters/postgres/pg-customer-repository';
import { PgInstallationRepository } from '../../adapters/postgres/pg-installation-repository';
import { PgMeterUsageOutbox } from '../../adapters/postgres/pg-meter-usage-outbox';
import { PgProcessedEventLog } from '../../adapters/postgres/pg-processed-event-log';
import { PgSeatAssignmentRepository } from '../../adapters/postgres/pg-seat-assignment-repository';
import { PgSubscriptionRepository } from '../../adapters/postgres/pg-subscription-repository';
import type { Database } from '../../adapters/postgres/database';
import type { JobHandler, PgBossJobQueue } from '../../adapters/queue/pg-boss-job-queue';
import { stripeGatewayFromEnv } from '../../adapters/stripe/stripe-gateway-factory';
import { SystemClock } from '../../adapters/system/system-clock';
import { UuidIdGenerator } from '../../adapters/system/uuid-id-generator';
import { ApplyStripeEvent } from '../../core/billing/apply-stripe-event.use-case';
import { CancelWorkspaceSubscriptions } from '../../core/billing/cancel-workspace-subscriptions.use-case';
import type { PaymentGateway } from '../../core/billing/payment-gateway.port';
import { ReportMeterUsage } from '../../core/billing/report-meter-usage.use-case';
import { SyncPaidSubscription } from '../../core/billing/sync-paid-subscription.use-case';
import { Housekeeping } from '../../core/workspace/housekeeping.use-case';
import { PgSessionStore } from '../../adapters/postgres/pg-session-store';
import { PgAssistantThreadRepository, PgAutoReplyCounter, PgTriggerInputStash } from '../../adapters/postgres/pg-trigger-state';
import { secretBoxFromConfig } from '../shared/secret-box';
import { QUEUES } from '../shared/queues';
import { SLACK_QUEUES } from '../shared/slack-jobs';
import type { WorkerConfig } from './config';
import { billingCancelWorkspaceJob } from './jobs/billing-cancel-workspace.job';
import { billingMeterEventsJob } from './jobs/billing-meter-events.job';
import { billingWebhookJob } from './jobs/billing-webhook.job';
import { housekeepingJob } from './jobs/housekeeping.job';
import { knowledgeIngestJobHandler } from './jobs/knowledge-ingest.job';
import { knowledgeTermsJob } from './jobs/knowledge-terms.job';
import { integrationTools, type IntegrationTools } from './integration-tools';
import { knowledgeServices, type KnowledgeServices } from './knowledge';
import { KNOWLEDGE_QUEUES } from '../shared/knowledge-jobs';
import { pingJob } from './jobs/ping.job';
import { slackJobHandlers } from './jobs/slack-handlers.job';

export const WORKER_TYPES = {
  Config: Symbol.for('WorkerConfig'),
  Logger: Symbol.for('Logger'),
  Database: Symbol.for('Database'),
  Queue: Symbol.for('JobQueue'),
  Handlers: Symbol.for('JobHandlers'),
  PaymentGateway: Symbol.for('PaymentGateway'),
  BillingJobs: Symbol.for('BillingJobHandlers'),
  SlackJobs: Symbol.for('SlackJobHandlers'),
  Integrations: Symbol.for('IntegrationTools'),
  Knowledge: Symbol.for('KnowledgeServices'),
} as const;

export interface WorkerDependencies {
  config: WorkerConfig;
  logger: Logger;
  database: Database;
  queue: PgBossJobQueue;
  /** Answer latency, active streams and LLM errors are recorded here when given. */
  metrics?: TomoMetrics;
}

/**
 * Composition root of the worker: binds ports to adapters and jobs to queues. Singletons, as the
 * server's: each service is built once and handed to everything that needs it.
 */
export function buildWorkerContainer(deps: WorkerDependencies): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.bind(WORKER_TYPES.Config).toConstantValue(deps.config);
  container.bind(WORKER_TYPES.Logger).toConstantValue(deps.logger);
  container.bind(WORKER_TYPES.Database).toConstantValue(deps.database);
  container.bind(WORKER_TYPES.Queue).toConstantValue(deps.queue);
  // The integrations' connections, tools and readers, for the answer tools, knowledge's private repositories and the trigger jobs.
  container
    .bind<IntegrationTools>(WORKER_TYPES.Integrations)
    .toResolvedValue((config: WorkerConfig, database: Database, logger: Logger) => integrationTools(config, database, logger), [
      WORKER_TYPES.Config,
      WORKER_TYPES.Database,
      WORKER_TYPES.Logger,
    ]);
  // One vector store for the answers' search tools, ingestion and the terms backfill.
  container
    .bind<KnowledgeServices>(WORKER_TYPES.Knowledge)
    .toResolvedValue(
      (config: WorkerConfig, database: Database, logger: Logger, integrations: IntegrationTools) => knowledgeServices(config, database, logger, integrations),
      [WORKER_TYPES.Config, WORKER_TYPES.Database, WORKER_TYPES.Logger, WORKER_TYPES.Integrations],
    );
  // null when STRIPE_SECRET_KEY is unset: billing jobs complete without doing anything.
  container
    .bind<PaymentGateway | null>(WORKER_TYPES.PaymentGateway)
    .toResolvedValue((config: WorkerConfig) => stripeGatewayFromEnv(config), [WORKER_TYPES.Config]);
  container
    .bind<Record<string, JobHandler>>(WORKER_TYPES.BillingJobs)
    .toResolvedValue(
      (gateway: PaymentGateway | null, database: Database, logger: Logger, config: WorkerConfig) => {
        const { orm } = database;
        const clock = new SystemClock();
        const customers = new PgCustomerRepository(orm);
        const subscriptions = new PgSubscriptionRepository(orm);
        const syncPaidSubscription = new SyncPaidSubscription({ subscriptions, seats: new PgSeatAssignmentRepository(orm), clock, ids: new UuidIdGenerator() });
        const processedEvents = new PgProcessedEventLog(orm, 'stripe');
        return {
          [QUEUES.billingWebhook.name]: billingWebhookJob({
            apply:
              gateway &&
              new ApplyStripeEvent({
                gateway,
                customers,
                // Read only for uninstalledAt (a paid Checkout after an uninstall is canceled at once).
                installations: new PgInstallationRepository(orm, secretBoxFromConfig(config)),
                subscriptions,
                syncPaidSubscription,
                processedEvents,
                clock,
              }),
            logger,
          }),
          [QUEUES.billingMeterEvents.name]: billingMeterEventsJob({
            report: gateway && new ReportMeterUsage({ gateway, outbox: new PgMeterUsageOutbox(orm), clock }),
            logger,
          }),
          [QUEUES.billingCancelWorkspace.name]: billingCancelWorkspaceJob({
            cancel: gateway && new CancelWorkspaceSubscriptions({ gateway, customers, subscriptions, syncPaidSubscription, clock }),
            logger,
          }),
        };
      },
      [WORKER_TYPES.PaymentGateway, WORKER_TYPES.Database, WORKER_TYPES.Logger, WORKER_TYPES.Config],
    );
  // Slack: every trigger's queue (answers, reactions, workflow steps, summaries, light events) and uninstalls.
  container
    .bind<Record<string, JobHandler>>(WORKER_TYPES.SlackJobs)
    .toResolvedValue(
      (config: WorkerConfig, database: Database, queue: PgBossJobQueue, logger: Logger, knowledge: KnowledgeServices, integrations: IntegrationTools) => {
        const handlers = slackJobHandlers(config, database, queue, logger, { knowledge, integrations }, deps.metrics);
        const answer = handlers[SLACK_QUEUES.slackAnswer.name];
        return deps.metrics && answer ? { ...handlers, [SLACK_QUEUES.slackAnswer.name]: timeAnswerJobs(answer) } : handlers;
      },
      [WORKER_TYPES.Config, WORKER_TYPES.Database, WORKER_TYPES.Queue, WORKER_TYPES.Logger, WORKER_TYPES.Knowledge, WORKER_TYPES.Integrations],
    );
  container
    .bind<Record<string, JobHandler>>(WORKER_TYPES.Handlers)
    .toResolvedValue(
      (
        billing: Record<string, JobHandler>,
        slack: Record<string, JobHandler>,
        database: Database,
        logger: Logger,
        config: WorkerConfig,
        knowledge: KnowledgeServices,
      ) => ({
        [QUEUES.ping.name]: pingJob,
        [QUEUES.housekeeping.name]: housekeepingJob({
          housekeeping: new Housekeeping({
            clock: new SystemClock(),
            sessions: new PgSessionStore(database.orm),
            eventLogs: [new PgProcessedEventLog(database.orm, 'slack'), new PgProcessedEventLog(database.orm, 'stripe')],
            triggerState: {
              stash: new PgTriggerInputStash(database.orm, secretBoxFromConfig(config)),
              autoReplyCounts: new PgAutoReplyCounter(database.orm),
              assistantThreads: new PgAssistantThreadRepository(database.orm),
            },
          }),
          logger,
        }),
        [KNOWLEDGE_QUEUES.knowledgeIngest.name]: knowledgeIngestJobHandler({
          ingest: knowledge.ingest(deps.queue),
          logger,
        }),
        [KNOWLEDGE_QUEUES.knowledgeTerms.name]: knowledgeTermsJob({ backfill: knowledge.termsBackfill, queue: deps.queue, logger }),
        ...billing,
        ...slack,
      }),
      [WORKER_TYPES.BillingJobs, WORKER_TYPES.SlackJobs, WORKER_TYPES.Database, WORKER_TYPES.Logger, WORKER_TYPES.Config, WORKER_TYPES.Knowledge],
    );
  return container;
}
