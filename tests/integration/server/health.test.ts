import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../adapters/postgres/database';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../../apps/server/app';
import { loadServerConfig } from '../../../apps/server/config';
import { startServer } from '../../../apps/server/server';
import type { RunningHttpServer } from '../../../apps/shared/http-server';
import { adminQuery, testDatabase, type TestDatabase } from '../../support/database';
import { testLogger } from '../../support/logger';

describe('health endpoints', () => {
  let db: TestDatabase;
  let database: Database;
  let http: RunningHttpServer;
  let base: string;

  beforeAll(async () => {
    db = await testDatabase();
    database = await openDatabase(db.url, { poolMax: 2 });
    const config = loadServerConfig({
      PORT: '0',
      DATABASE_URL: db.url,
      ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      WEB_DIST_DIR: 'tests/fixtures/web-dist',
    });
    http = await startServer({ config, logger: testLogger, database, queue: { send: async () => 'job-id', sendMany: async () => {}, retryFailed: async () => false } });
    base = `http://127.0.0.1:${http.port}`;
  });

  afterAll(async () => {
    await http?.close(1000);
    await database?.close();
  });

  it('GET /healthz answers 200 while the process is up', async () => {
    const response = await fetch(`${base}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers 200 when the database answers and migrations are applied', async () => {
    const response = await fetch(`${base}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ready' });
  });

  it('has no /metrics on the public port while METRICS_TOKEN is unset', async () => {
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
  });

  it('serves the web build at / and the client shell for routes that are not prerendered', async () => {
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toMatch(/text\/html/);
    expect(await home.text()).toContain('fixture home');
    const settings = await fetch(`${base}/settings/app`);
    expect(settings.status).toBe(200);
    expect(await settings.text()).toContain('fixture shell');
  });

  it('tells browsers not to let other sites frame a page, and to keep to https only when Tomo is served over it', async () => {
    const home = await fetch(`${base}/`);
    expect(home.headers.get('content-security-policy')).toContain("frame-ancestors 'self'"); // the whole policy: content-security-policy.test.ts
    expect(home.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(home.headers.get('strict-transport-security')).toBeNull();
    const overHttps = createApp({ logger: testLogger, readiness: { check: async () => {} }, bodyLimit: '1mb', webDistDir: 'tests/fixtures/web-dist', publicUrl: 'https://tomo.example.com' });
    const server = overHttps.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/healthz`);
      expect(response.headers.get('strict-transport-security')).toBe('max-age=15552000');
    } finally {
      server.close();
    }
  });

  it('tells the browser whether billing is on, without secrets', async () => {
    const response = await fetch(`${base}/api/public-config`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ billingEnabled: false });
  });

  it('answers JSON 404 for unknown API paths and never a stack trace', async () => {
    const response = await fetch(`${base}/api/does-not-exist`);
    expect(response.status).toBe(404);
    const body = await response.json();
    expect(body).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
  });

  it('says a missing asset is not found, not that the request was not understood', async () => {
    for (const path of ['/assets/missing.js', '/assets/', '/assets/%2fetc%2fpasswd']) {
      const response = await fetch(`${base}${path}`);
      expect([response.status, await response.json()], path).toEqual([404, { error: { code: 'NOT_FOUND', message: 'Not found.' } }]);
    }
  });

  it('rejects malformed JSON with 400 and a body too large with 413, without internals', async () => {
    const malformed = await fetch(`${base}/api/anything`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"unterminated": ',
    });
    expect(malformed.status).toBe(400);
    const text = await malformed.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: 'INVALID_JSON', message: 'Tomo could not read this request (it is not valid JSON). Reload the page and try again.' },
    });
    expect(text).not.toMatch(/at .*\.(ts|js):\d+/);

    const huge = await fetch(`${base}/api/anything`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ blob: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.status).toBe(413);
  });

  it('GET /readyz answers 503 when the database becomes unreachable', async () => {
    await adminQuery(`alter database "${db.name}" allow_connections false`);
    await adminQuery(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`, [db.name]);
    try {
      // The last check's outcome answers for about a second (apps/shared/readiness.ts): the next one says it.
      let response = await fetch(`${base}/readyz`);
      for (let tries = 0; response.status !== 503 && tries < 60; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        response = await fetch(`${base}/readyz`);
      }
      expect(response.status).toBe(503);
      // The public port says no more: the driver's message names the database (or a host, an address).
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({ status: 'unavailable', reason: 'database unavailable' });
      expect(text).not.toContain(db.name);
    } finally {
      await adminQuery(`alter database "${db.name}" allow_connections true`);
    }
  });
});
