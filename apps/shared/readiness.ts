import type { Database } from '../../adapters/postgres/database';
import { NotReady } from './health';

/** Ready when the database answers and no migration is pending (checked until first true). */
export function databaseReadiness(database: Pick<Database, 'ping' | 'pendingMigrations'>) {
  let schemaCurrent = false;
  return {
    async check(): Promise<void> {
      await database.ping();
      if (schemaCurrent) return;
      const pending = await database.pendingMigrations();
      if (pending.length > 0) throw new NotReady(`${pending.length} migration(s) pending`);
      schemaCurrent = true;
    },
  };
}
