import { describe, expect, it } from 'vitest';
import { migrations } from '../../../adapters/postgres/migrations';
import { testDatabase } from '../../support/database';
import { envWithout, spawnBuilt } from '../../support/processes';

// `node dist/migrate.js` (the Compose `migrate` service, the Kubernetes Job), as an operator reads it.
describe('the compiled migration command', () => {
  it('run twice at once on an empty database: one applies every migration, the other says the schema is current', async () => {
    const db = await testDatabase({ migrated: false });
    const env = {
      ...envWithout('TEST_DATABASE_URL', 'LOG_FORMAT'),
      NODE_ENV: 'production',
      DATABASE_URL: db.url,
      ENCRYPTION_KEY: Buffer.alloc(32, 5).toString('base64'),
      LOG_LEVEL: 'info',
    };
    const runs = [spawnBuilt('migrate', env), spawnBuilt('migrate', env)];
    expect(await Promise.all(runs.map((run) => run.exited))).toEqual([0, 0]);
    const reports = runs
      .map((run) => run.output().split('\n').filter((line) => line.trim() !== ''))
      .map((lines) => lines.map((line) => JSON.parse(line) as { msg: string; applied?: string[] }).find((line) => line.applied !== undefined));
    expect(reports.map((report) => [report?.msg, report?.applied]).sort()).toEqual([
      ['migrations applied', migrations.map((m) => m.name)],
      ['schema already current', []],
    ]);
  }, 120_000);
});
