import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../../adapters/embedded-postgres/embedded-postgres-server';

export interface TestPostgres {
  /** A URL with rights to create and drop databases. */
  adminUrl: string;
  source: 'testcontainers' | 'environment' | 'embedded';
  stop(): Promise<void>;
}

/**
 * Where the test databases live, in this order: a Testcontainers PostgreSQL (with
 * pgvector) when a container engine answers; else TEST_DATABASE_URL or DATABASE_URL;
 * else an embedded PostgreSQL started for this run. CI machines without Docker take the
 * second or third path; nothing here depends on a service being present.
 */
export async function startTestPostgres(env = process.env): Promise<TestPostgres> {
  if (env.TOMO_TEST_NO_CONTAINERS !== '1') {
    const container = await tryTestcontainers();
    if (container) return container;
  }
  const fromEnv = env.TEST_DATABASE_URL || env.DATABASE_URL;
  if (fromEnv) return { adminUrl: fromEnv, source: 'environment', stop: async () => {} };
  const dataDir = mkdtempSync(join(tmpdir(), 'tomo-test-pg-'));
  const embedded = await startEmbeddedPostgres({ dataDir });
  return {
    adminUrl: embedded.url,
    source: 'embedded',
    async stop() {
      await embedded.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function tryTestcontainers(): Promise<TestPostgres | undefined> {
  const { getContainerRuntimeClient } = await import('testcontainers');
  try {
    await getContainerRuntimeClient();
  } catch {
    // "Could not find a working container runtime strategy": no engine here.
    return undefined;
  }
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  const container = await new PostgreSqlContainer('pgvector/pgvector:pg17').start();
  return {
    adminUrl: container.getConnectionUri(),
    source: 'testcontainers',
    stop: async () => {
      await container.stop();
    },
  };
}
