import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../adapters/embedded-postgres/embedded-postgres-server';
import { isDatabaseUnreachable, whileDatabaseAway } from '../../../adapters/postgres/database-wait';
import { openDatabase, type Database } from '../../../adapters/postgres/database';
import { testDatabase } from '../../support/database';

/** Real errors off the wire: a port nothing listens on, and a live database asked a bad question. */
async function errorOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('waiting for PostgreSQL at start-up', () => {
  let closedUrl: string;
  let database: Database;
  beforeAll(async () => {
    closedUrl = `postgres://postgres@127.0.0.1:${await freePort()}/postgres`;
    database = await openDatabase((await testDatabase()).url);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('tells a server that is not there from errors waiting would not mend', async () => {
    const refusedByPg = await errorOf(async () => {
      const client = new pg.Client({ connectionString: closedUrl });
      await client.connect();
    });
    expect(isDatabaseUnreachable(refusedByPg)).toBe(true);
    // Through MikroORM, as start-up meets it: the ORM's own exception around the driver's.
    const refusedByOrm = await errorOf(async () => {
      const opened = await openDatabase(closedUrl);
      try {
        await opened.migrateUp();
      } finally {
        await opened.close().catch(() => undefined);
      }
    });
    expect(isDatabaseUnreachable(refusedByOrm)).toBe(true);

    expect(isDatabaseUnreachable(await errorOf(() => database.orm.em.getConnection().execute('select * from no_such_table')))).toBe(false);
    expect(isDatabaseUnreachable({ code: '57P03', message: 'the database system is starting up' })).toBe(true);
    expect(isDatabaseUnreachable({ code: '28P01', message: 'password authentication failed for user "tomo"' })).toBe(false);
    expect(isDatabaseUnreachable({ code: '3D000', message: 'database "tomo" does not exist' })).toBe(false);
    expect(isDatabaseUnreachable(new Error('boom', { cause: new Error('Connection terminated unexpectedly') }))).toBe(true);
  });

  it('tries again, 0.5 s doubling to 5 s, until PostgreSQL answers', async () => {
    let clock = 0;
    const waits: number[] = [];
    const warnings: string[] = [];
    let attempts = 0;
    const result = await whileDatabaseAway(
      async () => {
        attempts += 1;
        if (attempts < 7) {
          const client = new pg.Client({ connectionString: closedUrl });
          await client.connect();
        }
        return 'connected';
      },
      {
        waitMs: 60_000,
        warn: (details, message) => warnings.push(`${message} (${details.retryInMs} ms): ${details.error}`),
        sleep: async (ms) => {
          waits.push(ms);
          clock += ms;
        },
        now: () => clock,
      },
    );
    expect(result).toBe('connected');
    expect(waits).toEqual([500, 1_000, 2_000, 4_000, 5_000, 5_000]);
    expect(warnings[0]).toMatch(/^PostgreSQL is not answering yet; trying again \(500 ms\): .*ECONNREFUSED/);
  });

  it('gives up when the wait runs out, saying how long it waited, and at once on other errors', async () => {
    let clock = 0;
    const options = {
      waitMs: 10_000,
      warn: () => undefined,
      sleep: async (ms: number) => {
        clock += ms;
      },
      now: () => clock,
    };
    const refused = await errorOf(() =>
      whileDatabaseAway(async () => {
        const client = new pg.Client({ connectionString: closedUrl });
        await client.connect();
      }, options),
    );
    expect((refused as Error).message).toMatch(/^PostgreSQL did not answer within 10 s \(DATABASE_WAIT_SECONDS\): .*ECONNREFUSED/);
    expect(clock).toBe(500 + 1_000 + 2_000 + 4_000);

    let attempts = 0;
    const badSql = await errorOf(() =>
      whileDatabaseAway(() => {
        attempts += 1;
        return database.orm.em.getConnection().execute('select * from no_such_table');
      }, options),
    );
    expect(attempts).toBe(1);
    expect((badSql as Error).message).toContain('no_such_table');

    let once = 0;
    await errorOf(() =>
      whileDatabaseAway(async () => {
        once += 1;
        const client = new pg.Client({ connectionString: closedUrl });
        await client.connect();
      }, { ...options, waitMs: 0 }),
    );
    expect(once).toBe(1);
  });
});
