import type { Database } from '../../adapters/postgres/database';

/** Ready when the database answers and no migration is pending (checked until first true). */
export function databaseReadiness(database: Pick<Database, 'ping' | 'pendingMigrations'>) {
  let schemaCurrent = false;
  return {
    async check(): Promise<void> {
      await database.ping();
      if (schemaCurrent) return;
      const pending = await database.pendingMigrations();
      if (pending.length > 0) throw new Error(`${pending.length} migration(s) pending`);
      schemaCurrent = true;
    },
  };
}
