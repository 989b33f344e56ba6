import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startEmbeddedPostgres } from '../../../adapters/embedded-postgres/embedded-postgres-server';
import { packagedBinaries } from '../../../adapters/embedded-postgres/postgres-access';
import { envWithout, spawnBuilt, waitForStatus } from '../../support/processes';

// Root running Tomo from a folder only root may enter (a clone under /root): PostgreSQL runs as
// the `postgres` user, who can reach neither the data folder nor node_modules there.
describe.runIf(process.getuid?.() === 0)('embedded PostgreSQL as root in a folder only root may enter', () => {
  const locked = mkdtempSync(join(tmpdir(), 'tomo-root-only-'));
  chmodSync(locked, 0o700);
  const open = mkdtempSync(join(tmpdir(), 'tomo-open-'));
  chmodSync(open, 0o755);
  afterAll(() => {
    rmSync(locked, { recursive: true, force: true });
    rmSync(open, { recursive: true, force: true });
  });

  const query = async (url: string, sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  };

  it('runs anyway: a copy of the programs and the cluster go where the postgres user can reach them, and the cluster is found again', async () => {
    // node_modules inside the locked folder, as in a clone under /root.
    const nativeDir = join(locked, 'clone', 'node_modules', 'native');
    mkdirSync(join(locked, 'clone', 'node_modules'), { recursive: true });
    symlinkSync(packagedBinaries().nativeDir, nativeDir);
    const options = { dataDir: join(locked, 'clone', 'data'), nativeDir, rootFallbackDir: join(open, 'tomo'), warn: (line: string) => warnings.push(line) };
    const warnings: string[] = [];

    const first = await startEmbeddedPostgres(options);
    try {
      await query(first.url, 'create table kept (note text); insert into kept values (\'still here\')');
      const [settings] = await query(first.url, "select current_setting('data_directory') as dir, current_setting('server_encoding') as encoding");
      expect(settings.dir).toMatch(new RegExp(`^${open}/tomo/clusters/[0-9a-f]{16}$`));
      expect(settings.encoding).toBe('UTF8');
      const pid = Number(readFileSync(join(settings.dir as string, 'postmaster.pid'), 'utf8').split('\n')[0]);
      const uid = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^Uid:\s+(\d+)/m)![1];
      expect(uid).not.toBe('0');
      expect(existsSync(join(open, 'tomo', 'binaries', 'custom', 'bin', 'postgres'))).toBe(true);
      expect(readFileSync(join(options.dataDir, 'pg-location'), 'utf8').trim()).toBe(settings.dir);
    } finally {
      await first.stop();
    }
    expect(warnings.join('\n')).toContain(`The postgres user cannot enter ${locked} (mode 700)`);

    const again = await startEmbeddedPostgres(options);
    try {
      expect(await query(again.url, 'select note from kept')).toEqual([{ note: 'still here' }]);
    } finally {
      await again.stop();
    }
  }, 120_000);

  it('npm start from such a folder serves Tomo on the embedded PostgreSQL', async () => {
    const port = await freePort();
    const app = spawnBuilt('start', {
      ...envWithout('DATABASE_URL', 'TEST_DATABASE_URL', 'ENCRYPTION_KEY'),
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: join(locked, 'start-data'),
      EMBEDDED_PG_DIR: join(open, 'start'),
      WEB_DIST_DIR: 'tests/fixtures/web-dist',
    });
    try {
      await waitForStatus(`http://127.0.0.1:${port}/readyz`, 200, 90_000, app);
      expect(app.output()).toContain('The postgres user cannot enter');
    } finally {
      expect(await app.stop()).toBe(0);
    }
  }, 120_000);

  it('stops with one sentence saying what to change when no folder it may use can be reached', async () => {
    const app = spawnBuilt('start', {
      ...envWithout('DATABASE_URL', 'TEST_DATABASE_URL', 'ENCRYPTION_KEY'),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(await freePort()),
      DATA_DIR: join(locked, 'stuck-data'),
      EMBEDDED_PG_DIR: join(locked, 'also-locked'),
    });
    expect(await app.exited).toBe(1);
    const output = app.output().trim();
    expect(output.split('\n')).toHaveLength(1);
    expect(output).toBe(
      `Tomo failed to start: The embedded PostgreSQL runs as the postgres user, who cannot enter ${locked} (mode 700): ` +
        'set EMBEDDED_PG_DIR to a folder every user may enter (e.g. /var/lib/tomo), move Tomo out of that folder, or set DATABASE_URL.',
    );
  }, 60_000);
});
