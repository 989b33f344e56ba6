import { defineEntity, p } from '@mikro-orm/core';

// History + view: every change appends a row; the view is the latest row per (team, bot),
// "latest" meaning the last one written (highest id), whatever the clock said.
export const AutoReplySettingHistoryEntity = defineEntity({
  name: 'AutoReplySettingHistory',
  tableName: 'auto_reply_settings_history',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    teamId: p.string().length(32),
    botUserId: p.string().length(32),
    botName: p.string(),
    instruction: p.text(),
    enabled: p.boolean(),
    updatedBy: p.string().length(32),
    updatedAt: p.datetime(),
  },
  indexes: [{ name: 'auto_reply_settings_history_key_index', properties: ['teamId', 'botUserId', 'id'] }],
});

export const AutoReplySettingViewEntity = defineEntity({
  name: 'AutoReplySettingView',
  tableName: 'auto_reply_settings_view',
  view: true,
  expression:
    'select distinct on (h.team_id, h.bot_user_id) h.id, h.team_id, h.bot_user_id, h.bot_name, h.instruction, h.enabled, h.updated_by, h.updated_at ' +
    'from auto_reply_settings_history h order by h.team_id, h.bot_user_id, h.id desc',
  properties: {
    id: p.bigint('number').primary(),
    teamId: p.string(),
    botUserId: p.string(),
    botName: p.string(),
    instruction: p.text(),
    enabled: p.boolean(),
    updatedBy: p.string(),
    updatedAt: p.datetime(),
  },
});
