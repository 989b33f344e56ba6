import { apiFetch } from '../../../lib/settings/api-client';

/** DELETE /api/settings/reactions/:id */
export const deleteReaction = (id: string) => apiFetch<void>(`/api/settings/reactions/${encodeURIComponent(id)}`, { method: 'DELETE' });
