import type { PluginSettingsRepository } from '../../core/plugins/plugin-settings-repository.port';
import type { PluginSettingRecord } from '../../core/plugins/plugin';
import { assertSameTeam, clone } from './clone';

export class InMemoryPluginSettingsRepository implements PluginSettingsRepository {
  private readonly rows = new Map<string, PluginSettingRecord>();

  async list(teamId: string): Promise<PluginSettingRecord[]> {
    return [...this.rows.values()].filter((r) => r.teamId === teamId).map(clone);
  }

  async save(teamId: string, record: PluginSettingRecord): Promise<void> {
    assertSameTeam(teamId, record);
    this.rows.set(`${teamId}/${record.pluginId}`, clone(record));
  }
}
