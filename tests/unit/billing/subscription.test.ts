import { describe, expect, it } from 'vitest';
import { Subscription } from '../../../core/billing/subscription';
import { TEAM } from '../support/builders';

const at = (iso: string) => new Date(iso);

function aPaidSubscription() {
  return Subscription.subscribe(
    {
      id: 'sub-1',
      teamId: TEAM,
      planKey: 'gpt50',
      interval: 'monthly',
      billingMode: 'fixed_rate',
      quantity: 5,
      currentPeriodStart: at('2025-03-01T00:00:00Z'),
      currentPeriodEnd: at('2025-04-01T00:00:00Z'),
      externalId: 'sub_ext',
    },
    at('2025-03-01T00:00:00Z'),
  );
}

describe('subscription states and transitions (spec 4)', () => {
  it('a trial is trialing on the free plan without seats until it ends, then expired', () => {
    const trial = Subscription.startTrial('t-1', TEAM, at('2025-03-01T00:00:00Z'), 14);
    expect(trial.toRecord()).toMatchObject({ kind: 'trial', planKey: 'free', quantity: 0, externalId: null });
    expect(trial.isTrial).toBe(true);
    expect(trial.autoRenew).toBe(false);
    expect(trial.currentPeriodEnd).toEqual(at('2025-03-15T00:00:00Z'));
    expect(trial.statusAt(at('2025-03-14T23:59:59Z'))).toBe('trialing');
    expect(trial.isUsableAt(at('2025-03-14T23:59:59Z'))).toBe(true);
    expect(trial.statusAt(at('2025-03-15T00:00:00Z'))).toBe('expired');
    expect(trial.isUsableAt(at('2025-03-15T00:00:00Z'))).toBe(false);
  });

  it('a bought plan is active with auto-renew on by default', () => {
    const subscription = aPaidSubscription();
    expect(subscription.statusAt(at('2025-03-10T00:00:00Z'))).toBe('active');
    expect(subscription.autoRenew).toBe(true);
    expect(subscription.isTrial).toBe(false);
    expect([subscription.id, subscription.teamId, subscription.planKey, subscription.quantity]).toEqual([
      'sub-1',
      TEAM,
      'gpt50',
      5,
    ]);
  });

  it('with auto-renew on it stays active past the period end until the provider reports otherwise', () => {
    expect(aPaidSubscription().statusAt(at('2025-04-03T00:00:00Z'))).toBe('active');
  });

  it('cancel at period end keeps it active until the period ends, then canceled', () => {
    const subscription = aPaidSubscription();
    subscription.cancelAtPeriodEnd(at('2025-03-10T00:00:00Z'));
    expect(subscription.autoRenew).toBe(false);
    expect(subscription.statusAt(at('2025-03-31T23:59:59Z'))).toBe('active');
    expect(subscription.statusAt(at('2025-04-01T00:00:00Z'))).toBe('canceled');
    expect(subscription.isUsableAt(at('2025-04-01T00:00:00Z'))).toBe(false);
  });

  it('auto-renew can be turned on again before the period ends', () => {
    const subscription = aPaidSubscription();
    subscription.cancelAtPeriodEnd(at('2025-03-10T00:00:00Z'));
    subscription.resumeAutoRenew(at('2025-03-11T00:00:00Z'));
    expect(subscription.statusAt(at('2025-04-02T00:00:00Z'))).toBe('active');
  });

  it('cancel now ends it immediately and keeps the first cancellation time', () => {
    const subscription = aPaidSubscription();
    subscription.cancelNow(at('2025-03-10T00:00:00Z'));
    subscription.cancelNow(at('2025-03-12T00:00:00Z'));
    expect(subscription.statusAt(at('2025-03-10T00:00:01Z'))).toBe('canceled');
    expect(subscription.toRecord().canceledAt).toEqual(at('2025-03-10T00:00:00Z'));
  });

  it('renewal starts a new period; a failed payment keeps it usable as past due', () => {
    const subscription = aPaidSubscription();
    subscription.markPastDue(at('2025-04-01T00:00:00Z'));
    expect(subscription.statusAt(at('2025-04-02T00:00:00Z'))).toBe('past_due');
    expect(subscription.isUsableAt(at('2025-04-02T00:00:00Z'))).toBe(true);
    subscription.renew(at('2025-04-01T00:00:00Z'), at('2025-05-01T00:00:00Z'), at('2025-04-03T00:00:00Z'));
    expect(subscription.statusAt(at('2025-04-03T00:00:00Z'))).toBe('active');
    expect(subscription.currentPeriodEnd).toEqual(at('2025-05-01T00:00:00Z'));
  });

  it('a pause (trial ended without a payment method) grants nothing and ends nothing; resuming starts a new period with no end kept', () => {
    const subscription = aPaidSubscription();
    subscription.pause(at('2025-03-05T00:00:00Z'), 'trial_ended');
    expect(subscription.statusAt(at('2025-03-06T00:00:00Z'))).toBe('paused');
    expect(subscription.isUsableAt(at('2025-03-06T00:00:00Z'))).toBe(false);
    expect(subscription.toRecord().canceledAt).toBeNull();
    // A row an earlier version stored for the pause as canceled, then resumed at the provider.
    const stored = Subscription.fromRecord({ ...subscription.toRecord(), status: 'canceled', canceledAt: at('2025-03-05T00:00:00Z') });
    stored.renew(at('2025-03-20T00:00:00Z'), at('2025-04-20T00:00:00Z'), at('2025-03-20T00:00:00Z'));
    expect(stored.toRecord()).toMatchObject({ status: 'active', canceledAt: null });
    expect(stored.isUsableAt(at('2025-03-21T00:00:00Z'))).toBe(true);
  });

  it('round-trips through its record', () => {
    const record = aPaidSubscription().toRecord();
    expect(Subscription.fromRecord(record).toRecord()).toEqual(record);
  });
});
