import { defineEntity, p } from '@mikro-orm/core';

// A workspace's custom reactions (emoji name -> prompt).
export const ReactionSettingEntity = defineEntity({
  name: 'ReactionSetting',
  tableName: 'reaction_settings',
  properties: {
    teamId: p.string().length(32).primary(),
    id: p.string().length(64).primary(),
    name: p.string(),
    prompt: p.text(),
    category: p.string().length(16),
    updatedBy: p.string().length(32),
    updatedAt: p.datetime(),
  },
});
