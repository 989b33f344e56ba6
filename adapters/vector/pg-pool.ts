import type pg from 'pg';

export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** True when the pgvector table exists (the migration creates it only where the extension does). */
export async function hasVectorTable(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query<{ present: boolean }>(`select to_regclass('knowledge_vectors') is not null as present`);
  return rows[0]?.present === true;
}
