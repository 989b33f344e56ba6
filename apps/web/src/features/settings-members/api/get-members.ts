import { apiFetch } from '../../../lib/settings/api-client';

export interface MemberRowView {
  number: number;
  memberId: string;
  authority: 'primary_owner' | 'owner' | 'admin' | 'member' | 'restricted' | 'ultra_restricted' | 'bot' | 'other';
  title: string;
  memberName: string;
  updatedAt: string | null;
  updatedByName: string | null;
  assignButton: 'disabled' | 'remove' | 'add';
}

export interface AssignmentSummary {
  assigned: number;
  manual: number;
  automatic: number;
  available: number;
  totalSeats: number;
  freeUsageBasedSeats: number;
}

/** GET /api/settings/members (admins only; 403 carries the permission message). */
export interface MembersPageData {
  subscriptions: { id: string; planDisplayName: string; quantity: number; billingMode: string | null }[];
  selectedSubscriptionId: string | null;
  summary: AssignmentSummary | null;
  rows: MemberRowView[];
}

export const getMembers = (subscriptionId: string | null, query: string) => {
  const params = new URLSearchParams();
  if (subscriptionId) params.set('subscriptionId', subscriptionId);
  // Search applies only with at least one character (spec 2); spaces alone are no search.
  if (query.trim().length >= 1) params.set('q', query.trim());
  const search = params.toString();
  return apiFetch<MembersPageData>(`/api/settings/members${search ? `?${search}` : ''}`);
};
