import { apiFetch } from '../../../lib/settings/api-client';
import type { SubscriptionView } from './get-subscription';

/**
 * POST /api/billing/subscriptions/:id/seats (admins): Stripe's quantity with prorations, then
 * the rows; `prorationDate` from the preview makes the charge equal what was shown.
 */
export const changeSeats = (subscriptionId: string, quantity: number, prorationDate: string) =>
  apiFetch<{ subscription: SubscriptionView; unassignedMemberIds: string[] }>(
    `/api/billing/subscriptions/${encodeURIComponent(subscriptionId)}/seats`,
    { method: 'POST', json: { quantity, prorationDate } },
  );
