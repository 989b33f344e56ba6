import type { TeamId } from '../shared/ids';
import type { PluginSettingRecord } from './plugin';

/** Table `workspace_plugin_settings`, one row per (team, plugin). */
export interface PluginSettingsRepository {
  list(teamId: TeamId): Promise<PluginSettingRecord[]>;
  /** Insert or replace by (teamId, pluginId). `record.teamId` must equal `teamId`. */
  save(teamId: TeamId, record: PluginSettingRecord): Promise<void>;
}
