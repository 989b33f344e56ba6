import pg from 'pg';

/**
 * Every row of every table Tomo writes (its own and pg-boss's jobs), as one JSON text per table:
 * what a privacy check greps for text that must never be stored.
 */
export async function dumpTables(connectionString: string): Promise<{ table: string; dump: string }[]> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const tables = await client.query<{ schema: string; name: string }>(
      `select table_schema as schema, table_name as name from information_schema.tables
       where table_schema in ('public', 'pgboss') and table_type = 'BASE TABLE'`,
    );
    const dumps: { table: string; dump: string }[] = [];
    for (const { schema, name } of tables.rows) {
      dumps.push({ table: `${schema}.${name}`, dump: JSON.stringify((await client.query(`select * from "${schema}"."${name}"`)).rows) });
    }
    return dumps;
  } finally {
    await client.end();
  }
}
