import { loadServerConfig } from './server/config';
import { startServer } from './server/server';
import { appLogger, openInfrastructure } from './shared/infrastructure';
import { startObservability } from './shared/observability';
import { onShutdownSignal, runMain } from './shared/process';
import { loadWorkerConfig } from './worker/config';
import { startWorker } from './worker/worker';

// `npm start`: server and worker in one process on one database (embedded when
// DATABASE_URL is unset). Stopping finishes in-flight requests and jobs first.
runMain(async () => {
  const serverConfig = loadServerConfig();
  const workerConfig = loadWorkerConfig();
  const logger = appLogger(serverConfig, 'tomo');
  const infrastructure = await openInfrastructure(serverConfig, logger, { runsWorker: true });
  const observability = await startObservability(serverConfig, 'all-in-one', infrastructure);
  const { database, queue } = infrastructure;
  const { metrics } = observability;
  const worker = await startWorker({ config: workerConfig, logger, database, queue, metrics });
  const http = await startServer({ config: serverConfig, logger, database, queue, metrics });
  onShutdownSignal(async (signal) => {
    logger.info({ signal }, 'shutting down');
    await http.close(serverConfig.SHUTDOWN_TIMEOUT_MS);
    await worker.stop();
    await observability.close(1_000);
    await infrastructure.close();
  });
});
