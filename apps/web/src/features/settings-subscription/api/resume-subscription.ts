import { apiFetch } from '../../../lib/settings/api-client';
import type { SubscriptionView } from './get-subscription';

/** POST /api/billing/subscriptions/:id/resume (admins): a paused plan, once a payment method is added. */
export const resumeSubscription = (subscriptionId: string) =>
  apiFetch<{ subscription: SubscriptionView }>(`/api/billing/subscriptions/${encodeURIComponent(subscriptionId)}/resume`, { method: 'POST' });
