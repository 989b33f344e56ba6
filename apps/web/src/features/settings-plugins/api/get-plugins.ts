import { apiFetch } from '../../../lib/settings/api-client';

/** GET /api/settings/plugins */
export interface PluginView {
  pluginId: string;
  enabled: boolean;
  updatedByName: string | null;
  updatedAt: string | null;
}

export const getPlugins = () => apiFetch<{ plugins: PluginView[] }>('/api/settings/plugins');
