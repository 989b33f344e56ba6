import { appLogger, openInfrastructure } from '../shared/infrastructure';
import { onShutdownSignal, runMain } from '../shared/process';
import { loadWorkerConfig } from './config';
import { startWorker } from './worker';

// The job worker alone (scale it out beside `npm run start:server`).
runMain(async () => {
  const config = loadWorkerConfig();
  const logger = appLogger(config, 'tomo-worker');
  const infrastructure = await openInfrastructure(config, logger, { runsWorker: true });
  const worker = await startWorker({ config, logger, database: infrastructure.database, queue: infrastructure.queue });
  onShutdownSignal(async (signal) => {
    logger.info({ signal }, 'shutting down');
    await worker.stop();
    await infrastructure.close();
  });
});
