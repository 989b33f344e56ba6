import type { InferEntity } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Outcome } from '../../core/shared/domain-error';
import type { ReactionSettingsRepository } from '../../core/reactions/reaction-settings-repository.port';
import type { CustomReactionRecord } from '../../core/reactions/reaction';
import { ReactionSettingEntity } from './entities/reaction-setting.entity';
import { assertSameTeam } from './team-scope';

type Row = InferEntity<typeof ReactionSettingEntity>;

export class PgReactionSettingsRepository implements ReactionSettingsRepository {
  constructor(private readonly orm: MikroORM) {}

  async list(teamId: string): Promise<CustomReactionRecord[]> {
    const rows = await this.orm.em.fork().find(ReactionSettingEntity, { teamId }, { orderBy: { name: 'asc', id: 'asc' } });
    return rows.map(toRecord);
  }

  async findById(teamId: string, id: string): Promise<CustomReactionRecord | null> {
    const row = await this.orm.em.fork().findOne(ReactionSettingEntity, { teamId, id });
    return row ? toRecord(row) : null;
  }

  async save(teamId: string, record: CustomReactionRecord): Promise<void> {
    assertSameTeam(teamId, record);
    await this.orm.em.fork().upsert(ReactionSettingEntity, { ...record });
  }

  async saveChecked(
    teamId: string,
    decide: (existing: CustomReactionRecord[]) => Outcome<CustomReactionRecord>,
  ): Promise<Outcome<CustomReactionRecord>> {
    return this.orm.em.fork().transactional(async (em) => {
      await lockTeam(em, teamId);
      // Read after the lock: every save or delete committed before this one is seen.
      const rows = await em.find(ReactionSettingEntity, { teamId }, { orderBy: { name: 'asc', id: 'asc' } });
      const decided = decide(rows.map(toRecord));
      if (!decided.ok) return decided;
      assertSameTeam(teamId, decided.value);
      await em.upsert(ReactionSettingEntity, { ...decided.value });
      return decided;
    });
  }

  async delete(teamId: string, id: string): Promise<boolean> {
    return this.orm.em.fork().transactional(async (em) => {
      // An edit checks that the reaction still exists: a delete in between would otherwise be undone.
      await lockTeam(em, teamId);
      return (await em.nativeDelete(ReactionSettingEntity, { teamId, id })) > 0;
    });
  }
}

/** One change of a workspace's custom reactions at a time (a row lock cannot cover a new name). */
async function lockTeam(em: EntityManager, teamId: string): Promise<void> {
  await em
    .getConnection()
    .execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`reactions/${teamId}`], 'all', em.getTransactionContext());
}

function toRecord(row: Row): CustomReactionRecord {
  return {
    teamId: row.teamId,
    id: row.id,
    name: row.name,
    prompt: row.prompt,
    category: row.category as CustomReactionRecord['category'],
    updatedBy: row.updatedBy,
    updatedAt: row.updatedAt,
  };
}
