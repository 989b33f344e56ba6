import { beforeEach, describe, expect, it } from 'vitest';
import { InMemoryMeterUsageOutbox } from '../../../adapters/memory/in-memory-meter-usage-outbox';
import { meterIdentifier, ReportMeterUsage } from '../../../core/billing/report-meter-usage.use-case';
import { aSubscription, TEAM } from '../support/builders';
import { aWorkspaceFixture, type WorkspaceFixture } from '../support/workspace-fixture';
import { InMemoryProvider } from './support/in-memory-provider';

describe('reporting pay-as-you-go answers to the provider in batches', () => {
  let w: WorkspaceFixture;
  let provider: InMemoryProvider;
  let report: ReportMeterUsage;

  async function answer(id: string, at: string, subscriptionId = 'payg') {
    await w.usage.record(TEAM, { id, teamId: TEAM, memberId: 'U1', subscriptionId, kind: 'direct_message', occurredAt: new Date(at) });
  }

  beforeEach(async () => {
    w = aWorkspaceFixture('2025-04-16T00:00:00Z');
    provider = new InMemoryProvider(() => w.clock.now());
    const outbox = new InMemoryMeterUsageOutbox({ usageEvents: () => w.usage.all(), subscriptions: w.subscriptions, customers: w.customers });
    report = new ReportMeterUsage({ gateway: provider, outbox, clock: w.clock });
    await w.customers.save(TEAM, { teamId: TEAM, externalCustomerId: 'cus_1', email: null, createdAt: w.clock.now() });
    await w.subscriptions.save(TEAM, aSubscription('payg').onPlan('gpt50_8k').payAsYouGo().build());
    await w.subscriptions.save(TEAM, aSubscription('fixed').build());
  });

  it('sends each answer once as one response on the plan\'s meter, with a stable identifier', async () => {
    await answer('u1', '2025-04-15T10:00:00Z');
    await answer('u2', '2025-04-15T11:00:00Z');
    await answer('u3', '2025-04-15T11:30:00Z', 'fixed');

    expect(await report.execute()).toEqual({ accepted: 2, rejected: 0, retryable: 0, more: false });
    expect(await report.execute()).toEqual({ accepted: 0, rejected: 0, retryable: 0, more: false });
    expect([...provider.meterEvents.values()]).toEqual([
      { identifier: `tomo:${TEAM}:u1`, customerId: 'cus_1', planKey: 'gpt50_8k', value: 1, occurredAt: new Date('2025-04-15T10:00:00Z') },
      { identifier: `tomo:${TEAM}:u2`, customerId: 'cus_1', planKey: 'gpt50_8k', value: 1, occurredAt: new Date('2025-04-15T11:00:00Z') },
    ]);
    expect(meterIdentifier({ teamId: TEAM, usageEventId: 'u1' })).toBe(`tomo:${TEAM}:u1`);
  });

  it('keeps answers the provider could not take for the next run, and drops ones it refused for good', async () => {
    await answer('u1', '2025-04-15T10:00:00Z');
    await answer('u2', '2025-04-15T11:00:00Z');
    await answer('u3', '2025-04-15T12:00:00Z');
    provider.unreachableFor = 1;
    provider.refuse.add(`tomo:${TEAM}:u3`);

    expect(await report.execute()).toEqual({ accepted: 1, rejected: 1, retryable: 1, more: false });
    expect(await report.execute()).toEqual({ accepted: 1, rejected: 0, retryable: 0, more: false });
    expect([...provider.meterEvents.keys()].sort()).toEqual([`tomo:${TEAM}:u1`, `tomo:${TEAM}:u2`]);
  });

  it('works through a backlog batch by batch and leaves answers too old to bill', async () => {
    await answer('too-old', '2025-03-01T00:00:00Z');
    for (const n of [1, 2, 3]) await answer(`u${n}`, `2025-04-1${n}T00:00:00Z`);

    expect(await report.execute(2)).toMatchObject({ accepted: 2, more: true });
    expect(await report.execute(2)).toMatchObject({ accepted: 1, more: false });
    expect(provider.meterEvents.has(`tomo:${TEAM}:too-old`)).toBe(false);
  });
});
