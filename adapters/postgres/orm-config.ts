import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, PostgreSqlDriver } from '@mikro-orm/postgresql';
import type { Options } from '@mikro-orm/postgresql';
import type { SecretBox } from '../crypto/secret-box';
import { allEntities } from './entities';
import { migrations } from './migrations';
import { withSecrets } from './migrations/sealing-migration';

export const MIGRATIONS_TABLE = 'mikro_orm_migrations';

export interface OrmConfigOptions {
  poolMax?: number;
  /** The key that seals values at rest, for the migrations that seal rows already stored. */
  secrets?: SecretBox;
}

// Entities are listed explicitly (defineEntity, no decorators, no folder scanning) and migrations
// come from a static list, so the same config works under tsx, vitest and a bundler.
export function ormConfig(url: string, options: OrmConfigOptions = {}): Options {
  return defineConfig({
    driver: PostgreSqlDriver,
    clientUrl: url,
    entities: allEntities,
    extensions: [Migrator],
    pool: { min: 0, max: options.poolMax ?? 10 },
    debug: false,
    // knowledge_vectors: created by the knowledge migration only where pgvector exists
    // (adapters/vector). Routines: the migrations' own (tomo_reserve_usage), not entities'.
    schemaGenerator: { skipTables: ['knowledge_vectors'], ignoreRoutines: true },
    migrations: {
      tableName: MIGRATIONS_TABLE,
      path: 'adapters/postgres/migrations',
      emit: 'ts',
      transactional: true,
      allOrNothing: true,
      // The checked-in migrations are the source of truth; no snapshot file is written at runtime.
      snapshot: false,
      silent: true,
      migrationsList: withSecrets(migrations, options.secrets),
    },
  });
}
