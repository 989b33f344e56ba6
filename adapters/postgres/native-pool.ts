import type { MikroORM } from '@mikro-orm/postgresql';
import { createHash } from 'node:crypto';
import type { EntityName } from '@mikro-orm/core';
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
 * asked (ADR 83): PostgreSQL parses each once per connection, and no query building,
 * hydration or identity map runs on the way, which in a burst of questions cost more CPU
 * than the queries themselves. Rows come as PostgreSQL sends them; timestamps are text (the
 * ORM's type parsers on this pool), read with `dateReader`.
 */
export function preparedQueries(orm: MikroORM): PreparedQuery {
  let pool: Promise<pg.Pool> | undefined;
  return async <R extends pg.QueryResultRow>(name: string, text: string, values: readonly unknown[]) => {
    pool ??= nativePool(orm);
    return (await (await pool).query<R>({ name, text, values: [...values] })).rows;
  };
}

/** Reads a timestamp column as the pool returns it (text) into a Date, as the ORM does. */
export function dateReader(orm: MikroORM): (value: string | Date) => Date {
  const platform = orm.em.getPlatform();
  return (value) => (value instanceof Date ? value : (platform.parseDate(value) as Date));
}

/**
 * An entity's rows read by named statements: `select * from <its table> where <columns> = $n
 * [order by …]`, each row mapped to the entity's property names and types (timestamps as
 * Dates), as the ORM's `find` would return them, for the same `toRecord`s.
 */
export function entityReads<T>(
  orm: MikroORM,
  entity: EntityName<T>,
): (where: readonly string[], orderBy?: string, limit?: number) => (values: readonly unknown[]) => Promise<T[]> {
  const meta = orm.getMetadata().get(entity);
  const fields = meta.props
    .filter((prop) => prop.fieldNames?.length === 1)
    .map((prop) => ({ column: prop.fieldNames[0]!, name: prop.name, type: prop.runtimeType }));
  const query = preparedQueries(orm);
  const toDate = dateReader(orm);
  const toRow = (row: Record<string, unknown>): T => {
    const mapped: Record<string, unknown> = {};
    for (const field of fields) {
      const value = row[field.column];
      // Timestamps come as text, bigints (an id mapped to a number) as digits.
      mapped[field.name] =
        value == null ? value : field.type === 'Date' ? toDate(value as string) : field.type === 'number' && typeof value === 'string' ? Number(value) : value;
    }
    return mapped as T;
  };
  return (where, orderBy, limit) => {
    const text =
      `select * from "${meta.tableName}" where ${where.map((column, n) => `${column} = $${n + 1}`).join(' and ')}` +
      `${orderBy ? ` order by ${orderBy}` : ''}${limit ? ` limit ${limit}` : ''}`;
    // PostgreSQL keeps 63 characters of a statement's name: a digest of its text fits.
    const name = `read:${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    return async (values) => (await query<Record<string, unknown>>(name, text, values)).map(toRow);
  };
}
