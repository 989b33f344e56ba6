import type { InferEntity } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { UserRepository } from '../../core/workspace/user-repository.port';
import type { UserRecord } from '../../core/workspace/user';
import { toLocale } from '../../core/workspace/user';
import { UserEntity } from './entities/user.entity';
import { assertSameTeam } from './team-scope';

type Row = InferEntity<typeof UserEntity>;

export class PgUserRepository implements UserRepository {
  constructor(private readonly orm: MikroORM) {}

  async find(teamId: string, userId: string): Promise<UserRecord | null> {
    const row = await this.orm.em.fork().findOne(UserEntity, { teamId, userId });
    return row ? toRecord(row) : null;
  }

  async save(teamId: string, record: UserRecord): Promise<void> {
    assertSameTeam(teamId, record);
    await this.orm.em.fork().upsert(UserEntity, { ...record });
  }
}

function toRecord(row: Row): UserRecord {
  return {
    teamId: row.teamId,
    userId: row.userId,
    email: row.email,
    name: row.name,
    locale: toLocale(row.locale),
    createdAt: row.createdAt,
    lastSignedInAt: row.lastSignedInAt,
  };
}
