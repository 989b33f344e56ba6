import { apiFetch } from '../../../lib/settings/api-client';
import type { AppSettings } from './get-app-settings';

/** PUT /api/settings/app — name ('' reverts to the default) and greeting; omitted fields stay. */
export interface AppSettingsChange {
  appName?: string | null;
  greetingWhenJoiningChannel?: boolean;
}

export const updateAppSettings = (change: AppSettingsChange) =>
  apiFetch<AppSettings>('/api/settings/app', { method: 'PUT', json: change });
