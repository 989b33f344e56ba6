import type { Logger } from '../../adapters/logging/logger';
import { openDatabase, type Database } from '../../adapters/postgres/database';
import { PgBossJobQueue } from '../../adapters/queue/pg-boss-job-queue';
import { ALL_QUEUES } from '../../apps/shared/queues';
import { loadWorkerConfig } from '../../apps/worker/config';
import { startWorker, type RunningWorker } from '../../apps/worker/worker';
import { testDatabase } from './database';
import { testLogger } from './logger';

export interface TestWorker {
  database: Database;
  queue: PgBossJobQueue;
  worker: RunningWorker;
  /** Stops the worker (its running jobs finish first), then its queue and database pool. */
  close(): Promise<void>;
}

/**
 * The worker alone in this process, on a fresh database of its own, with the smallest
 * configuration it starts with (no Slack app, model or Stripe: those jobs complete doing nothing).
 */
export async function startTestWorker(logger: Logger = testLogger): Promise<TestWorker> {
  const db = await testDatabase();
  const database = await openDatabase(db.url, { poolMax: 2 });
  const queue = await PgBossJobQueue.start(db.url, { logger, queues: ALL_QUEUES });
  const config = loadWorkerConfig({ DATABASE_URL: db.url, ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64') });
  let worker: RunningWorker;
  try {
    worker = await startWorker({ config, logger, database, queue });
  } catch (error) {
    await queue.stop(1000);
    await database.close();
    throw error;
  }
  return {
    database,
    queue,
    worker,
    async close() {
      await worker.stop();
      await queue.stop(1000);
      await database.close();
    },
  };
}
