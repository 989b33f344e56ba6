import type { Logger } from '../../adapters/logging/logger';
import { TomoMetrics } from '../../adapters/metrics/prometheus-metrics';
import { pgBossQueueStats } from '../../adapters/queue/pg-boss-queue-stats';
import { slackRateLimits } from '../../adapters/slack/slack-api-caller';
import type { RunningHttpServer } from './http-server';
import type { Infrastructure } from './infrastructure';
import { ComponentStates, NotReady } from './health';
import { startOpsServer } from './ops-server';
import { ALL_QUEUES } from './queues';
import { databaseReadiness } from './readiness';

export interface Observability {
  metrics: TomoMetrics;
  /** What the internal `/readyz` shows beside its status (the server's Socket Mode state). */
  components: ComponentStates;
  /** The internal listener, when METRICS_PORT is set. */
  ops?: RunningHttpServer;
  /** From now on `/readyz` answers 503 "shutting down": the process drains, send it nothing new. */
  draining(): void;
  close(timeoutMs: number): Promise<void>;
}

/**
 * This process's metrics (queue backlog read at scrape time, Slack 429s from every Slack client)
 * and, with METRICS_PORT set, the internal listener serving them with /healthz and /readyz.
 */
export async function startObservability(
  config: { METRICS_PORT?: number | undefined; METRICS_HOST: string },
  processName: 'server' | 'worker' | 'all-in-one',
  infrastructure: Pick<Infrastructure, 'database' | 'queue' | 'logger'>,
): Promise<Observability> {
  const { logger } = infrastructure;
  const metrics = new TomoMetrics({
    process: processName,
    queueStats: pgBossQueueStats(infrastructure.queue.boss),
    queueNames: ALL_QUEUES.map((queue) => queue.name),
    onCollectError: (error) => logger.warn({ err: error }, 'queue metrics unavailable'),
  });
  const onRateLimited = (method: string) => metrics.slackRateLimited.inc({ method });
  const database = databaseReadiness(infrastructure.database);
  const components = new ComponentStates();
  let draining = false;
  slackRateLimits.on('rate_limited', onRateLimited);
  const ops =
    config.METRICS_PORT === undefined
      ? undefined
      : await startOpsServer({
          port: config.METRICS_PORT,
          host: config.METRICS_HOST,
          metrics,
          readiness: {
            async check() {
              if (draining) throw new NotReady('shutting down');
              await database.check();
            },
            details: () => components.snapshot(),
          },
          logger: logger as Logger,
        });
  return {
    metrics,
    components,
    ...(ops ? { ops } : {}),
    draining() {
      draining = true;
    },
    async close(timeoutMs) {
      slackRateLimits.off('rate_limited', onRateLimited);
      await ops?.close(timeoutMs);
    },
  };
}
