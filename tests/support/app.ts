import { freePort } from '../../adapters/embedded-postgres/embedded-postgres-server';
import { openDatabase, type Database } from '../../adapters/postgres/database';
import type { TomoMetrics } from '../../adapters/metrics/prometheus-metrics';
import { PgBossJobQueue } from '../../adapters/queue/pg-boss-job-queue';
import { loadServerConfig, type ServerConfig } from '../../apps/server/config';
import { startServer } from '../../apps/server/server';
import type { RunningHttpServer } from '../../apps/shared/http-server';
import { ALL_QUEUES } from '../../apps/shared/queues';
import { loadWorkerConfig } from '../../apps/worker/config';
import { startWorker, type RunningWorker } from '../../apps/worker/worker';
import { testDatabase, type TestDatabase } from './database';
import type { Logger } from '../../adapters/logging/logger';
import { testLogger } from './logger';

export interface TestApp {
  baseUrl: string;
  db: TestDatabase;
  database: Database;
  queue: PgBossJobQueue;
  config: ServerConfig;
  /** The running HTTP server (its request listener is the Express app). */
  http: RunningHttpServer;
  close(): Promise<void>;
}

/**
 * The real server and worker in this process, on a fresh database of their own, configured
 * through the same environment names as production (point SLACK_API_URL, OPENAI_BASE_URL,
 * STRIPE_API_URL... at the fakes in tests/fakes).
 */
export async function startTestApp(
  env: Record<string, string | undefined> = {},
  options: { worker?: boolean; metrics?: TomoMetrics; /** Default: the quiet test logger. */ logger?: Logger } = {},
): Promise<TestApp> {
  const logger = options.logger ?? testLogger;
  const db = await testDatabase();
  // The port is chosen first so PUBLIC_URL (OAuth redirects, links) is right from the start.
  const port = env.PORT ?? String(await freePort());
  const fullEnv = {
    NODE_ENV: 'test',
    PORT: port,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    WEB_DIST_DIR: 'apps/web/dist',
    ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    SESSION_SECRET: 'test-session-secret-test-session-secret',
    ...env,
    DATABASE_URL: db.url,
  };
  const database = await openDatabase(db.url, { poolMax: 4 });
  const config = loadServerConfig(fullEnv);
  // As openInfrastructure does: ANSWER_RETRIES sets the delivering queues' retry limit.
  const queue = await PgBossJobQueue.start(db.url, { logger, queues: ALL_QUEUES, deliveryRetries: config.ANSWER_RETRIES });
  let worker: RunningWorker | undefined;
  if (options.worker !== false) {
    worker = await startWorker({ config: loadWorkerConfig(fullEnv), logger, database, queue, metrics: options.metrics });
  }
  const http: RunningHttpServer = await startServer({ config, logger, database, queue, metrics: options.metrics });
  const baseUrl = `http://127.0.0.1:${http.port}`;
  return {
    baseUrl,
    db,
    database,
    queue,
    config,
    http,
    async close() {
      await http.close(1000);
      await worker?.stop();
      await queue.stop(1000);
      await database.close();
    },
  };
}
