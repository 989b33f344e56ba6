import { Router } from 'express';
import { HEALTHY, readiness, type ReadinessProbe } from '../../shared/health';

export type { ReadinessProbe };

/** `/healthz`: the process is up. `/readyz`: it can serve (database reachable, schema current). */
export function healthRoutes(probe: ReadinessProbe): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json(HEALTHY);
  });
  router.get('/readyz', async (_req, res) => {
    const { status, body } = await readiness(probe);
    res.status(status).json(body);
  });
  return router;
}
