import { createHash } from 'node:crypto';
import type { InferEntity } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { SessionRecord, SessionStore } from '../../core/workspace/session-store.port';
import { SessionEntity } from './entities/session.entity';

type Row = InferEntity<typeof SessionEntity>;

const hash = (id: string) => createHash('sha256').update(id, 'utf8').digest('hex');

/** Server-side sessions; the table holds only hashes of the cookie values. */
export class PgSessionStore implements SessionStore {
  constructor(private readonly orm: MikroORM) {}

  async create(session: SessionRecord): Promise<void> {
    const { id, ...rest } = session;
    await this.orm.em.fork().insert(SessionEntity, { idHash: hash(id), ...rest });
  }

  async find(id: string, now: Date): Promise<SessionRecord | null> {
    const row = await this.orm.em.fork().findOne(SessionEntity, { idHash: hash(id), expiresAt: { $gt: now } });
    return row ? toRecord(id, row) : null;
  }

  async revoke(id: string): Promise<boolean> {
    return (await this.orm.em.fork().nativeDelete(SessionEntity, { idHash: hash(id) })) > 0;
  }

  async revokeAllForUser(teamId: string, userId: string): Promise<number> {
    return this.orm.em.fork().nativeDelete(SessionEntity, { teamId, userId });
  }

  async purgeExpired(now: Date): Promise<number> {
    return this.orm.em.fork().nativeDelete(SessionEntity, { expiresAt: { $lte: now } });
  }
}

function toRecord(id: string, row: Row): SessionRecord {
  return { id, teamId: row.teamId, userId: row.userId, createdAt: row.createdAt, expiresAt: row.expiresAt };
}
