import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../adapters/embedded-postgres/embedded-postgres-server';
import { REAL_SLACK_SETTINGS } from '../../../apps/playground/playground-mode';
import { envWithout, spawnBuilt, waitForStatus, type SpawnedApp } from '../../support/processes';

// `npm start` on a fresh clone: no DATABASE_URL, so Tomo runs its own PostgreSQL and keeps
// the data in DATA_DIR across restarts.
describe('npm start without DATABASE_URL', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tomo-start-'));
  let app: SpawnedApp | undefined;

  afterAll(async () => {
    if (app && app.child.exitCode === null) await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(port: number, pgPort: number): Promise<SpawnedApp> {
    const spawned = spawnBuilt('start', {
      ...envWithout('DATABASE_URL', 'TEST_DATABASE_URL', 'ENCRYPTION_KEY'),
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      WEB_DIST_DIR: 'tests/fixtures/web-dist',
      LOG_LEVEL: 'info',
    });
    await waitForStatus(`http://127.0.0.1:${port}/readyz`, 200, 90_000, spawned);
    return spawned;
  }

  function embeddedClient(pgPort: number): pg.Client {
    const password = readFileSync(join(dataDir, 'pg-password'), 'utf8').trim();
    return new pg.Client({ host: '127.0.0.1', port: pgPort, user: 'postgres', password, database: 'tomo' });
  }

  it('serves /healthz, /readyz and / and keeps its data across a restart', async () => {
    const [port, pgPort] = [await freePort(), await freePort()];
    app = await start(port, pgPort);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    const home = await fetch(`http://127.0.0.1:${port}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toMatch(/<html/);

    const client = embeddedClient(pgPort);
    await client.connect();
    await client.query('create table restart_probe (note text)');
    await client.query(`insert into restart_probe values ('still here')`);
    await client.end();

    // No ENCRYPTION_KEY: one is generated into the data folder, loudly.
    expect(existsSync(join(dataDir, 'encryption.key'))).toBe(true);
    expect(app.output()).toContain('ENCRYPTION_KEY is not set: generated a new key');

    expect(await app.stop()).toBe(0);
    expect(app.output()).toContain('shutting down');

    app = await start(port, pgPort);
    const again = embeddedClient(pgPort);
    await again.connect();
    const rows = await again.query('select note from restart_probe');
    await again.end();
    expect(rows.rows).toEqual([{ note: 'still here' }]);
    expect(await app.stop()).toBe(0);
  }, 240_000);

  it('refuses to start on an invalid value with one line naming the variable', async () => {
    const bad = spawnBuilt('start', { ...envWithout('DATABASE_URL'), PORT: 'abc', DATA_DIR: dataDir });
    expect(await bad.exited).toBe(1);
    expect(bad.output().trim()).toBe('Invalid configuration: PORT must be a number (got "abc")');
  }, 60_000);

  it('refuses PLAYGROUND=false rather than run the playground it was meant to turn off', async () => {
    const bad = spawnBuilt('start', { ...envWithout('DATABASE_URL', 'NODE_ENV', ...REAL_SLACK_SETTINGS), PLAYGROUND: 'false', DATA_DIR: dataDir });
    expect(await bad.exited).toBe(1);
    expect(bad.output().trim()).toBe('Invalid configuration: PLAYGROUND must be off or unset (got "false")');
  }, 60_000);
});
