import { Container } from 'inversify';
import type { Logger } from '../../adapters/logging/logger';
import type { Database } from '../../adapters/postgres/database';
import type { JobHandler, PgBossJobQueue } from '../../adapters/queue/pg-boss-job-queue';
import { QUEUES } from '../shared/queues';
import type { WorkerConfig } from './config';
import { pingJob } from './jobs/ping.job';

export const WORKER_TYPES = {
  Config: Symbol.for('WorkerConfig'),
  Logger: Symbol.for('Logger'),
  Database: Symbol.for('Database'),
  Queue: Symbol.for('JobQueue'),
  Handlers: Symbol.for('JobHandlers'),
} as const;

export interface WorkerDependencies {
  config: WorkerConfig;
  logger: Logger;
  database: Database;
  queue: PgBossJobQueue;
}

/** Composition root of the worker: binds ports to adapters and jobs to queues. */
export function buildWorkerContainer(deps: WorkerDependencies): Container {
  const container = new Container();
  container.bind(WORKER_TYPES.Config).toConstantValue(deps.config);
  container.bind(WORKER_TYPES.Logger).toConstantValue(deps.logger);
  container.bind(WORKER_TYPES.Database).toConstantValue(deps.database);
  container.bind(WORKER_TYPES.Queue).toConstantValue(deps.queue);
  container.bind<Record<string, JobHandler>>(WORKER_TYPES.Handlers).toConstantValue({
    [QUEUES.ping.name]: pingJob,
  });
  return container;
}
