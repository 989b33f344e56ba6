import { apiFetch } from '../../../lib/settings/api-client';

/** GET /api/settings/app */
export interface AppSettings {
  appName: string | null;
  defaultAppName: string;
  effectiveAppName: string;
  iconUrl: string | null;
  greetingWhenJoiningChannel: boolean;
  updatedByName: string | null;
  updatedAt: string | null;
}

export const getAppSettings = () => apiFetch<AppSettings>('/api/settings/app');
