import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { migrations } from '../../../adapters/postgres/migrations';
import { adminQuery } from '../../support/database';
import { withDatabase } from '../../support/global-setup';
import { envWithout, spawnBuilt, type BuiltEntry, type SpawnedApp } from '../../support/processes';

// An operator whose DATABASE_URL names a database that is not there (a typo): before, the ORM's
// migrator created it whenever the role was allowed to, and Tomo started on a new, empty database,
// as if every workspace's data were gone.
describe('a DATABASE_URL naming a database that does not exist', () => {
  // With a password, to see it is never printed (a server trusting local connections ignores it).
  const adminUrl = withPassword(inject('adminDatabaseUrl'));
  const password = decodeURIComponent(new URL(adminUrl).password);
  const started: SpawnedApp[] = [];

  // Named like the harness's own databases, so the run's teardown drops any left behind.
  const missingDatabase = () => `tomo_t_${inject('testRunId')}_missing_${randomBytes(4).toString('hex')}`;
  const environment = (url: string, extra: Record<string, string> = {}) => ({
    ...envWithout('TEST_DATABASE_URL', 'LOG_FORMAT', 'DATABASE_CREATE', 'PLAYGROUND'),
    NODE_ENV: 'production',
    DATABASE_URL: url,
    ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'info',
    PORT: '0',
    ...extra,
  });
  const spawn = (entry: BuiltEntry, env: Record<string, string | undefined>) => {
    const app = spawnBuilt(entry, env);
    started.push(app);
    return app;
  };
  const exists = async (name: string) => {
    const result = (await adminQuery('select 1 from pg_database where datname = $1', [name])) as { rowCount: number };
    return result.rowCount > 0;
  };

  afterEach(async () => {
    // Without the check a server or worker would be running on the database it created.
    await Promise.all(started.splice(0).filter((app) => app.child.exitCode === null).map((app) => app.stop()));
  });

  it.each<BuiltEntry>(['migrate', 'server', 'worker', 'start'])(
    'dist/%s.js stops with one line naming the database (not the password), exit 1, and creates nothing',
    async (entry) => {
      const name = missingDatabase();
      const url = withDatabase(adminUrl, name);
      const app = spawn(entry, environment(url));
      expect(await app.exited).toBe(1);
      const host = new URL(adminUrl);
      expect(app.output()).toBe(
        `Invalid configuration: DATABASE_URL names the database "${name}", which does not exist on ${host.hostname}:${host.port || 5432}; ` +
          'correct the name, create the database, or set DATABASE_CREATE=true to have Tomo create it\n',
      );
      expect(app.output()).not.toContain(password);
      expect(await exists(name)).toBe(false);
    },
    60_000,
  );

  it('with DATABASE_CREATE=true, `node dist/migrate.js` creates it, says so, and applies every migration', async () => {
    const name = missingDatabase();
    const app = spawn('migrate', environment(withDatabase(adminUrl, name), { DATABASE_CREATE: 'true' }));
    expect(await app.exited).toBe(0);
    const lines = app
      .output()
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as { msg: string; database?: string; applied?: string[] });
    expect(lines.map((line) => line.msg)).toEqual(['created the database DATABASE_URL names (DATABASE_CREATE=true)', 'migrations applied']);
    expect(lines[0]!.database).toBe(name);
    expect(lines[1]!.applied).toEqual(migrations.map((migration) => migration.name));
    expect(await exists(name)).toBe(true);
    await adminQuery(`drop database "${name}" with (force)`);
  }, 120_000);
});

function withPassword(url: string): string {
  const parsed = new URL(url);
  if (!parsed.password) parsed.password = 'never-printed-4f1c';
  return parsed.toString();
}
