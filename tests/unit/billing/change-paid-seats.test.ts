import { beforeEach, describe, expect, it } from 'vitest';
import { ChangePaidSeats } from '../../../core/billing/change-paid-seats.use-case';
import { ChangeSeatQuantity } from '../../../core/billing/change-seat-quantity.use-case';
import { RecordProviderEnd } from '../../../core/billing/record-provider-end';
import { SyncPaidSubscription } from '../../../core/billing/sync-paid-subscription.use-case';
import { aRegularMember, aSubscription, anAdmin, anAssignment, TEAM } from '../support/builders';
import { aWorkspaceFixture, type WorkspaceFixture } from '../support/workspace-fixture';
import { InMemoryProvider } from './support/in-memory-provider';

describe('changing the seats of a paid subscription at the provider and in the rows', () => {
  let w: WorkspaceFixture;
  let provider: InMemoryProvider;
  let seats: ChangePaidSeats;
  const fixed = aSubscription('sub-fixed').withSeats(3).period('2025-04-01T00:00:00Z', '2025-05-01T00:00:00Z').build();
  const payg = aSubscription('sub-payg').payAsYouGo().withSeats(3).period('2025-04-01T00:00:00Z', '2025-05-01T00:00:00Z').build();

  beforeEach(async () => {
    w = aWorkspaceFixture('2025-04-16T00:00:00Z');
    provider = new InMemoryProvider(() => w.clock.now());
    seats = new ChangePaidSeats({
      gateway: provider,
      changeSeatQuantity: new ChangeSeatQuantity(w),
      subscriptions: w.subscriptions,
      recordProviderEnd: new RecordProviderEnd({ ...w, syncPaidSubscription: new SyncPaidSubscription(w) }),
      clock: w.clock,
    });
    for (const record of [fixed, payg]) {
      await w.subscriptions.save(TEAM, record);
      provider.add({ externalId: record.externalId ?? '', customerId: 'cus_1', quantity: 3, billingMode: record.billingMode ?? 'fixed_rate' });
      for (const [member, day] of [['UFIRST', '02'], ['ULAST', '09'], ['UMID', '05']] as const) {
        await w.seats.assignIfSeatAvailable(TEAM, anAssignment(record, member, { assignedAt: new Date(`2025-04-${day}T00:00:00Z`) }), 3);
      }
    }
  });

  it('previews the provider\'s invoice for a fixed-rate plan, with the members who would lose their seat', async () => {
    const preview = await seats.preview({ teamId: TEAM, actor: anAdmin, subscriptionId: 'sub-fixed', quantity: 1 });

    expect(preview).toMatchObject({
      ok: true,
      value: { oldQuantity: 3, newQuantity: 1, unassignedMemberIds: ['ULAST', 'UMID'], prorationDate: w.clock.now(), invoice: { prorationAmountCents: -2000 } },
    });
    expect(provider.subscriptions.get('sub_sub-fixed')?.quantity).toBe(3);
  });

  it('pay-as-you-go seats have no invoice to preview', async () => {
    const preview = await seats.preview({ teamId: TEAM, actor: anAdmin, subscriptionId: 'sub-payg', quantity: 5 });
    expect(preview).toMatchObject({ ok: true, value: { invoice: null, proration: null, unassignedMemberIds: [] } });
  });

  it('a reduction changes the provider\'s quantity, then unassigns the most recently assigned members', async () => {
    const prorationDate = new Date('2025-04-15T23:45:00Z');
    const result = await seats.execute({ teamId: TEAM, actor: anAdmin, subscriptionId: 'sub-fixed', quantity: 1, prorationDate });

    expect(result).toMatchObject({ ok: true, value: { unassignedMemberIds: ['ULAST', 'UMID'], subscription: { quantity: 1 } } });
    expect(provider.subscriptions.get('sub_sub-fixed')?.quantity).toBe(1);
    expect((await w.seats.listBySubscription(TEAM, 'sub-fixed')).map((a) => a.memberId)).toEqual(['UFIRST']);
  });

  it('a plan the provider already ended (webhook not applied yet) is not active and the row takes that end', async () => {
    const endedAt = new Date('2025-04-15T08:00:00Z');
    provider.subscriptions.set('sub_sub-fixed', { ...provider.subscriptions.get('sub_sub-fixed')!, status: 'canceled', endedAt });

    const result = await seats.execute({ teamId: TEAM, actor: anAdmin, subscriptionId: 'sub-fixed', quantity: 5, prorationDate: w.clock.now() });

    expect(result).toMatchObject({ ok: false, error: { code: 'SUBSCRIPTION.NOT_ACTIVE' } });
    expect(await w.subscriptions.findById(TEAM, 'sub-fixed')).toMatchObject({ status: 'canceled', canceledAt: endedAt, quantity: 3 });
    expect(await seats.preview({ teamId: TEAM, actor: anAdmin, subscriptionId: 'sub-fixed', quantity: 5 })).toMatchObject({ ok: false, error: { code: 'SUBSCRIPTION.NOT_ACTIVE' } });
  });

  it('a plan the provider no longer has at all ends now', async () => {
    provider.subscriptions.delete('sub_sub-fixed');

    const preview = await seats.preview({ teamId: TEAM, actor: anAdmin, subscriptionId: 'sub-fixed', quantity: 5 });

    expect(preview).toMatchObject({ ok: false, error: { code: 'SUBSCRIPTION.NOT_ACTIVE' } });
    expect(await w.subscriptions.findById(TEAM, 'sub-fixed')).toMatchObject({ status: 'canceled', canceledAt: w.clock.now() });
  });

  it('leaves rows and seats alone when the provider cannot be reached', async () => {
    provider.unreachableFor = 1;
    await expect(seats.execute({ teamId: TEAM, actor: anAdmin, subscriptionId: 'sub-fixed', quantity: 1 })).rejects.toThrow('unreachable');

    expect((await w.subscriptions.findById(TEAM, 'sub-fixed'))?.quantity).toBe(3);
    expect(await w.seats.listBySubscription(TEAM, 'sub-fixed')).toHaveLength(3);
  });

  it('refuses a preview from an earlier billing period, non-admins, and changes nothing', async () => {
    // Dated back to the period's start, a reduction would credit the seats used since: only a
    // preview shown in the last half hour is honoured.
    const backdated = await seats.execute({ teamId: TEAM, actor: anAdmin, subscriptionId: 'sub-fixed', quantity: 1, prorationDate: new Date('2025-04-01T00:00:00Z') });
    const hourOld = await seats.execute({ teamId: TEAM, actor: anAdmin, subscriptionId: 'sub-fixed', quantity: 1, prorationDate: new Date('2025-04-15T23:00:00Z') });
    expect(backdated).toMatchObject({ ok: false, error: { code: 'BILLING.PREVIEW_EXPIRED' } });
    expect(hourOld).toMatchObject({ ok: false, error: { code: 'BILLING.PREVIEW_EXPIRED' } });
    const stale = await seats.execute({ teamId: TEAM, actor: anAdmin, subscriptionId: 'sub-fixed', quantity: 5, prorationDate: new Date('2025-03-20T00:00:00Z') });
    const future = await seats.execute({ teamId: TEAM, actor: anAdmin, subscriptionId: 'sub-fixed', quantity: 5, prorationDate: new Date('2025-04-17T00:00:00Z') });
    const member = await seats.execute({ teamId: TEAM, actor: aRegularMember, subscriptionId: 'sub-fixed', quantity: 5 });
    const memberPreview = await seats.preview({ teamId: TEAM, actor: aRegularMember, subscriptionId: 'sub-fixed', quantity: 5 });

    expect(stale).toMatchObject({ ok: false, error: { code: 'BILLING.PREVIEW_EXPIRED' } });
    expect(future).toMatchObject({ ok: false, error: { code: 'BILLING.PREVIEW_EXPIRED' } });
    expect(member).toMatchObject({ ok: false, error: { code: 'PERMISSION.ADMIN_REQUIRED' } });
    expect(memberPreview).toMatchObject({ ok: false, error: { code: 'PERMISSION.ADMIN_REQUIRED' } });
    expect(provider.subscriptions.get('sub_sub-fixed')?.quantity).toBe(3);
  });

  it('the same count again does not call the provider', async () => {
    provider.unreachableFor = 1;
    const result = await seats.execute({ teamId: TEAM, actor: anAdmin, subscriptionId: 'sub-payg', quantity: 3 });
    expect(result).toMatchObject({ ok: true, value: { unassignedMemberIds: [] } });
    expect(provider.unreachableFor).toBe(1);
  });
});
