import { describe, expect, it } from 'vitest';
import { ListActiveSubscriptions } from '../../../core/billing/list-active-subscriptions.use-case';
import { aSubscription, anAssignment, OTHER_TEAM, TEAM } from '../support/builders';
import { aWorkspaceFixture } from '../support/workspace-fixture';

describe('active subscriptions of a workspace (Subscription page, user context)', () => {
  it('lists the trial and paid plans that grant answers now, with renewal and seats', async () => {
    const w = aWorkspaceFixture('2025-01-20T00:00:00Z');
    const trial = aSubscription('trial').trial('2025-01-10T00:00:00Z', '2025-01-24T00:00:00Z').build();
    const premium = aSubscription('prem').onPlan('gpt50_8k').withSeats(3).createdAt('2025-01-12T00:00:00Z').build();
    const ending = aSubscription('ending').cancelingAtPeriodEnd().createdAt('2025-01-13T00:00:00Z').build();
    for (const s of [trial, premium, ending, aSubscription('gone').canceled().build()]) await w.subscriptions.save(TEAM, s);
    await w.subscriptions.save(OTHER_TEAM, aSubscription('theirs').forTeam(OTHER_TEAM).build());
    await w.seats.assignIfSeatAvailable(TEAM, anAssignment(premium, 'UHANA'), 3);

    const views = await new ListActiveSubscriptions(w).execute(TEAM);

    expect(views.map((v) => [v.subscription.id, v.status, v.plan.displayName, v.autoRenew])).toEqual([
      ['trial', 'trialing', 'Free', false],
      ['prem', 'active', 'Premium', true],
      ['ending', 'active', 'Standard', false],
    ]);
    expect(views[0]?.periodEnd).toEqual(new Date('2025-01-24T00:00:00Z'));
    expect(views[1]?.seats).toMatchObject({ assigned: 1, available: 2, totalSeats: 3 });
    expect(views[0]?.seats).toMatchObject({ totalSeats: 0, available: 0 });

    w.clock.set('2025-02-01T00:00:00Z');
    expect((await new ListActiveSubscriptions(w).execute(TEAM)).map((v) => v.subscription.id)).toEqual(['prem']);
  });
});
