import type { Outcome } from '../shared/domain-error';
import { fail, ok } from '../shared/domain-error';
import { addMonths } from '../shared/time';
import type { Member } from '../workspace/member';
import { englishNoName, memberDisplayName, memberTitle, type NoNameText } from '../workspace/member';
import type { MemberUsageTally } from './usage-event';

export type UsagePeriod = 'all_time' | 'last_1_month';
export const USAGE_PERIODS: readonly UsagePeriod[] = ['all_time', 'last_1_month'];

/** Start of the period (null: all time). "Last 1 month" is the month up to now. */
export function usagePeriodStart(period: UsagePeriod, now: Date): Date | null {
  return period === 'all_time' ? null : addMonths(now, -1);
}

export interface UsageRankingRow {
  readonly rank: number;
  readonly memberId: string;
  readonly title: string;
  readonly userName: string;
  readonly channel: number;
  readonly dm: number;
  readonly reaction: number;
  readonly total: number;
}

export interface UsageSummary {
  readonly totalUsers: number;
  readonly totalUsage: number;
  /** Total usage per user, rounded to two decimals. */
  readonly averageUsage: number;
}

export interface UsageReport {
  readonly ranking: UsageRankingRow[];
  readonly summary: UsageSummary;
}

/**
 * Ranking by total usage, most first; equal totals share a rank (1, 2, 2, 4) and are
 * ordered by name. No usage at all is the 'No data available' outcome.
 */
export function buildUsageReport(
  tallies: readonly MemberUsageTally[],
  members: readonly Member[],
  noName: NoNameText = englishNoName,
): Outcome<UsageReport> {
  const rows = tallies
    .map((t) => {
      const member = members.find((m) => m.id === t.memberId) ?? { id: t.memberId };
      return {
        memberId: t.memberId,
        title: memberTitle(member),
        userName: memberDisplayName(member, noName),
        channel: t.channelMention,
        dm: t.directMessage,
        reaction: t.reaction,
        total: t.channelMention + t.directMessage + t.reaction,
      };
    })
    .filter((r) => r.total > 0)
    .sort((a, b) => b.total - a.total || a.userName.localeCompare(b.userName));
  if (rows.length === 0) return fail('USAGE.NO_DATA');

  const ranking: UsageRankingRow[] = [];
  rows.forEach((row, index) => {
    const previous = ranking[index - 1];
    const rank = previous && previous.total === row.total ? previous.rank : index + 1;
    ranking.push({ rank, ...row });
  });
  const totalUsage = rows.reduce((sum, r) => sum + r.total, 0);
  return ok({
    ranking,
    summary: {
      totalUsers: rows.length,
      totalUsage,
      averageUsage: Math.round((totalUsage / rows.length) * 100) / 100,
    },
  });
}
