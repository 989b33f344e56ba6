import { apiFetch } from '../../../lib/settings/api-client';
import type { PluginView } from './get-plugins';

/** PUT /api/settings/plugins/:pluginId */
export const setPluginEnabled = (pluginId: string, enabled: boolean) =>
  apiFetch<{ plugins: PluginView[] }>(`/api/settings/plugins/${encodeURIComponent(pluginId)}`, { method: 'PUT', json: { enabled } });
