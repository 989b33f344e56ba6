import { openDatabase } from '../adapters/postgres/database';
import { loadWorkerConfig } from './worker/config';
import { requireDatabase, resolveDatabase } from './shared/database-url';
import { appLogger, waitingForDatabase } from './shared/infrastructure';
import { runMain } from './shared/process';
import { secretBoxAtStart } from './shared/secret-box';

// `npm run db:migrate`: applies pending migrations and exits.
runMain(async () => {
  const config = loadWorkerConfig();
  const logger = appLogger(config, 'tomo-migrate');
  const resolved = await resolveDatabase(config, logger);
  // The key too, as start-up passes it: a migration may seal values already stored (ADR 52).
  const secrets = await secretBoxAtStart(config, resolved.embedded, { warn: (message) => logger.warn(message) });
  try {
    await waitingForDatabase(config, logger)(async () => {
      // As at start-up: a DATABASE_URL naming no database stops here unless DATABASE_CREATE=true.
      if (!resolved.embedded) await requireDatabase(resolved.url, { create: config.DATABASE_CREATE, logger });
      const database = await openDatabase(resolved.url, { secrets });
      try {
        // What this run applied, not what was pending before it: a second run started at the same
        // time waits for the first one's lock and then applies nothing.
        const applied = await database.migrateUp();
        logger.info({ applied }, applied.length ? 'migrations applied' : 'schema already current');
      } finally {
        await database.close();
      }
    });
  } finally {
    await resolved.stop();
  }
});
