import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll } from 'vitest';
import { openDatabase } from '../../../adapters/postgres/database';
import type { Database } from '../../../adapters/postgres/database';
import { testDatabase } from '../../support/database';

/** One implementation of a port under test; `create` gives a fresh, empty instance. */
export interface Implementation<T> {
  name: string;
  create(): Promise<T>;
}

let shared: Promise<Database> | undefined;

/** The test file's own database (migrated by the harness), opened once and closed after the file. */
export function fileDatabase(): Promise<Database> {
  shared ??= (async () => {
    const { url } = await testDatabase();
    const database = await openDatabase(url, { poolMax: 12 });
    await database.migrateUp();
    return database;
  })();
  return shared;
}

afterAll(async () => {
  const pending = shared;
  shared = undefined;
  if (pending) await (await pending).close();
});

/** Empties every table, so each test starts from nothing. */
export async function emptyTables(orm: MikroORM): Promise<void> {
  const tables = [...orm.getMetadata().getAll().values()]
    .filter((meta) => !meta.view && !meta.embeddable && !meta.virtual)
    .map((meta) => `"${meta.tableName}"`);
  await orm.em.getConnection().execute(`truncate table ${tables.join(', ')} restart identity`);
}

/** The in-memory fake and the Postgres adapter of one port, for `describe.each`. */
export function implementations<T>(factories: {
  memory: () => T;
  postgres: (orm: MikroORM) => T;
}): Implementation<T>[] {
  return [
    { name: 'in-memory', create: async () => factories.memory() },
    {
      name: 'postgres',
      create: async () => {
        const { orm } = await fileDatabase();
        await emptyTables(orm);
        return factories.postgres(orm);
      },
    },
  ];
}
