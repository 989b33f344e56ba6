import { startAllInOne } from './all-in-one';
import { onShutdownSignal, runMain } from './shared/process';

// `npm start`: server and worker in one process on one database (embedded when
// DATABASE_URL is unset), and the playground when no Slack app is configured (all-in-one.ts).
// Stopping finishes in-flight requests and jobs first.
runMain(async () => {
  const running = await startAllInOne(process.env);
  onShutdownSignal(async (signal) => {
    running.logger.info({ signal }, 'shutting down');
    await running.close();
  });
});
