import { describe, expect, it } from 'vitest';
import { InMemoryConnectionLock } from '../../adapters/memory/in-memory-connection-lock';
import { PgConnectionLock } from '../../adapters/postgres/pg-connection-lock';
import type { ConnectionLock } from '../../core/integrations/integration-oauth.port';
import { fileDatabase, implementations } from './support/implementations';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(
  implementations<ConnectionLock>({
    memory: () => new InMemoryConnectionLock(),
    postgres: (orm) => new PgConnectionLock(orm),
  }),
)('ConnectionLock ($name)', ({ create }) => {
  it('runs one piece of work per key at a time, others at once, and goes on after a failure', async () => {
    const lock = await create();
    const events: string[] = [];
    const work = (name: string, ms: number) => async () => {
      events.push(`${name} start`);
      await pause(ms);
      events.push(`${name} end`);
      return name;
    };
    const failing = lock.withLock('oauth:T1:U1:github', async () => {
      events.push('fail start');
      throw new Error('refresh failed');
    });
    const [a, b, c] = await Promise.all([
      lock.withLock('oauth:T1:U1:github', work('a', 60)),
      lock.withLock('oauth:T1:U1:github', work('b', 10)),
      lock.withLock('oauth:T1:U2:github', work('c', 5)),
      failing.catch(() => 'failed'),
    ]);
    expect([a, b, c]).toEqual(['a', 'b', 'c']);
    // a and b never overlap; c (another connection) does not wait for them.
    const aEnd = events.indexOf('a end');
    const bStart = events.indexOf('b start');
    const aStart = events.indexOf('a start');
    expect(bStart > aEnd || events.indexOf('b end') < aStart).toBe(true);
    expect(events.indexOf('c end')).toBeLessThan(aEnd);
  });
});

describe('ConnectionLock (postgres): the pool it shares with the work', () => {
  it('finishes more locked works at once than the pool has connections, each work querying through the same pool', async () => {
    const { orm } = await fileDatabase();
    const lock = new PgConnectionLock(orm);
    const poolMax = (orm.config.get('pool') as { max: number }).max;
    // As a refresh does: read the connection's row, ask the provider, write the new tokens.
    const refresh = (i: number) =>
      lock.withLock(`oauth:T1:U${i}:google`, async () => {
        await orm.em.fork().getConnection().execute('select 1');
        await pause(20);
        const [row] = await orm.em.fork().getConnection().execute<{ n: number }[]>('select ?::int as n', [i]);
        return row!.n;
      });
    const done = await Promise.all(Array.from({ length: poolMax + 2 }, (_, i) => refresh(i)));
    expect(done).toEqual(Array.from({ length: poolMax + 2 }, (_, i) => i));
  }, 20_000);
});
