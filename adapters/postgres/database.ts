import { MikroORM } from '@mikro-orm/postgresql';
import type { Migrator } from '@mikro-orm/migrations';
import { ormConfig, type OrmConfigOptions } from './orm-config';

export interface Database {
  orm: MikroORM;
  /**
   * Applies every pending migration in one transaction; safe to call from several processes at
   * once. Resolves with the names this call applied (none when another process got there first).
   */
  migrateUp(): Promise<string[]>;
  /** Names of migrations not yet applied (empty when the schema is current). */
  pendingMigrations(): Promise<string[]>;
  /** Throws when the database cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

// Any constant works; it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK_KEY = 7_400_117_001;

/**
 * `secrets`: the key that seals values at rest (ENCRYPTION_KEY). The processes that migrate
 * (server, worker, `npm run db:migrate`) pass it: a migration that seals rows already stored
 * needs it, and refuses to run without it on a database that holds such rows.
 */
export async function openDatabase(url: string, options: OrmConfigOptions = {}): Promise<Database> {
  const orm = await MikroORM.init(ormConfig(url, options));
  const migrator = orm.migrator as Migrator;
  const connection = orm.em.getConnection();

  return {
    orm,
    async migrateUp() {
      // Server and worker may start together: the advisory lock makes the second one wait and
      // then find nothing pending, instead of racing on the same DDL.
      const applied = await connection.transactional(async (trx) => {
        await connection.execute('select pg_advisory_xact_lock(?)', [MIGRATION_LOCK_KEY], 'all', trx);
        return migrator.up({ transaction: trx });
      });
      return applied.map((migration) => migration.name);
    },
    async pendingMigrations() {
      const pending = await migrator.getPending();
      return pending.map((m) => m.name);
    },
    async ping() {
      await connection.execute('select 1');
    },
    async close() {
      await orm.close(true);
    },
  };
}
