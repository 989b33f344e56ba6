import { beforeEach, describe, expect, it } from 'vitest';
import { InMemoryPluginSettingsRepository } from '../../adapters/memory/in-memory-plugin-settings-repository';
import { PgPluginSettingsRepository } from '../../adapters/postgres/pg-plugin-settings-repository';
import type { PluginSettingRecord } from '../../core/plugins/plugin';
import type { PluginSettingsRepository } from '../../core/plugins/plugin-settings-repository.port';
import { implementations } from './support/implementations';
import { at, TEAM_A, TEAM_B } from './support/records';

const aSetting = (overrides: Partial<PluginSettingRecord> = {}): PluginSettingRecord => ({
  teamId: TEAM_A,
  pluginId: 'calculator',
  enabled: false,
  updatedBy: 'U001',
  updatedAt: at(1),
  ...overrides,
});

describe.each(
  implementations<PluginSettingsRepository>({
    memory: () => new InMemoryPluginSettingsRepository(),
    postgres: (orm) => new PgPluginSettingsRepository(orm),
  }),
)('PluginSettingsRepository ($name)', ({ create }) => {
  let plugins: PluginSettingsRepository;
  beforeEach(async () => {
    plugins = await create();
  });

  it('lists nothing for a workspace that never changed a plugin', async () => {
    expect(await plugins.list(TEAM_A)).toEqual([]);
  });

  it('stores one row per plugin and replaces it on the next save', async () => {
    await plugins.save(TEAM_A, aSetting());
    await plugins.save(TEAM_A, aSetting({ pluginId: 'pdf-search' }));
    await plugins.save(TEAM_A, aSetting({ enabled: true, updatedBy: 'U002', updatedAt: at(5) }));
    const rows = await plugins.list(TEAM_A);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.pluginId === 'calculator')).toEqual(aSetting({ enabled: true, updatedBy: 'U002', updatedAt: at(5) }));
  });

  it('keeps teams apart', async () => {
    await plugins.save(TEAM_A, aSetting());
    expect(await plugins.list(TEAM_B)).toEqual([]);
    await expect(plugins.save(TEAM_B, aSetting())).rejects.toThrow(/team/);
  });
});
