import { apiFetch } from '../../../lib/settings/api-client';

export interface SubscriptionView {
  id: string;
  kind: 'trial' | 'paid';
  planKey: string;
  planDisplayName: string;
  status: 'trialing' | 'active' | 'past_due' | 'canceled' | 'expired';
  quantity: number;
  interval: 'monthly' | 'yearly' | null;
  billingMode: 'fixed_rate' | 'pay_as_you_go' | null;
  currentPeriodEnd: string;
  autoRenew: boolean;
}

/** GET /api/settings/subscription */
export const getSubscription = () => apiFetch<{ current: SubscriptionView[]; past: SubscriptionView[] }>('/api/settings/subscription');
