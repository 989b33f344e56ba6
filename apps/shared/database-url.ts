import pg from 'pg';
import { startEmbeddedPostgres } from '../../adapters/embedded-postgres/embedded-postgres-server';
import type { Logger } from '../../adapters/logging/logger';

export interface ResolvedDatabase {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

const EMBEDDED_DATABASE = 'tomo';

/**
 * DATABASE_URL when set; otherwise an embedded PostgreSQL kept in DATA_DIR, so a fresh
 * clone runs with no setup and keeps its data across restarts.
 */
export async function resolveDatabase(
  config: { DATABASE_URL?: string | undefined; DATA_DIR: string; EMBEDDED_PG_PORT: number; EMBEDDED_PG_DIR: string },
  logger: Logger,
): Promise<ResolvedDatabase> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, embedded: false, stop: async () => {} };
  const dataDir = config.DATA_DIR;
  logger.info({ dataDir }, 'DATABASE_URL is not set: starting the embedded PostgreSQL');
  const handle = await startEmbeddedPostgres({
    dataDir,
    port: config.EMBEDDED_PG_PORT,
    rootFallbackDir: config.EMBEDDED_PG_DIR,
    log: (line) => logger.debug({ postgres: line }),
    warn: (line) => logger.warn(line),
  });
  await ensureDatabase(handle.url, EMBEDDED_DATABASE);
  const url = new URL(handle.url);
  url.pathname = `/${EMBEDDED_DATABASE}`;
  return { url: url.toString(), embedded: true, stop: handle.stop };
}

export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}
