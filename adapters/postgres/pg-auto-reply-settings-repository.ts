import type { InferEntity } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { AutoReplySettingsRepository } from '../../core/auto-replies/auto-reply-settings-repository.port';
import type { AutoReplySettingRecord } from '../../core/auto-replies/auto-reply-setting';
import { AutoReplySettingHistoryEntity, AutoReplySettingViewEntity } from './entities/auto-reply-setting.entity';
import { assertSameTeam } from './team-scope';

type ViewRow = InferEntity<typeof AutoReplySettingViewEntity>;

/** Writes append to auto_reply_settings_history; reads come from auto_reply_settings_view. */
export class PgAutoReplySettingsRepository implements AutoReplySettingsRepository {
  constructor(private readonly orm: MikroORM) {}

  async listLatest(teamId: string): Promise<AutoReplySettingRecord[]> {
    const rows = await this.orm.em.fork().find(AutoReplySettingViewEntity, { teamId }, { orderBy: { id: 'asc' } });
    return rows.map(toRecord);
  }

  async findLatest(teamId: string, botUserId: string): Promise<AutoReplySettingRecord | null> {
    const row = await this.orm.em.fork().findOne(AutoReplySettingViewEntity, { teamId, botUserId });
    return row ? toRecord(row) : null;
  }

  async append(teamId: string, record: AutoReplySettingRecord): Promise<void> {
    assertSameTeam(teamId, record);
    await this.orm.em.fork().insert(AutoReplySettingHistoryEntity, { ...record });
  }
}

function toRecord(row: ViewRow): AutoReplySettingRecord {
  return {
    teamId: row.teamId,
    botUserId: row.botUserId,
    botName: row.botName,
    instruction: row.instruction,
    enabled: row.enabled,
    updatedBy: row.updatedBy,
    updatedAt: row.updatedAt,
  };
}
