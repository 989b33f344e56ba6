import type { Logger } from '../../adapters/logging/logger';
import type { Database } from '../../adapters/postgres/database';
import type { JobHandler, PgBossJobQueue } from '../../adapters/queue/pg-boss-job-queue';
import type { WorkerConfig } from './config';
import { buildWorkerContainer, WORKER_TYPES } from './container';

export interface RunningWorker {
  stop(): Promise<void>;
}

/** Registers every job handler on its queue. Stopping lets running jobs finish first. */
export async function startWorker(deps: {
  config: WorkerConfig;
  logger: Logger;
  database: Database;
  queue: PgBossJobQueue;
}): Promise<RunningWorker> {
  const container = buildWorkerContainer(deps);
  const handlers = container.get<Record<string, JobHandler>>(WORKER_TYPES.Handlers);
  for (const [queue, handler] of Object.entries(handlers)) {
    await deps.queue.work(queue, handler, { concurrency: deps.config.WORKER_CONCURRENCY });
  }
  deps.logger.info({ queues: Object.keys(handlers) }, 'worker started');
  return {
    stop: () => deps.queue.stopWorking(),
  };
}
