import pg from 'pg';
import { startEmbeddedPostgres } from '../../adapters/embedded-postgres/embedded-postgres-server';
import type { Logger } from '../../adapters/logging/logger';
import { ConfigError } from './config';

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
  } catch (error) {
    // Another process (server and worker starting together) created it in between.
    if (!ALREADY_CREATED.has(sqlState(error) ?? '')) throw error;
  } finally {
    await client.end();
  }
}

/** SQLSTATE invalid_catalog_name: the database a connection names does not exist. */
const NO_SUCH_DATABASE = '3D000';
/** duplicate_database, or the unique index on pg_database when two CREATE DATABASE race. */
const ALREADY_CREATED = new Set(['42P04', '23505']);
/** Where CREATE DATABASE is sent from, as MikroORM and createdb do. */
const MAINTENANCE_DATABASE = 'postgres';

function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * The database DATABASE_URL names must exist: connecting to a missing one stops start-up with
 * one line naming it (never the password), since the ORM's migrator would otherwise create it
 * and a misspelt name would start Tomo on a new, empty database. With DATABASE_CREATE=true it
 * is created instead. Other failures (PostgreSQL not answering yet) are thrown as they are,
 * for the start-up wait to judge.
 */
export async function requireDatabase(url: string, options: { create: boolean; logger: Logger }): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  const { database, host, port } = client;
  try {
    await client.connect();
    await client.end();
    return;
  } catch (error) {
    await client.end().catch(() => undefined);
    if (sqlState(error) !== NO_SUCH_DATABASE) throw error;
  }
  const name = database ?? '';
  if (!options.create) {
    throw new ConfigError(
      `Invalid configuration: DATABASE_URL names the database "${name}", which does not exist on ${host}:${port}; ` +
        'correct the name, create the database, or set DATABASE_CREATE=true to have Tomo create it',
    );
  }
  const maintenance = new URL(url);
  maintenance.pathname = `/${MAINTENANCE_DATABASE}`;
  await ensureDatabase(maintenance.toString(), name);
  options.logger.info({ database: name }, 'created the database DATABASE_URL names (DATABASE_CREATE=true)');
}
