import type { TeamId, UserId } from '../shared/ids';

/** The plugins Tomo can use while answering (spec 1). */
export const PLUGIN_IDS = ['calculator', 'web-browsing', 'search', 'repository-search', 'html-search', 'pdf-search'] as const;
export type PluginId = (typeof PLUGIN_IDS)[number];

export function isPluginId(value: string): value is PluginId {
  return (PLUGIN_IDS as readonly string[]).includes(value);
}

/** One workspace's choice for one plugin (table `workspace_plugin_settings`). */
export interface PluginSettingRecord {
  readonly teamId: TeamId;
  readonly pluginId: PluginId;
  readonly enabled: boolean;
  readonly updatedBy: UserId;
  readonly updatedAt: Date;
}

/** Plugins are on until a workspace turns them off. */
export const PLUGIN_ENABLED_BY_DEFAULT = true;

export interface PluginState {
  readonly pluginId: PluginId;
  readonly enabled: boolean;
  readonly updatedBy: UserId | null;
  readonly updatedAt: Date | null;
}

/** Every plugin in catalogue order with the workspace's setting, or the default when never set. */
export function pluginStates(saved: readonly PluginSettingRecord[]): PluginState[] {
  return PLUGIN_IDS.map((pluginId) => {
    const setting = saved.find((s) => s.pluginId === pluginId);
    return {
      pluginId,
      enabled: setting?.enabled ?? PLUGIN_ENABLED_BY_DEFAULT,
      updatedBy: setting?.updatedBy ?? null,
      updatedAt: setting?.updatedAt ?? null,
    };
  });
}
