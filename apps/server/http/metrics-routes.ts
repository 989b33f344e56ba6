import { createHash, timingSafeEqual } from 'node:crypto';
import { Router } from 'express';
import type { TomoMetrics } from '../../../adapters/metrics/prometheus-metrics';

/**
 * `GET /metrics` on the public port, only when METRICS_TOKEN is set, and only with
 * `Authorization: Bearer <METRICS_TOKEN>`; without a token it answers 404 (not the site's page). The
 * internal METRICS_PORT serves the same text without a token (apps/shared/ops-server.ts).
 */
export function metricsRoutes(metrics: TomoMetrics | undefined, token: string | undefined): Router {
  const router = Router();
  router.get('/metrics', async (req, res) => {
    if (!metrics || !token) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    const given = /^Bearer (.+)$/i.exec(req.get('authorization') ?? '')?.[1] ?? '';
    if (!sameSecret(given, token)) {
      res.status(401).set('WWW-Authenticate', 'Bearer realm="metrics"').type('text/plain').send('Unauthorized');
      return;
    }
    res.set('Cache-Control', 'no-store').type(metrics.contentType).send(await metrics.render());
  });
  return router;
}

/** Constant-time comparison of two strings of any length (hashes have equal lengths). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
