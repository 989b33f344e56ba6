import { chooseLogFormat, createLogger, type Logger } from '../../adapters/logging/logger';
import { openDatabase, type Database } from '../../adapters/postgres/database';
import { whileDatabaseAway } from '../../adapters/postgres/database-wait';
import { PgBossJobQueue } from '../../adapters/queue/pg-boss-job-queue';
import { requireDatabase, resolveDatabase, type ResolvedDatabase } from './database-url';
import { ALL_QUEUES } from './queues';
import { secretBoxAtStart } from './secret-box';

export interface Infrastructure {
  logger: Logger;
  resolved: ResolvedDatabase;
  database: Database;
  queue: PgBossJobQueue;
  /** Closes in reverse order of opening; the embedded PostgreSQL stops last. */
  close(): Promise<void>;
}

interface InfrastructureConfig {
  LOG_LEVEL: string;
  LOG_FORMAT: 'auto' | 'pretty' | 'json';
  DATABASE_URL?: string | undefined;
  DATABASE_WAIT_SECONDS: number;
  DATABASE_CREATE?: boolean;
  ENCRYPTION_KEY?: string | undefined;
  DATA_DIR: string;
  EMBEDDED_PG_PORT: number;
  EMBEDDED_PG_DIR: string;
  SHUTDOWN_TIMEOUT_MS: number;
  ANSWER_HEARTBEAT_SECONDS?: number;
  ANSWER_RETRIES?: number;
}

/** Pretty on a terminal, JSON lines otherwise (LOG_FORMAT overrides). */
export function appLogger(config: Pick<InfrastructureConfig, 'LOG_LEVEL' | 'LOG_FORMAT'>, name: string): Logger {
  return createLogger({ name, level: config.LOG_LEVEL, format: chooseLogFormat(config.LOG_FORMAT, process.stdout.isTTY) });
}

/** Start-up's retries while PostgreSQL does not answer (DATABASE_WAIT_SECONDS), warning at each. */
export function waitingForDatabase(config: Pick<InfrastructureConfig, 'DATABASE_WAIT_SECONDS'>, logger: Logger) {
  return <T>(attempt: () => Promise<T>): Promise<T> =>
    whileDatabaseAway(attempt, { waitMs: config.DATABASE_WAIT_SECONDS * 1000, warn: (details, message) => logger.warn(details, message) });
}

/**
 * Database (embedded when DATABASE_URL is unset), migrations applied, queue started; while
 * PostgreSQL does not answer, tried again for up to DATABASE_WAIT_SECONDS.
 */
export async function openInfrastructure(
  config: InfrastructureConfig,
  logger: Logger,
  options: { runsWorker: boolean },
): Promise<Infrastructure> {
  const resolved = await resolveDatabase(config, logger);
  // The key too: a migration may seal values already stored (ADR 52).
  const secrets = await secretBoxAtStart(config, resolved.embedded, { warn: (message) => logger.warn(message) });
  const { database, queue } = await waitingForDatabase(config, logger)(async () => {
    // The embedded database was created by resolveDatabase; a DATABASE_URL's must exist.
    if (!resolved.embedded) await requireDatabase(resolved.url, { create: config.DATABASE_CREATE ?? false, logger });
    const database = await openDatabase(resolved.url, { secrets });
    try {
      await database.migrateUp();
      const queue = await PgBossJobQueue.start(resolved.url, {
        logger,
        queues: ALL_QUEUES,
        supervise: options.runsWorker,
        ...(config.ANSWER_HEARTBEAT_SECONDS ? { heartbeatSeconds: config.ANSWER_HEARTBEAT_SECONDS } : {}),
        ...(config.ANSWER_RETRIES === undefined ? {} : { deliveryRetries: config.ANSWER_RETRIES }),
      });
      return { database, queue };
    } catch (error) {
      await database.close().catch(() => undefined);
      throw error;
    }
  });
  return {
    logger,
    resolved,
    database,
    queue,
    async close() {
      await queue.stop(config.SHUTDOWN_TIMEOUT_MS);
      await database.close();
      await resolved.stop();
    },
  };
}
