import { apiFetch } from '../../../lib/settings/api-client';

/** DELETE /api/settings/members/:memberId/seat?subscriptionId= */
export const unassignSeat = (memberId: string, subscriptionId: string) =>
  apiFetch<void>(`/api/settings/members/${encodeURIComponent(memberId)}/seat?subscriptionId=${encodeURIComponent(subscriptionId)}`, {
    method: 'DELETE',
  });
