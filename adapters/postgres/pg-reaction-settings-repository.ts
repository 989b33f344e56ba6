import type { InferEntity } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
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

  async delete(teamId: string, id: string): Promise<boolean> {
    return (await this.orm.em.fork().nativeDelete(ReactionSettingEntity, { teamId, id })) > 0;
  }
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
