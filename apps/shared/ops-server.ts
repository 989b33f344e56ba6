import type { ServerResponse } from 'node:http';
import type { Logger } from '../../adapters/logging/logger';
import type { TomoMetrics } from '../../adapters/metrics/prometheus-metrics';
import { HEALTHY, readiness, type ReadinessProbe } from './health';
import { listen, type RunningHttpServer } from './http-server';

/**
 * The internal port (METRICS_PORT): `/metrics`, `/healthz` and `/readyz` with no token, for
 * Prometheus and the orchestrator's probes. It is the worker's only HTTP surface; keep it off
 * the public ingress (docs/deploy.md). Plain node:http, so the worker never loads express.
 */
export async function startOpsServer(options: {
  port: number;
  host: string;
  metrics: TomoMetrics;
  readiness: ReadinessProbe;
  logger: Logger;
}): Promise<RunningHttpServer> {
  const running = await listen(async (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain', 'Method Not Allowed');
    try {
      if (path === '/metrics') return send(res, 200, options.metrics.contentType, await options.metrics.render());
      if (path === '/healthz') return send(res, 200, 'application/json', JSON.stringify(HEALTHY));
      if (path === '/readyz') {
        const { status, body } = await readiness(options.readiness, { internal: true });
        return send(res, status, 'application/json', JSON.stringify(body));
      }
      return send(res, 404, 'text/plain', 'Not Found');
    } catch (error) {
      options.logger.error({ err: error, path }, 'internal endpoint failed');
      return send(res, 500, 'text/plain', 'Internal Server Error');
    }
  }, options.port, options.host);
  options.logger.info({ port: running.port, host: options.host }, 'metrics and health listening (internal)');
  return running;
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
  res.end(body);
}
