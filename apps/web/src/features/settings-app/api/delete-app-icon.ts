import { apiFetch } from '../../../lib/settings/api-client';
import type { AppSettings } from './get-app-settings';

/** DELETE /api/settings/app/icon — back to Tomo's original icon. */
export const deleteAppIcon = () => apiFetch<AppSettings>('/api/settings/app/icon', { method: 'DELETE' });
