import { defineEntity, p } from '@mikro-orm/core';

// History + view, latest row per (team, channel).
export const ChannelScheduleSettingHistoryEntity = defineEntity({
  name: 'ChannelScheduleSettingHistory',
  tableName: 'channel_schedule_settings_history',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    teamId: p.string().length(32),
    channelId: p.string().length(32),
    channelName: p.string(),
    isSummaryEnabled: p.boolean(),
    // 'HH:mm' in UTC.
    startTimeUtc: p.string().length(5),
    lookbackDays: p.integer(),
    updatedBy: p.string().length(32),
    updatedAt: p.datetime(),
  },
  indexes: [{ name: 'channel_schedule_settings_history_key_index', properties: ['teamId', 'channelId', 'id'] }],
});

export const ChannelScheduleSettingViewEntity = defineEntity({
  name: 'ChannelScheduleSettingView',
  tableName: 'channel_schedule_settings_view',
  view: true,
  expression:
    'select distinct on (h.team_id, h.channel_id) h.id, h.team_id, h.channel_id, h.channel_name, h.is_summary_enabled, h.start_time_utc, h.lookback_days, h.updated_by, h.updated_at ' +
    'from channel_schedule_settings_history h order by h.team_id, h.channel_id, h.id desc',
  properties: {
    id: p.bigint('number').primary(),
    teamId: p.string(),
    channelId: p.string(),
    channelName: p.string(),
    isSummaryEnabled: p.boolean(),
    startTimeUtc: p.string(),
    lookbackDays: p.integer(),
    updatedBy: p.string(),
    updatedAt: p.datetime(),
  },
});
