import { apiFetch } from '../../../lib/settings/api-client';

/** PUT /api/settings/members/:memberId/seat */
export const assignSeat = (memberId: string, subscriptionId: string) =>
  apiFetch<unknown>(`/api/settings/members/${encodeURIComponent(memberId)}/seat`, { method: 'PUT', json: { subscriptionId } });
