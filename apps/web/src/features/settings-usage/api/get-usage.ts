import { apiFetch } from '../../../lib/settings/api-client';

export type UsagePeriod = 'all_time' | 'last_1_month';

export interface UsageRankingRow {
  rank: number;
  memberId: string;
  title: string;
  userName: string;
  channel: number;
  dm: number;
  reaction: number;
  total: number;
}

/** GET /api/settings/usage?period= (admins only; 403 carries the permission message). */
export interface UsageReportView {
  period: UsagePeriod;
  noData: boolean;
  ranking: UsageRankingRow[];
  summary: { totalUsers: number; totalUsage: number; averageUsage: number };
}

export const getUsage = (period: UsagePeriod) => apiFetch<UsageReportView>(`/api/settings/usage?period=${period}`);
