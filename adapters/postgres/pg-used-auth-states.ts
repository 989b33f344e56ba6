import { createHash } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { AuthStateFlow, UsedAuthStates } from '../../core/workspace/used-auth-states.port';
import { UsedAuthStateEntity } from './entities/used-auth-state.entity';

/** The stored key: flow and state hashed together, so the table names no state a callback could carry. */
const stateHash = (flow: AuthStateFlow, state: string) => createHash('sha256').update(`${flow}\n${state}`, 'utf8').digest('hex');

/** UsedAuthStates in PostgreSQL: one row per used state, shared by every server process. */
export class PgUsedAuthStates implements UsedAuthStates {
  constructor(private readonly orm: MikroORM) {}

  async claim(flow: AuthStateFlow, state: string, expiresAt: Date, now: Date): Promise<boolean> {
    const table = this.orm.getMetadata().get(UsedAuthStateEntity).tableName;
    // One statement: forget the states past their expiry (a handful a minute: the index on
    // expires_at keeps it small), then insert … on conflict do nothing: of two racing claims,
    // in one process or in two, exactly one inserts.
    const rows = (await this.orm.em.getConnection().execute(
      `with forgotten as (delete from "${table}" where expires_at < ?)
       insert into "${table}" (state_hash, expires_at) values (?, ?)
       on conflict (state_hash) do nothing returning state_hash`,
      [now, stateHash(flow, state), expiresAt],
    )) as unknown[];
    return rows.length === 1;
  }
}
