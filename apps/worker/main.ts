import { appLogger, openInfrastructure } from '../shared/infrastructure';
import { startObservability } from '../shared/observability';
import { onShutdownSignal, runMain } from '../shared/process';
import { loadWorkerConfig } from './config';
import { startWorker } from './worker';

// The job worker alone (scale it out beside `npm run start:server`). Its only HTTP surface is
// the internal METRICS_PORT (/metrics, /healthz, /readyz).
runMain(async () => {
  const config = loadWorkerConfig();
  const logger = appLogger(config, 'tomo-worker');
  const infrastructure = await openInfrastructure(config, logger, { runsWorker: true });
  const observability = await startObservability(config, 'worker', infrastructure);
  const { database, queue } = infrastructure;
  const worker = await startWorker({ config, logger, database, queue, metrics: observability.metrics });
  onShutdownSignal(async (signal) => {
    logger.info({ signal }, 'shutting down');
    observability.draining();
    await worker.stop();
    await observability.close(1_000);
    await infrastructure.close();
  });
});
