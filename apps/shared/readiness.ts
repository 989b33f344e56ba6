import type { Database } from '../../adapters/postgres/database';
import { NotReady } from './health';

/**
 * How long one database check answers `/readyz`: a flood of it (it is public and not rate
 * limited, as load balancers poll it) costs each process at most one query a second, and an
 * outage shows within about a second of the check after it began.
 */
export const READINESS_CHECK_TTL_MS = 1_000;

/**
 * Ready when the database answers and no migration is pending (checked until first true). One
 * check at a time (callers meanwhile share it), and its outcome, ready or not, is kept
 * `ttlMs` after it settled.
 */
export function databaseReadiness(database: Pick<Database, 'ping' | 'pendingMigrations'>, ttlMs = READINESS_CHECK_TTL_MS) {
  let schemaCurrent = false;
  let running: Promise<void> | undefined;
  let last: { at: number; ok: boolean; error?: unknown } | undefined;
  const probe = async () => {
    await database.ping();
    if (schemaCurrent) return;
    const pending = await database.pendingMigrations();
    if (pending.length > 0) throw new NotReady(`${pending.length} migration(s) pending`);
    schemaCurrent = true;
  };
  return {
    check(): Promise<void> {
      if (running) return running;
      if (last && performance.now() - last.at < ttlMs) return last.ok ? Promise.resolve() : Promise.reject(last.error);
      const settle = (outcome: { ok: boolean; error?: unknown }) => {
        last = { at: performance.now(), ...outcome };
        running = undefined;
      };
      running = probe().then(
        () => settle({ ok: true }),
        (error: unknown) => {
          settle({ ok: false, error });
          throw error;
        },
      );
      return running;
    },
  };
}
