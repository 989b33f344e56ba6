import { beforeEach, describe, expect, it } from 'vitest';
import { CancelWorkspaceSubscriptions } from '../../../core/billing/cancel-workspace-subscriptions.use-case';
import { SyncPaidSubscription } from '../../../core/billing/sync-paid-subscription.use-case';
import { aSubscription, OTHER_TEAM, TEAM } from '../support/builders';
import { aWorkspaceFixture, type WorkspaceFixture } from '../support/workspace-fixture';
import { InMemoryProvider } from './support/in-memory-provider';

describe('uninstalling ends every paid subscription of the workspace at the provider', () => {
  let w: WorkspaceFixture;
  let provider: InMemoryProvider;
  let cancel: CancelWorkspaceSubscriptions;

  beforeEach(async () => {
    w = aWorkspaceFixture('2025-04-16T00:00:00Z');
    provider = new InMemoryProvider(() => w.clock.now());
    cancel = new CancelWorkspaceSubscriptions({
      gateway: provider,
      customers: w.customers,
      subscriptions: w.subscriptions,
      syncPaidSubscription: new SyncPaidSubscription(w),
      clock: w.clock,
    });
    await w.customers.save(TEAM, { teamId: TEAM, externalCustomerId: 'cus_1', email: null, createdAt: w.clock.now() });
  });

  it('cancels open provider subscriptions (known or not yet synced) and the rows take their end time', async () => {
    await w.subscriptions.save(TEAM, aSubscription('known').build());
    provider.add({ externalId: 'sub_known', customerId: 'cus_1' });
    provider.add({ externalId: 'sub_unsynced', customerId: 'cus_1', billingMode: 'pay_as_you_go', planKey: 'gpt50_4k_50r' });
    provider.add({ externalId: 'sub_other_team', customerId: 'cus_2' });
    w.clock.advanceMs(1000);

    const result = await cancel.execute(TEAM);

    expect(result.canceledExternalIds.sort()).toEqual(['sub_known', 'sub_unsynced']);
    expect(provider.subscriptions.get('sub_other_team')?.status).toBe('active');
    const rows = await w.subscriptions.listByTeam(TEAM);
    expect(rows.map((r) => [r.externalId, r.status, r.canceledAt?.toISOString()])).toEqual([
      ['sub_known', 'canceled', '2025-04-16T00:00:01.000Z'],
      ['sub_unsynced', 'canceled', '2025-04-16T00:00:01.000Z'],
    ]);
    expect(await cancel.execute(TEAM)).toEqual({ canceledExternalIds: [] });
  });

  it('ends a row whose provider subscription is gone, and leaves trials and other workspaces alone', async () => {
    await w.subscriptions.save(TEAM, aSubscription('gone').build());
    await w.subscriptions.save(TEAM, aSubscription('trial').trial('2025-04-10T00:00:00Z', '2025-04-24T00:00:00Z').build());
    await w.subscriptions.save(OTHER_TEAM, aSubscription('theirs').forTeam(OTHER_TEAM).build());

    expect(await cancel.execute(TEAM)).toEqual({ canceledExternalIds: [] });
    expect((await w.subscriptions.findById(TEAM, 'gone'))?.status).toBe('canceled');
    expect((await w.subscriptions.findById(TEAM, 'trial'))?.status).toBe('trialing');
    expect((await w.subscriptions.findById(OTHER_TEAM, 'theirs'))?.status).toBe('active');
  });

  it('without a customer row, still ends provider subscriptions of rows the uninstall already canceled here', async () => {
    await w.subscriptions.save(OTHER_TEAM, aSubscription('local').forTeam(OTHER_TEAM).canceled().build());
    await w.subscriptions.save(OTHER_TEAM, aSubscription('done').forTeam(OTHER_TEAM).build());
    provider.add({ externalId: 'sub_local', customerId: 'cus_9' });
    provider.add({ externalId: 'sub_done', customerId: 'cus_9', status: 'canceled', endedAt: new Date('2025-04-10T00:00:00Z') });

    expect(await cancel.execute(OTHER_TEAM)).toEqual({ canceledExternalIds: ['sub_local'] });
    expect(provider.subscriptions.get('sub_local')?.status).toBe('canceled');
    expect(await w.subscriptions.findById(OTHER_TEAM, 'done')).toMatchObject({ status: 'canceled', canceledAt: new Date('2025-04-10T00:00:00Z') });
  });

  it('a workspace that never bought anything has nothing to cancel', async () => {
    expect(await cancel.execute(OTHER_TEAM)).toEqual({ canceledExternalIds: [] });
  });
});
