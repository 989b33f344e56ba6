import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { admin, withDatabase } from './global-setup';

export interface TestDatabase {
  url: string;
  name: string;
}

/**
 * A fresh database for the calling test file, so files run in parallel without seeing
 * each other's rows. `migrated: true` (the default) copies the run's migrated template;
 * `migrated: false` gives an empty database. Dropped when the run ends.
 */
export async function testDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `tomo_t_${inject('testRunId')}_${randomBytes(5).toString('hex')}`;
  const template = options.migrated === false ? 'template0' : inject('templateDatabase');
  await createWithRetry(adminUrl, `create database "${name}" template "${template}"`);
  return { url: withDatabase(adminUrl, name), name };
}

/** Runs SQL with administrative rights (e.g. to cut a database off in a readiness test). */
export function adminQuery(sql: string, params: unknown[] = []): Promise<unknown> {
  return admin(inject('adminDatabaseUrl'), (client) => client.query(sql, params));
}

// PostgreSQL refuses to copy a template while another session is connected to it, which
// can happen for a moment when many files start at once; a short retry covers it.
async function createWithRetry(adminUrl: string, sql: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await admin(adminUrl, (client) => client.query(sql));
      return;
    } catch (error) {
      const busy = error instanceof Error && /being accessed by other users/.test(error.message);
      if (!busy || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}
