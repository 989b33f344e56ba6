import { Router } from 'express';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../../apps/server/app';
import { listen } from '../../../apps/shared/http-server';
import { testLogger } from '../../support/logger';

describe('graceful shutdown', () => {
  it('stops accepting new connections but lets an in-flight request finish', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let arrived!: () => void;
    const hasArrived = new Promise<void>((resolve) => (arrived = resolve));
    const slow = Router().get('/api/slow', async (_req, res) => {
      arrived();
      await released;
      res.json({ finished: true });
    });
    const app = createApp({
      logger: testLogger,
      readiness: { check: async () => {} },
      bodyLimit: '1mb',
      webDistDir: 'tests/fixtures/web-dist',
      routes: [slow],
    });
    const http = await listen(app, 0, '127.0.0.1');
    const base = `http://127.0.0.1:${http.port}`;

    const inFlight = fetch(`${base}/api/slow`);
    await hasArrived;
    const closed = http.close(5_000);

    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ finished: true });
    await closed;
  });
});
