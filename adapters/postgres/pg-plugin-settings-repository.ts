import type { InferEntity } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { PluginSettingsRepository } from '../../core/plugins/plugin-settings-repository.port';
import type { PluginSettingRecord } from '../../core/plugins/plugin';
import { isPluginId } from '../../core/plugins/plugin';
import { PluginSettingEntity } from './entities/plugin-setting.entity';
import { entityReads } from './native-pool';
import { assertSameTeam } from './team-scope';

type Row = InferEntity<typeof PluginSettingEntity>;

export class PgPluginSettingsRepository implements PluginSettingsRepository {
  // Every answer reads this first: a named statement without the ORM (ADR 83).
  private readonly byTeam: (values: readonly unknown[]) => Promise<Row[]>;

  constructor(private readonly orm: MikroORM) {
    this.byTeam = entityReads<Row>(orm, PluginSettingEntity)(['team_id'], 'plugin_id asc');
  }

  async list(teamId: string): Promise<PluginSettingRecord[]> {
    const rows = await this.byTeam([teamId]);
    // A plugin removed from the catalogue may still have a row; it is not reported.
    return rows.flatMap((row) => {
      const record = toRecord(row);
      return record ? [record] : [];
    });
  }

  async save(teamId: string, record: PluginSettingRecord): Promise<void> {
    assertSameTeam(teamId, record);
    await this.orm.em.fork().upsert(PluginSettingEntity, { ...record });
  }
}

function toRecord(row: Row): PluginSettingRecord | null {
  if (!isPluginId(row.pluginId)) return null;
  return {
    teamId: row.teamId,
    pluginId: row.pluginId,
    enabled: row.enabled,
    updatedBy: row.updatedBy,
    updatedAt: row.updatedAt,
  };
}
