import { describe, expect, it } from 'vitest';
import type { PaidSubscriptionSnapshot } from '../../../core/billing/sync-paid-subscription.use-case';
import { SyncPaidSubscription } from '../../../core/billing/sync-paid-subscription.use-case';
import { anAssignment, TEAM } from '../support/builders';
import { aWorkspaceFixture } from '../support/workspace-fixture';

const snapshot: PaidSubscriptionSnapshot = {
  externalId: 'sub_ext_1',
  planKey: 'gpt50',
  interval: 'monthly',
  billingMode: 'fixed_rate',
  quantity: 3,
  status: 'active',
  currentPeriodStart: new Date('2025-01-15T00:00:00Z'),
  currentPeriodEnd: new Date('2025-02-15T00:00:00Z'),
  cancelAtPeriodEnd: false,
  canceledAt: null,
};

describe('applying the payment provider state of a subscription', () => {
  it('creates the subscription once, then updates it in place (idempotent)', async () => {
    const w = aWorkspaceFixture('2025-01-15T00:00:00Z');
    const sync = new SyncPaidSubscription(w);
    const first = await sync.execute(TEAM, snapshot);
    const again = await sync.execute(TEAM, snapshot);
    expect(first.created).toBe(true);
    expect(again.created).toBe(false);
    const all = await w.subscriptions.listByTeam(TEAM);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ kind: 'paid', planKey: 'gpt50', quantity: 3, status: 'active', cancelAtPeriodEnd: false });
  });

  it('a lower quantity unassigns the most recently assigned, cancel flags and past due carry over', async () => {
    const w = aWorkspaceFixture('2025-01-15T00:00:00Z');
    const sync = new SyncPaidSubscription(w);
    const { subscription } = await sync.execute(TEAM, snapshot);
    await w.seats.assignIfSeatAvailable(TEAM, anAssignment(subscription, 'UOLD', { assignedAt: new Date('2025-01-16') }), 3);
    await w.seats.assignIfSeatAvailable(TEAM, anAssignment(subscription, 'UNEW', { assignedAt: new Date('2025-01-17') }), 3);

    const result = await sync.execute(TEAM, { ...snapshot, quantity: 1, cancelAtPeriodEnd: true, status: 'past_due' });
    expect(result.unassignedMemberIds).toEqual(['UNEW']);
    expect(result.subscription).toMatchObject({ quantity: 1, cancelAtPeriodEnd: true, status: 'past_due' });
  });

  it('a pause is its own state (no answers, no end), and resuming makes it active again with no end, also on a row once stored as canceled', async () => {
    const w = aWorkspaceFixture('2025-01-15T00:00:00Z');
    const sync = new SyncPaidSubscription(w);
    await sync.execute(TEAM, snapshot);
    const { subscription: paused } = await sync.execute(TEAM, { ...snapshot, status: 'paused' });
    expect(paused).toMatchObject({ status: 'paused', canceledAt: null });
    await w.subscriptions.save(TEAM, { ...paused, status: 'canceled', canceledAt: new Date('2025-01-16T00:00:00Z') });
    const resumedPeriod = { currentPeriodStart: new Date('2025-01-20T00:00:00Z'), currentPeriodEnd: new Date('2025-02-20T00:00:00Z') };
    const { subscription: resumed } = await sync.execute(TEAM, { ...snapshot, ...resumedPeriod, status: 'active' });
    expect(resumed).toMatchObject({ status: 'active', canceledAt: null, ...resumedPeriod });
  });

  it('a deletion cancels it', async () => {
    const w = aWorkspaceFixture('2025-01-15T00:00:00Z');
    const sync = new SyncPaidSubscription(w);
    await sync.execute(TEAM, snapshot);
    const { subscription } = await sync.execute(TEAM, { ...snapshot, status: 'canceled' });
    expect(subscription.status).toBe('canceled');
  });

  it('a replayed deletion keeps the provider\'s cancellation time instead of stamping a new one', async () => {
    const w = aWorkspaceFixture('2025-01-15T00:00:00Z');
    const sync = new SyncPaidSubscription(w);
    await sync.execute(TEAM, snapshot);
    const canceledAt = new Date('2025-01-20T08:30:00Z');
    w.clock.advanceDays(6);
    const first = await sync.execute(TEAM, { ...snapshot, status: 'canceled', canceledAt });
    w.clock.advanceDays(3);
    const replay = await sync.execute(TEAM, { ...snapshot, status: 'canceled', canceledAt });
    expect(first.subscription.canceledAt).toEqual(canceledAt);
    expect(replay.subscription).toEqual({ ...first.subscription, updatedAt: replay.subscription.updatedAt });
  });

  it('a deletion without a provider time keeps the first cancellation time on replay', async () => {
    const w = aWorkspaceFixture('2025-01-15T00:00:00Z');
    const sync = new SyncPaidSubscription(w);
    await sync.execute(TEAM, snapshot);
    const first = await sync.execute(TEAM, { ...snapshot, status: 'canceled' });
    w.clock.advanceDays(1);
    const replay = await sync.execute(TEAM, { ...snapshot, status: 'canceled' });
    expect(first.subscription.canceledAt).toEqual(new Date('2025-01-15T00:00:00Z'));
    expect(replay.subscription.canceledAt).toEqual(first.subscription.canceledAt);
  });
});
