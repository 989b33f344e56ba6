import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../adapters/postgres/database';
import { PgBossJobQueue } from '../../../adapters/queue/pg-boss-job-queue';
import { testDatabase } from '../../support/database';
import { capturingLogger } from '../../support/logger';
import { eventually } from '../slack-app/support/slack-app-world';

/**
 * A failed job's output is a row: it must hold the error's name and message, never the data the
 * error quotes. PostgreSQL quotes a refused row in `detail`, and MikroORM appends it to the message.
 */
const SECRET = 'ZEBRA-7731-SECRET';

describe('failed jobs keep no quoted data in their output or the log', () => {
  const plain = { name: 'privacy-plain', retryLimit: 0 };
  const dispatched = { name: 'privacy-dispatched', retryLimit: 0, dispatched: true };
  const captured = capturingLogger('trace');
  let queue: PgBossJobQueue;
  let database: Database;
  let client: pg.Client;

  beforeAll(async () => {
    const db = await testDatabase();
    database = await openDatabase(db.url, { poolMax: 2 });
    queue = await PgBossJobQueue.start(db.url, { logger: captured.logger, queues: [plain, dispatched] });
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
    await client.query(`create table privacy_probe (text text check (text not like '%ZEBRA%'))`);
  });

  afterAll(async () => {
    await client?.end();
    await queue?.stop(1000);
    await database?.close();
  });

  /** What a use case storing a person's text meets when the database refuses the row. */
  const refusedInsert = async () => {
    await database.orm.em.getDriver().execute(`insert into privacy_probe (text) values (?)`, [`notes: ${SECRET}`]);
    return {};
  };

  it.each([plain, dispatched])('$name', async (definition) => {
    const id = (await queue.send(definition.name, { teamId: 'T1' }))!;
    await queue.work(definition.name, refusedInsert);
    const row = await eventually(async () => {
      const { rows } = await client.query<{ state: string; output: unknown }>(`select state, output from pgboss.job where id = $1`, [id]);
      expect(rows[0]!.state).toBe('failed');
      return rows[0]!;
    });
    expect(JSON.stringify(row.output)).toContain('violates check constraint');
    expect(JSON.stringify(row.output)).not.toContain(SECRET);
    expect(captured.output()).not.toContain(SECRET);
  });
});
