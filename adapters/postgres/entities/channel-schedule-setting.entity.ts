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
    // The browser's getTimezoneOffset() when saved: a summary's day is that zone's local day.
    timezoneOffsetMinutes: p.integer().default(0),
    // The IANA time zone it was saved in (daylight saving follows it); null: the offset above.
    timeZone: p.string().length(64).nullable(),
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
    'select distinct on (h.team_id, h.channel_id) h.id, h.team_id, h.channel_id, h.channel_name, h.is_summary_enabled, h.start_time_utc, h.lookback_days, h.timezone_offset_minutes, h.time_zone, h.updated_by, h.updated_at ' +
    'from channel_schedule_settings_history h order by h.team_id, h.channel_id, h.id desc',
  properties: {
    id: p.bigint('number').primary(),
    teamId: p.string(),
    channelId: p.string(),
    channelName: p.string(),
    isSummaryEnabled: p.boolean(),
    startTimeUtc: p.string(),
    lookbackDays: p.integer(),
    timezoneOffsetMinutes: p.integer(),
    timeZone: p.string().nullable(),
    updatedBy: p.string(),
    updatedAt: p.datetime(),
  },
});

// When each enabled schedule runs next (null when off), kept in step with the history by the
// repository. The due query reads it through the partial index: one indexed range scan, not a
// walk over every schedule. Ids and times only.
export const ChannelScheduleNextRunEntity = defineEntity({
  name: 'ChannelScheduleNextRun',
  tableName: 'channel_schedule_next_runs',
  properties: {
    teamId: p.string().length(32).primary(),
    channelId: p.string().length(32).primary(),
    startTimeUtc: p.string().length(5),
    timezoneOffsetMinutes: p.integer(),
    timeZone: p.string().length(64).nullable(),
    nextRunAt: p.datetime().nullable(),
  },
  indexes: [
    {
      name: 'channel_schedule_next_runs_due_index',
      expression:
        'create index "channel_schedule_next_runs_due_index" on "channel_schedule_next_runs" ("next_run_at") where "next_run_at" is not null',
    },
  ],
});
