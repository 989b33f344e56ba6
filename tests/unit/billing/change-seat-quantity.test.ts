import { beforeEach, describe, expect, it } from 'vitest';
import { ChangeSeatQuantity } from '../../../core/billing/change-seat-quantity.use-case';
import { aRegularMember, aSubscription, anAdmin, anAssignment, TEAM } from '../support/builders';
import { aWorkspaceFixture, type WorkspaceFixture } from '../support/workspace-fixture';

describe('changing the seat count (spec 1, 4)', () => {
  let w: WorkspaceFixture;
  let changeSeats: ChangeSeatQuantity;
  const subscription = aSubscription('sub-std')
    .onPlan('gpt50')
    .withSeats(4)
    .period('2025-04-01T00:00:00Z', '2025-05-01T00:00:00Z')
    .build();

  beforeEach(async () => {
    w = aWorkspaceFixture('2025-04-16T00:00:00Z');
    changeSeats = new ChangeSeatQuantity(w);
    await w.subscriptions.save(TEAM, subscription);
    const assigned = ['UFIRST', 'USECOND', 'ULATEST', 'UTHIRD'];
    const days = ['2025-04-02', '2025-04-03', '2025-04-09', '2025-04-05'];
    for (const [i, memberId] of assigned.entries()) {
      await w.seats.assignIfSeatAvailable(
        TEAM,
        anAssignment(subscription, memberId, { assignedAt: new Date(`${days[i]}T00:00:00Z`) }),
        4,
      );
    }
  });

  it('reducing seats removes the most recently assigned members first', async () => {
    const result = await changeSeats.execute({ teamId: TEAM, actor: anAdmin, subscriptionId: 'sub-std', quantity: 2 });
    expect(result.ok && result.value.unassignedMemberIds).toEqual(['ULATEST', 'UTHIRD']);
    const remaining = (await w.seats.listBySubscription(TEAM, 'sub-std')).map((a) => a.memberId);
    expect(remaining.sort()).toEqual(['UFIRST', 'USECOND']);
    expect((await w.subscriptions.findById(TEAM, 'sub-std'))?.quantity).toBe(2);
  });

  it('adding seats keeps every assignment and shows the prorated charge for the next billing date', async () => {
    const preview = await changeSeats.preview({ teamId: TEAM, actor: anAdmin, subscriptionId: 'sub-std', quantity: 6 });
    expect(preview.ok && preview.value).toMatchObject({
      oldQuantity: 4,
      newQuantity: 6,
      unassignedMemberIds: [],
      proration: { amountCents: 2000, settlement: 'charge', settledOn: new Date('2025-05-01T00:00:00Z') },
    });
    expect((await w.subscriptions.findById(TEAM, 'sub-std'))?.quantity).toBe(4);
  });

  it('pay-as-you-go subscriptions have no seat proration', async () => {
    await w.subscriptions.save(TEAM, aSubscription('sub-payg').payAsYouGo().withSeats(3).build());
    const result = await changeSeats.execute({ teamId: TEAM, actor: anAdmin, subscriptionId: 'sub-payg', quantity: 5 });
    expect(result.ok && result.value.proration).toBeNull();
  });

  it('needs an admin, a whole number of at least one seat, and a usable paid subscription', async () => {
    const input = { teamId: TEAM, actor: anAdmin, subscriptionId: 'sub-std', quantity: 3 };
    expect(await changeSeats.execute({ ...input, actor: aRegularMember })).toMatchObject({
      ok: false,
      error: { code: 'PERMISSION.ADMIN_REQUIRED' },
    });
    expect(await changeSeats.execute({ ...input, quantity: 0 })).toMatchObject({ error: { code: 'SEATS.INVALID_QUANTITY' } });
    expect(await changeSeats.execute({ ...input, quantity: 2.5 })).toMatchObject({ error: { code: 'SEATS.INVALID_QUANTITY' } });
    expect(await changeSeats.execute({ ...input, subscriptionId: 'nope' })).toMatchObject({
      error: { code: 'SUBSCRIPTION.NOT_FOUND' },
    });
    await w.subscriptions.save(TEAM, aSubscription('sub-trial').trial('2025-04-10T00:00:00Z', '2025-04-24T00:00:00Z').build());
    expect(await changeSeats.execute({ ...input, subscriptionId: 'sub-trial' })).toMatchObject({
      error: { code: 'SUBSCRIPTION.IS_TRIAL' },
    });
    await w.subscriptions.save(TEAM, aSubscription('sub-old').canceled().build());
    expect(await changeSeats.execute({ ...input, subscriptionId: 'sub-old' })).toMatchObject({
      error: { code: 'SUBSCRIPTION.NOT_ACTIVE' },
    });
  });
});
