import { beforeEach, describe, expect, it } from 'vitest';
import { SetAutoRenew } from '../../../core/billing/set-auto-renew.use-case';
import { SetPaidAutoRenew } from '../../../core/billing/set-paid-auto-renew.use-case';
import { RecordProviderEnd } from '../../../core/billing/record-provider-end';
import { SyncPaidSubscription } from '../../../core/billing/sync-paid-subscription.use-case';
import { aRegularMember, aSubscription, anAdmin, TEAM } from '../support/builders';
import { aWorkspaceFixture, type WorkspaceFixture } from '../support/workspace-fixture';
import { InMemoryProvider } from './support/in-memory-provider';

describe('the auto-renew toggle of a paid subscription', () => {
  let w: WorkspaceFixture;
  let provider: InMemoryProvider;
  let toggle: SetPaidAutoRenew;
  const paid = aSubscription('sub-1').period('2025-04-01T00:00:00Z', '2025-05-01T00:00:00Z').build();

  beforeEach(async () => {
    w = aWorkspaceFixture('2025-04-16T00:00:00Z');
    provider = new InMemoryProvider(() => w.clock.now());
    toggle = new SetPaidAutoRenew({ gateway: provider, setAutoRenew: new SetAutoRenew(w), recordProviderEnd: new RecordProviderEnd({ ...w, syncPaidSubscription: new SyncPaidSubscription(w) }) });
    await w.subscriptions.save(TEAM, paid);
    provider.add({ externalId: 'sub_sub-1', customerId: 'cus_1' });
  });

  it('a plan the provider already ended is not active: nothing asked, the row takes the end', async () => {
    const endedAt = new Date('2025-04-15T08:00:00Z');
    provider.subscriptions.set('sub_sub-1', { ...provider.subscriptions.get('sub_sub-1')!, status: 'canceled', endedAt });

    const off = await toggle.execute({ teamId: TEAM, actor: anAdmin, subscriptionId: 'sub-1', autoRenew: false });

    expect(off).toMatchObject({ ok: false, error: { code: 'SUBSCRIPTION.NOT_ACTIVE' } });
    expect(provider.subscriptions.get('sub_sub-1')?.cancelAtPeriodEnd).toBe(false);
    expect(await w.subscriptions.findById(TEAM, 'sub-1')).toMatchObject({ status: 'canceled', canceledAt: endedAt });
  });

  it('off sets cancel at period end at the provider and in the row; on resumes both', async () => {
    const off = await toggle.execute({ teamId: TEAM, actor: anAdmin, subscriptionId: 'sub-1', autoRenew: false });
    expect(off).toMatchObject({ ok: true, value: { cancelAtPeriodEnd: true, status: 'active' } });
    expect(provider.subscriptions.get('sub_sub-1')?.cancelAtPeriodEnd).toBe(true);

    const on = await toggle.execute({ teamId: TEAM, actor: anAdmin, subscriptionId: 'sub-1', autoRenew: true });
    expect(on).toMatchObject({ ok: true, value: { cancelAtPeriodEnd: false } });
    expect(provider.subscriptions.get('sub_sub-1')?.cancelAtPeriodEnd).toBe(false);
  });

  it('asking for the state it already has does not call the provider', async () => {
    provider.unreachableFor = 1;
    expect(await toggle.execute({ teamId: TEAM, actor: anAdmin, subscriptionId: 'sub-1', autoRenew: true })).toMatchObject({ ok: true });
    expect(provider.unreachableFor).toBe(1);
  });

  it('keeps the row when the provider fails, and refuses members who are not admins', async () => {
    provider.unreachableFor = 1;
    await expect(toggle.execute({ teamId: TEAM, actor: anAdmin, subscriptionId: 'sub-1', autoRenew: false })).rejects.toThrow();
    expect((await w.subscriptions.findById(TEAM, 'sub-1'))?.cancelAtPeriodEnd).toBe(false);

    const member = await toggle.execute({ teamId: TEAM, actor: aRegularMember, subscriptionId: 'sub-1', autoRenew: false });
    expect(member).toMatchObject({ ok: false, error: { code: 'PERMISSION.ADMIN_REQUIRED' } });
    expect(provider.subscriptions.get('sub_sub-1')?.cancelAtPeriodEnd).toBe(false);
  });
});
