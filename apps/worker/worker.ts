import type { Logger } from '../../adapters/logging/logger';
import type { Database } from '../../adapters/postgres/database';
import type { TomoMetrics } from '../../adapters/metrics/prometheus-metrics';
import type { JobHandler, PgBossJobQueue } from '../../adapters/queue/pg-boss-job-queue';
import { waitingForDatabase } from '../shared/infrastructure';
import { ALL_QUEUES } from '../shared/queues';
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
  metrics?: TomoMetrics;
}): Promise<RunningWorker> {
  const container = buildWorkerContainer(deps);
  const handlers = container.get<Record<string, JobHandler>>(WORKER_TYPES.Handlers);
  const dispatched = new Set(ALL_QUEUES.filter((q) => q.dispatched).map((q) => q.name));
  for (const [queue, handler] of Object.entries(handlers)) {
    await deps.queue.work(
      queue,
      handler,
      dispatched.has(queue)
        ? { concurrency: deps.config.ANSWER_CONCURRENCY, groupConcurrency: deps.config.WORKSPACE_ANSWER_CONCURRENCY }
        : { concurrency: deps.config.WORKER_CONCURRENCY },
    );
  }
  const waiting = waitingForDatabase(deps.config, deps.logger);
  for (const definition of ALL_QUEUES) {
    if (definition.cron && handlers[definition.name]) await waiting(() => deps.queue.schedule(definition.name, definition.cron!));
    if (definition.atStart && handlers[definition.name]) await waiting(() => deps.queue.send(definition.name, {}));
  }
  deps.logger.info({ queues: Object.keys(handlers) }, 'worker started');
  return {
    stop: () => deps.queue.stopWorking(deps.config.SHUTDOWN_TIMEOUT_MS),
  };
}
