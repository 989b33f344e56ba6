import type { InferEntity } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { SessionRepository } from '../../core/workspace/session-repository.port';
import type { SessionRecord } from '../../core/workspace/session';
import { SessionEntity } from './entities/session.entity';

type Row = InferEntity<typeof SessionEntity>;

/** Server-side sessions; the key is a keyed hash of the cookie value, never the value itself. */
export class PgSessionRepository implements SessionRepository {
  constructor(private readonly orm: MikroORM) {}

  async create(record: SessionRecord): Promise<void> {
    const em = this.orm.em.fork();
    em.create(SessionEntity, { ...record });
    await em.flush();
  }

  async findByIdHash(idHash: string): Promise<SessionRecord | null> {
    const row = await this.orm.em.fork().findOne(SessionEntity, { idHash });
    return row ? toRecord(row) : null;
  }

  async delete(idHash: string): Promise<boolean> {
    return (await this.orm.em.fork().nativeDelete(SessionEntity, { idHash })) > 0;
  }

  async deleteForUser(teamId: string, userId: string): Promise<number> {
    return this.orm.em.fork().nativeDelete(SessionEntity, { teamId, userId });
  }

  async deleteExpired(now: Date): Promise<number> {
    return this.orm.em.fork().nativeDelete(SessionEntity, { expiresAt: { $lte: now } });
  }
}

function toRecord(row: Row): SessionRecord {
  return {
    idHash: row.idHash,
    teamId: row.teamId,
    userId: row.userId,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
  };
}
