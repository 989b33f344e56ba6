import { describe, expect, it } from 'vitest';
import { PLANS } from '../../../core/billing/plan-catalog';
import { GetUsageReport } from '../../../core/usage/get-usage-report.use-case';
import { RecordUsage } from '../../../core/usage/record-usage.use-case';
import { checkRequestLimit, usageWindow } from '../../../core/usage/request-limit';
import { USAGE_KINDS } from '../../../core/usage/usage-event';
import { buildUsageReport, usagePeriodStart } from '../../../core/usage/usage-report';
import { aMember, aRegularMember, anAdmin, OTHER_TEAM, TEAM } from '../support/builders';
import { aWorkspaceFixture } from '../support/workspace-fixture';

describe('usage counts (spec 1, 9)', () => {
  it('records one count per answered request per seat, by kind, and resets at the month boundary', async () => {
    const w = aWorkspaceFixture('2025-01-31T23:00:00Z');
    const record = new RecordUsage(w);
    await record.execute({ teamId: TEAM, memberId: 'U1', subscriptionId: 's', kind: 'channel_mention' });
    await record.execute({ teamId: TEAM, memberId: 'U1', subscriptionId: 's', kind: 'direct_message' });
    await record.execute({ teamId: TEAM, memberId: 'U2', subscriptionId: 's', kind: 'reaction' });
    const thisMonth = () => w.usage.countForSeat(TEAM, 's', 'U1', usageWindow(w.clock.now()).start);
    expect(await thisMonth()).toBe(2);

    w.clock.advanceMs(60 * 60 * 1000); // February begins
    expect(await thisMonth()).toBe(0);
    expect(usageWindow(w.clock.now())).toEqual({
      start: new Date('2025-02-01T00:00:00Z'),
      resetsAt: new Date('2025-03-01T00:00:00Z'),
    });
  });

  it('knows the three kinds the Usage page splits by: Channel, DM, Reaction', () => {
    expect(USAGE_KINDS).toEqual(['channel_mention', 'direct_message', 'reaction']);
  });

  it('checks the monthly request limit of the plan', () => {
    expect(checkRequestLimit(PLANS.gpt50_4k_50r, 49)).toEqual({ allowed: true, limit: 50, used: 49, remaining: 1 });
    expect(checkRequestLimit(PLANS.gpt50_4k_50r, 50)).toEqual({ allowed: false, limit: 50, used: 50, remaining: 0 });
    expect(checkRequestLimit(PLANS.free, 25)).toMatchObject({ allowed: false, limit: 20, remaining: 0 });
    expect(checkRequestLimit(PLANS.gpt50_8k, 10_000)).toEqual({ allowed: true, limit: null, used: 10_000, remaining: null });
  });
});

describe('the Usage page (spec 2)', () => {
  const members = [
    aMember('U1').named('Hana').titled('Designer').build(),
    aMember('U2').named('Taro').build(),
    aMember('U3').named('Aki').build(),
  ];

  it('ranks members by usage with counts by Channel, DM and Reaction, and summarises', async () => {
    const w = aWorkspaceFixture('2025-03-10T00:00:00Z');
    const record = new RecordUsage(w);
    const use = (memberId: string, kind: 'channel_mention' | 'direct_message' | 'reaction', times: number) =>
      Promise.all(Array.from({ length: times }, () => record.execute({ teamId: TEAM, memberId, subscriptionId: 's', kind })));
    await use('U1', 'channel_mention', 2);
    await use('U1', 'reaction', 1);
    await use('U2', 'direct_message', 3);
    await use('U3', 'channel_mention', 1);
    await use('UGONE', 'direct_message', 5);
    await record.execute({ teamId: OTHER_TEAM, memberId: 'U9', subscriptionId: 'x', kind: 'reaction' });

    const report = await new GetUsageReport(w).execute({ teamId: TEAM, actor: anAdmin, period: 'all_time', members });
    expect(report.ok && report.value.ranking).toEqual([
      { rank: 1, memberId: 'UGONE', title: '', userName: 'UGONE: (No Name)', channel: 0, dm: 5, reaction: 0, total: 5 },
      { rank: 2, memberId: 'U1', title: 'Designer', userName: 'Hana', channel: 2, dm: 0, reaction: 1, total: 3 },
      { rank: 2, memberId: 'U2', title: '', userName: 'Taro', channel: 0, dm: 3, reaction: 0, total: 3 },
      { rank: 4, memberId: 'U3', title: '', userName: 'Aki', channel: 1, dm: 0, reaction: 0, total: 1 },
    ]);
    expect(report.ok && report.value.summary).toEqual({ totalUsers: 4, totalUsage: 12, averageUsage: 3 });
  });

  it('the last 1 month leaves out older usage; nothing at all is the no-data outcome', async () => {
    const w = aWorkspaceFixture('2025-01-01T00:00:00Z');
    await new RecordUsage(w).execute({ teamId: TEAM, memberId: 'U1', subscriptionId: 's', kind: 'reaction' });
    w.clock.set('2025-03-01T00:00:00Z');
    const getReport = new GetUsageReport(w);
    const lastMonth = await getReport.execute({ teamId: TEAM, actor: anAdmin, period: 'last_1_month', members });
    expect(lastMonth).toEqual({ ok: false, error: { code: 'USAGE.NO_DATA', params: {} } });
    const allTime = await getReport.execute({ teamId: TEAM, actor: anAdmin, period: 'all_time', members });
    expect(allTime.ok && allTime.value.summary.totalUsage).toBe(1);
    expect(usagePeriodStart('last_1_month', new Date('2025-03-31T12:00:00Z'))).toEqual(new Date('2025-02-28T12:00:00Z'));
  });

  it('averages to two decimals', () => {
    const report = buildUsageReport(
      [
        { memberId: 'U1', channelMention: 1, directMessage: 0, reaction: 0 },
        { memberId: 'U2', channelMention: 1, directMessage: 0, reaction: 0 },
        { memberId: 'U3', channelMention: 0, directMessage: 0, reaction: 0 },
        { memberId: 'U4', channelMention: 0, directMessage: 1, reaction: 1 },
      ],
      members,
    );
    expect(report.ok && report.value.summary).toEqual({ totalUsers: 3, totalUsage: 4, averageUsage: 1.33 });
  });

  it('is for admins only, with the Usage page message', async () => {
    const report = await new GetUsageReport(aWorkspaceFixture()).execute({
      teamId: TEAM,
      actor: aRegularMember,
      period: 'all_time',
      members,
    });
    expect(report).toMatchObject({ ok: false, error: { code: 'PERMISSION.USAGE_PAGE' } });
  });
});
