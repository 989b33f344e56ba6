import { apiFetch } from '../../../lib/settings/api-client';

/** PUT /api/settings/auto-replies/:botUserId */
export const saveAutoReply = (botUserId: string, change: { instruction: string; enabled: boolean }) =>
  apiFetch<unknown>(`/api/settings/auto-replies/${encodeURIComponent(botUserId)}`, { method: 'PUT', json: change });
