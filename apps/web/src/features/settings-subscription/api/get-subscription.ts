import { apiFetch } from '../../../lib/settings/api-client';

export type SubscriptionStatus = 'trialing' | 'active' | 'past_due' | 'suspended' | 'paused' | 'canceled' | 'expired';

/** A trial or plan as GET /api/settings/subscription describes it. */
export interface SubscriptionView {
  id: string;
  kind: 'trial' | 'paid';
  planKey: string;
  planDisplayName: string;
  status: SubscriptionStatus;
  /** Status paused: why (absent from servers older than this page: a trial that ended without a payment method). */
  pauseReason?: 'trial_ended' | 'payment_failed' | 'requested' | 'other' | null;
  quantity: number;
  interval: 'monthly' | 'yearly' | null;
  billingMode: 'fixed_rate' | 'pay_as_you_go' | null;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  /** Auto-renew off: the plan stays active until currentPeriodEnd, then ends. */
  cancelAtPeriodEnd: boolean;
  autoRenew: boolean;
}

/** Seats of a current subscription: how many are held (manually or by usage) out of the total bought. */
export interface SeatSummary {
  assigned: number;
  totalSeats: number;
  available: number;
}

export interface CurrentSubscription extends SubscriptionView {
  /** Absent from servers older than this page. */
  seats?: SeatSummary;
}

/** GET /api/settings/subscription: the usable subscriptions (best plan first) and the others (ended, or halted: suspended, paused). */
export const getSubscription = () =>
  apiFetch<{
    current: CurrentSubscription[];
    past: SubscriptionView[];
    /** No trial or plan grants answers: the catalogue's refusal Slack gives now (absent from older servers). */
    refusal?: { code: string; params: Record<string, string | number> } | null;
  }>('/api/settings/subscription');
