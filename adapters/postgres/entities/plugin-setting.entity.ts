import { defineEntity, p } from '@mikro-orm/core';

// Which plugins a workspace turned on or off (Plugins settings page). No row: the default (on).
export const PluginSettingEntity = defineEntity({
  name: 'PluginSetting',
  tableName: 'workspace_plugin_settings',
  properties: {
    teamId: p.string().length(32).primary(),
    pluginId: p.string().length(32).primary(),
    enabled: p.boolean(),
    updatedBy: p.string().length(32),
    updatedAt: p.datetime(),
  },
});
