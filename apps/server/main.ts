import { appLogger, openInfrastructure } from '../shared/infrastructure';
import { startObservability } from '../shared/observability';
import { onShutdownSignal, runMain } from '../shared/process';
import { loadServerConfig } from './config';
import { startServer } from './server';

// The HTTP server alone (scale it out beside `npm run start:worker`).
runMain(async () => {
  const config = loadServerConfig();
  const logger = appLogger(config, 'tomo-server');
  const infrastructure = await openInfrastructure(config, logger, { runsWorker: false });
  const observability = await startObservability(config, 'server', infrastructure);
  const { database, queue } = infrastructure;
  const http = await startServer({ config, logger, database, queue, metrics: observability.metrics, components: observability.components });
  onShutdownSignal(async (signal) => {
    logger.info({ signal }, 'shutting down');
    observability.draining();
    await http.close(config.SHUTDOWN_TIMEOUT_MS);
    await observability.close(1_000);
    await infrastructure.close();
  });
});
