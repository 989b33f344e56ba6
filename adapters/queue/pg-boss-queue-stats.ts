import type { PgBoss } from 'pg-boss';
import type { QueueStat } from '../metrics/prometheus-metrics';

/**
 * Backlog per queue straight from pg-boss's job table (one aggregate over the unfinished jobs,
 * which the queue keeps few): pg-boss's own cached counts lag by a monitor interval and carry
 * no age, and the age of the oldest waiting job is what says "workers are not keeping up".
 */
export function pgBossQueueStats(boss: Pick<PgBoss, 'getDb'>, schema = 'pgboss'): () => Promise<QueueStat[]> {
  const sql = `
    select name,
      count(*) filter (where state < 'active' and start_after <= now())::int as ready,
      count(*) filter (where state < 'active' and start_after > now())::int as deferred,
      count(*) filter (where state = 'active')::int as active,
      coalesce(extract(epoch from now() - min(created_on) filter (where state < 'active' and start_after <= now())), 0)::float8 as oldest
    from ${schema}.job
    where state <= 'active' and name not like '\\_\\_pgboss\\_\\_%'
    group by name`;
  return async () => {
    const { rows } = await boss.getDb().executeSql(sql);
    return (rows as { name: string; ready: number; deferred: number; active: number; oldest: number }[]).map((row) => ({
      queue: row.name,
      ready: row.ready,
      deferred: row.deferred,
      active: row.active,
      oldestReadySeconds: Math.max(0, row.oldest),
    }));
  };
}
