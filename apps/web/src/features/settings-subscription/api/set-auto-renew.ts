import { apiFetch } from '../../../lib/settings/api-client';
import type { SubscriptionView } from './get-subscription';

/** POST /api/billing/subscriptions/:id/auto-renew (admins): off cancels at period end, on resumes. */
export const setAutoRenew = (subscriptionId: string, autoRenew: boolean) =>
  apiFetch<{ subscription: SubscriptionView }>(
    `/api/billing/subscriptions/${encodeURIComponent(subscriptionId)}/auto-renew`,
    { method: 'POST', json: { autoRenew } },
  );
