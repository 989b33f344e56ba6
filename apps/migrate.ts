import { openDatabase } from '../adapters/postgres/database';
import { loadWorkerConfig } from './worker/config';
import { resolveDatabase } from './shared/database-url';
import { appLogger } from './shared/infrastructure';
import { runMain } from './shared/process';

// `npm run db:migrate`: applies pending migrations and exits.
runMain(async () => {
  const config = loadWorkerConfig();
  const logger = appLogger(config, 'tomo-migrate');
  const resolved = await resolveDatabase(config, logger);
  const database = await openDatabase(resolved.url);
  try {
    const pending = await database.pendingMigrations();
    await database.migrateUp();
    logger.info({ applied: pending }, pending.length ? 'migrations applied' : 'schema already current');
  } finally {
    await database.close();
    await resolved.stop();
  }
});
