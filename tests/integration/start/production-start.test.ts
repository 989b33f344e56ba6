import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../adapters/embedded-postgres/embedded-postgres-server';
import { testDatabase } from '../../support/database';
import { envWithout, spawnBuilt, waitForStatus, type SpawnedApp } from '../../support/processes';

// Production: `node dist/server.js` and `node dist/worker.js` (what `npm run build` wrote), side
// by side on one DATABASE_URL, each with its internal METRICS_PORT, logging JSON to a pipe.
describe('the compiled server and worker, run as production runs them', () => {
  let server: SpawnedApp;
  let worker: SpawnedApp;
  const ports = { server: 0, serverMetrics: 0, workerMetrics: 0 };

  beforeAll(async () => {
    const db = await testDatabase();
    [ports.server, ports.serverMetrics, ports.workerMetrics] = [await freePort(), await freePort(), await freePort()];
    const env = {
      ...envWithout('TEST_DATABASE_URL', 'LOG_FORMAT', 'METRICS_TOKEN'),
      NODE_ENV: 'production',
      DATABASE_URL: db.url,
      ENCRYPTION_KEY: Buffer.alloc(32, 3).toString('base64'),
      WEB_DIST_DIR: 'tests/fixtures/web-dist',
      LOG_LEVEL: 'info',
    };
    server = spawnBuilt('server', { ...env, PORT: String(ports.server), METRICS_PORT: String(ports.serverMetrics) });
    worker = spawnBuilt('worker', { ...env, METRICS_PORT: String(ports.workerMetrics) });
    await Promise.all([
      waitForStatus(`http://127.0.0.1:${ports.server}/readyz`, 200, 60_000, server),
      waitForStatus(`http://127.0.0.1:${ports.workerMetrics}/readyz`, 200, 60_000, worker),
    ]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([server?.stop(), worker?.stop()]);
  });

  it('answers health on the public port and health and metrics on each internal port', async () => {
    expect(await (await fetch(`http://127.0.0.1:${ports.server}/healthz`)).json()).toEqual({ status: 'ok' });
    expect(await (await fetch(`http://127.0.0.1:${ports.workerMetrics}/healthz`)).json()).toEqual({ status: 'ok' });
    for (const [port, process] of [
      [ports.serverMetrics, 'server'],
      [ports.workerMetrics, 'worker'],
    ] as const) {
      const response = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).toContain(`tomo_queue_jobs{queue="slack-answer",state="ready",process="${process}"} 0`);
      expect(text).toMatch(new RegExp(`^tomo_process_resident_memory_bytes\\{process="${process}"\\} \\d+`, 'm'));
    }
    // The public port has no /metrics without METRICS_TOKEN, and the internal one nothing else.
    expect((await fetch(`http://127.0.0.1:${ports.server}/metrics`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${ports.workerMetrics}/`)).status).toBe(404);
  });

  it('logs JSON lines when its output is not a terminal, and stops cleanly on SIGTERM', async () => {
    expect(await server.stop()).toBe(0);
    expect(await worker.stop()).toBe(0);
    for (const app of [server, worker]) {
      const lines = app.output().split('\n').filter((line) => line.trim() !== '');
      expect(lines.length).toBeGreaterThan(2);
      for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
      expect(lines.map((line) => JSON.parse(line).msg)).toContain('shutting down');
    }
    expect(server.output()).toContain('"msg":"server listening"');
    expect(worker.output()).toContain('"msg":"worker started"');
  });
});
