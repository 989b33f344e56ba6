import type { MikroORM } from '@mikro-orm/postgresql';
import type pg from 'pg';

/**
 * The `pg` pool under MikroORM, for adapters that speak SQL the ORM's `?` bindings do not
 * express (arrays, `unnest`, several statements in one transaction): the vector stores.
 */
export async function nativePool(orm: MikroORM): Promise<pg.Pool> {
  return (await orm.em.getConnection().getNativeClient()) as pg.Pool;
}

export type PreparedQuery = <R extends pg.QueryResultRow>(name: string, text: string, values: readonly unknown[]) => Promise<R[]>;

/**
 * Named statements on that pool, for what every answer reads and writes before the model is
 * asked (ADR 34): PostgreSQL parses each once per connection, and no query building,
 * hydration or identity map runs on the way, which in a burst of questions cost more CPU
 * than the queries themselves. Rows come as PostgreSQL sends them; timestamps are text (the
 * ORM's type parsers on this pool), read with `toDate`.
 */
export function preparedQueries(orm: MikroORM): PreparedQuery {
  let pool: Promise<pg.Pool> | undefined;
  return async <R extends pg.QueryResultRow>(name: string, text: string, values: readonly unknown[]) => {
    pool ??= nativePool(orm);
    return (await (await pool).query<R>({ name, text, values: [...values] })).rows;
  };
}

/** A timestamp column as the pool returns it (text), as a Date. */
export function toDate(value: string | Date): Date {
  return value instanceof Date ? value : new Date(value);
}
