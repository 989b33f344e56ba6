import type { MikroORM } from '@mikro-orm/postgresql';
import type { ConnectionLock } from '../../core/integrations/integration-oauth.port';

/**
 * One refresh of a connection at a time across every server and worker process: a
 * transaction-scoped advisory lock on the connection's key, held while the work runs (a
 * provider that rotates refresh tokens would otherwise see the old one used twice).
 *
 * The lock's transaction keeps one pooled connection for as long as the work runs, and the
 * work reads and writes through the same pool. So at most half the pool holds locks at once
 * in a process; the rest wait here, in order. Otherwise as many refreshes as the pool has
 * connections (people whose tokens expired overnight, asking together in the morning) would
 * each hold one and wait for another, and every query of the process would stall with them.
 */
export class PgConnectionLock implements ConnectionLock {
  private readonly maxHeld: number;
  private held = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly orm: MikroORM) {
    const poolMax = (orm.config.get('pool') as { max?: number } | undefined)?.max ?? 10;
    this.maxHeld = Math.max(1, Math.floor(poolMax / 2));
  }

  async withLock<T>(key: string, work: () => Promise<T>): Promise<T> {
    await this.turn();
    try {
      const connection = this.orm.em.getConnection();
      return await connection.transactional(async (trx) => {
        await connection.execute('select pg_advisory_xact_lock(hashtextextended(?, 14))', [key], 'all', trx);
        return work();
      });
    } finally {
      // The slot passes straight to the next in line, so no newcomer can slip in between.
      const next = this.waiting.shift();
      if (next) next();
      else this.held -= 1;
    }
  }

  private async turn(): Promise<void> {
    if (this.held < this.maxHeld) {
      this.held += 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }
}
