import type { MikroORM } from '@mikro-orm/postgresql';
import type pg from 'pg';

/**
 * The `pg` pool under MikroORM, for adapters that speak SQL the ORM's `?` bindings do not
 * express (arrays, `unnest`, several statements in one transaction): the vector stores.
 */
export async function nativePool(orm: MikroORM): Promise<pg.Pool> {
  return (await orm.em.getConnection().getNativeClient()) as pg.Pool;
}
