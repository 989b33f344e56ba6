import { describe, expect, it } from 'vitest';
import { SetAutoRenew } from '../../../core/billing/set-auto-renew.use-case';
import { Subscription } from '../../../core/billing/subscription';
import { aRegularMember, aSubscription, anAdmin, TEAM } from '../support/builders';
import { aWorkspaceFixture } from '../support/workspace-fixture';

describe('auto-renew toggle (spec 4)', () => {
  it('turning it off cancels at period end: usable until then, not after', async () => {
    const w = aWorkspaceFixture('2025-01-20T00:00:00Z');
    await w.subscriptions.save(TEAM, aSubscription('s').period('2025-01-01T00:00:00Z', '2025-02-01T00:00:00Z').build());
    const setAutoRenew = new SetAutoRenew(w);

    const off = await setAutoRenew.execute({ teamId: TEAM, actor: anAdmin, subscriptionId: 's', autoRenew: false });
    expect(off.ok && off.value.cancelAtPeriodEnd).toBe(true);
    const stored = Subscription.fromRecord((await w.subscriptions.findById(TEAM, 's'))!);
    expect(stored.isUsableAt(w.clock.now())).toBe(true);
    w.clock.set('2025-02-01T00:00:00Z');
    expect(stored.statusAt(w.clock.now())).toBe('canceled');
  });

  it('turning it back on keeps the subscription renewing', async () => {
    const w = aWorkspaceFixture('2025-01-20T00:00:00Z');
    await w.subscriptions.save(TEAM, aSubscription('s').cancelingAtPeriodEnd().build());
    const on = await new SetAutoRenew(w).execute({ teamId: TEAM, actor: anAdmin, subscriptionId: 's', autoRenew: true });
    expect(on.ok && on.value.cancelAtPeriodEnd).toBe(false);
  });

  it('is for admins only, on existing subscriptions', async () => {
    const w = aWorkspaceFixture();
    const setAutoRenew = new SetAutoRenew(w);
    expect(
      await setAutoRenew.execute({ teamId: TEAM, actor: aRegularMember, subscriptionId: 's', autoRenew: false }),
    ).toMatchObject({ error: { code: 'PERMISSION.ADMIN_REQUIRED' } });
    expect(await setAutoRenew.execute({ teamId: TEAM, actor: anAdmin, subscriptionId: 's', autoRenew: false })).toMatchObject({
      error: { code: 'SUBSCRIPTION.NOT_FOUND' },
    });
  });
});
