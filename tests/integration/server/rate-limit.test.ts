import { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type AppOptions } from '../../../apps/server/app';
import { loadServerConfig } from '../../../apps/server/config';
import { listen, type RunningHttpServer } from '../../../apps/shared/http-server';
import { testLogger } from '../../support/logger';

describe('rate limits', () => {
  let http: RunningHttpServer;
  let base: string;

  beforeAll(async () => {
    const routes = Router()
      .get('/api/ping', (_req, res) => void res.json({ ok: true }))
      .get('/api/prices', (_req, res) => void res.setHeader('Cache-Control', 'public, max-age=300').json({ ok: true }))
      .post('/api/stripe/webhook', (_req, res) => void res.json({ received: true }))
      .get('/slack/icons/:teamId/:key', (_req, res) => void res.type('png').send(Buffer.from('icon')));
    const app = createApp({
      logger: testLogger,
      readiness: { check: async () => {} },
      bodyLimit: '1mb',
      webDistDir: 'tests/fixtures/web-dist',
      rateLimitPerMinute: 3,
      routes: [routes],
    });
    http = await listen(app, 0, '127.0.0.1');
    base = `http://127.0.0.1:${http.port}`;
  });

  afterAll(() => http.close(1000));

  it('answers 429 with a readable message once an address exceeds its per-minute budget', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await fetch(`${base}/api/ping`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await fetch(`${base}/api/ping`);
    expect(await refused.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: 'Too many requests. Please try again in a minute.' },
    });
    expect(refused.headers.get('ratelimit-policy')).toContain('3');
    const japanese = await fetch(`${base}/api/ping`, { headers: { 'x-tomo-locale': 'ja' } });
    expect(japanese.status).toBe(429);
    expect(await japanese.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: 'リクエストが多すぎます。1 分ほどしてから、もう一度お試しください。' },
    });
  });

  it('keeps API answers out of caches unless the route says otherwise', async () => {
    // Another client behind the (loopback) proxy: a budget of its own.
    const headers = { 'x-forwarded-for': '198.51.100.7' };
    expect((await fetch(`${base}/api/ping`, { headers })).headers.get('cache-control')).toBe('no-store');
    expect((await fetch(`${base}/api/prices`, { headers })).headers.get('cache-control')).toBe('public, max-age=300');
    // A refusal is not cached either.
    expect((await fetch(`${base}/api/ping`)).headers.get('cache-control')).toBe('no-store');
  });

  it('limits the public workspace icons per address: each asks the database, and Slack caches them a day', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.23' };
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await fetch(`${base}/slack/icons/T0ACME/icon-1.png`, { headers })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('never limits signed webhook deliveries or the health checks', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await fetch(`${base}/api/stripe/webhook`, { method: 'POST' })).status).toBe(200);
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
    }
  });

  describe('behind a proxy (TRUST_PROXY)', () => {
    const servers: RunningHttpServer[] = [];
    afterAll(async () => {
      for (const server of servers) await server.close(1000);
    });
    async function serverTrusting(trustProxy: AppOptions['trustProxy']): Promise<string> {
      const app = createApp({
        logger: testLogger,
        readiness: { check: async () => {} },
        bodyLimit: '1mb',
        webDistDir: 'tests/fixtures/web-dist',
        rateLimitPerMinute: 2,
        ...(trustProxy === undefined ? {} : { trustProxy }),
        routes: [Router().get('/api/ping', (_req, res) => void res.json({ ok: true }))],
      });
      const server = await listen(app, 0, '127.0.0.1');
      servers.push(server);
      return `http://127.0.0.1:${server.port}`;
    }
    const from = (url: string, client: string) => fetch(`${url}/api/ping`, { headers: { 'x-forwarded-for': client } }).then((r) => r.status);

    it('gives each client behind a trusted proxy its own budget, and ignores what an untrusted one says', async () => {
      // The proxy is on loopback here: trusted by default, so two clients behind it are two budgets.
      const trusted = await serverTrusting(undefined);
      expect([await from(trusted, '203.0.113.1'), await from(trusted, '203.0.113.1'), await from(trusted, '203.0.113.1')]).toEqual([200, 200, 429]);
      expect(await from(trusted, '203.0.113.2')).toBe(200);
      // Trusting only another network (a proxy elsewhere): the header is the caller's own claim, one budget.
      const elsewhere = await serverTrusting('10.0.0.0/8');
      expect([await from(elsewhere, '203.0.113.1'), await from(elsewhere, '203.0.113.2'), await from(elsewhere, '203.0.113.3')]).toEqual([200, 200, 429]);
    });

    it('reads TRUST_PROXY as hops or a list of networks, and refuses anything else at start-up', () => {
      const config = (value: string) => loadServerConfig({ TRUST_PROXY: value }).TRUST_PROXY;
      expect(loadServerConfig({}).TRUST_PROXY).toBe('loopback');
      expect(config('1')).toBe(1);
      expect(config('uniquelocal')).toBe('uniquelocal');
      expect(config('loopback, 10.0.0.0/8, fd00::/8')).toBe('loopback, 10.0.0.0/8, fd00::/8');
      expect(() => config('everyone')).toThrow(/TRUST_PROXY/);
      expect(() => config('10.0.0.0/40')).toThrow(/TRUST_PROXY/);
    });
  });
});
