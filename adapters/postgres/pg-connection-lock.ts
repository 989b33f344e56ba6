import type { MikroORM } from '@mikro-orm/postgresql';
import type { ConnectionLock } from '../../core/integrations/integration-oauth.port';

/**
 * One refresh of a connection at a time across every server and worker process: a
 * transaction-scoped advisory lock on the connection's key, held while the work runs (a
 * provider that rotates refresh tokens would otherwise see the old one used twice).
 */
export class PgConnectionLock implements ConnectionLock {
  constructor(private readonly orm: MikroORM) {}

  async withLock<T>(key: string, work: () => Promise<T>): Promise<T> {
    const connection = this.orm.em.getConnection();
    return connection.transactional(async (trx) => {
      await connection.execute('select pg_advisory_xact_lock(hashtextextended(?, 14))', [key], 'all', trx);
      return work();
    });
  }
}
