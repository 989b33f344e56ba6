import { Router } from 'express';

export interface ReadinessProbe {
  /** Resolves when the database answers and every migration is applied; rejects otherwise. */
  check(): Promise<void>;
}

/** `/healthz`: the process is up. `/readyz`: it can serve (database reachable, schema current). */
export function healthRoutes(probe: ReadinessProbe): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    try {
      await probe.check();
      res.json({ status: 'ready' });
    } catch (error) {
      res.status(503).json({ status: 'unavailable', reason: error instanceof Error ? error.message : 'unknown' });
    }
  });
  return router;
}
