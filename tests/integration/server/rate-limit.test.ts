import { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../apps/server/app';
import { listen, type RunningHttpServer } from '../../../apps/shared/http-server';
import { testLogger } from '../../support/logger';

describe('rate limits', () => {
  let http: RunningHttpServer;
  let base: string;

  beforeAll(async () => {
    const routes = Router()
      .get('/api/ping', (_req, res) => void res.json({ ok: true }))
      .post('/api/stripe/webhook', (_req, res) => void res.json({ received: true }));
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

  it('never limits signed webhook deliveries or the health checks', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await fetch(`${base}/api/stripe/webhook`, { method: 'POST' })).status).toBe(200);
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
    }
  });
});
