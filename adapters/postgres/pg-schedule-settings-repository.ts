import type { InferEntity } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { ScheduleSettingsRepository } from '../../core/schedules/schedule-settings-repository.port';
import type { ScheduleSettingRecord } from '../../core/schedules/schedule-setting';
import {
  ChannelScheduleSettingHistoryEntity,
  ChannelScheduleSettingViewEntity,
} from './entities/channel-schedule-setting.entity';
import { assertSameTeam } from './team-scope';

type ViewRow = InferEntity<typeof ChannelScheduleSettingViewEntity>;

/** Writes append to channel_schedule_settings_history; reads come from channel_schedule_settings_view. */
export class PgScheduleSettingsRepository implements ScheduleSettingsRepository {
  constructor(private readonly orm: MikroORM) {}

  async listLatest(teamId: string): Promise<ScheduleSettingRecord[]> {
    const rows = await this.orm.em.fork().find(ChannelScheduleSettingViewEntity, { teamId }, { orderBy: { id: 'asc' } });
    return rows.map(toRecord);
  }

  async findLatest(teamId: string, channelId: string): Promise<ScheduleSettingRecord | null> {
    const row = await this.orm.em.fork().findOne(ChannelScheduleSettingViewEntity, { teamId, channelId });
    return row ? toRecord(row) : null;
  }

  async append(teamId: string, record: ScheduleSettingRecord): Promise<void> {
    assertSameTeam(teamId, record);
    await this.orm.em.fork().insert(ChannelScheduleSettingHistoryEntity, { ...record });
  }
}

function toRecord(row: ViewRow): ScheduleSettingRecord {
  return {
    teamId: row.teamId,
    channelId: row.channelId,
    channelName: row.channelName,
    isSummaryEnabled: row.isSummaryEnabled,
    startTimeUtc: row.startTimeUtc,
    lookbackDays: row.lookbackDays,
    updatedBy: row.updatedBy,
    updatedAt: row.updatedAt,
  };
}
