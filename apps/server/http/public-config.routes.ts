import { Router } from 'express';

export interface PublicConfig {
  billingEnabled: boolean;
  analyticsScriptUrl?: string | undefined;
  bookingUrl?: string | undefined;
}

/** What the browser may know about this deployment (no secrets). */
export function publicConfigRoutes(config: PublicConfig): Router {
  return Router().get('/api/public-config', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=60');
    res.json(config);
  });
}
