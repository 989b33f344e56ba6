import type { SubscriptionRecord } from '../../../core/billing/subscription';
import { describe, expect, it } from 'vitest';
import type { EntitlementFacts } from '../../../core/entitlement/entitlement';
import { decideEntitlement } from '../../../core/entitlement/entitlement';
import { aSubscription, anAssignment, anInstallation } from '../support/builders';

const now = new Date('2025-01-20T12:00:00Z');
const trial = aSubscription('trial').trial('2025-01-10T00:00:00Z', '2025-01-24T00:00:00Z').build();
const expiredTrial = aSubscription('trial').trial('2024-12-01T00:00:00Z', '2024-12-15T00:00:00Z').build();
const standard = aSubscription('std').onPlan('gpt50').withSeats(2).build();
const premium = aSubscription('prem').onPlan('gpt50_8k').withSeats(1).build();
const entry = aSubscription('entry').onPlan('gpt50_4k_50r').withSeats(5).build();

function facts(overrides: Partial<EntitlementFacts> = {}): EntitlementFacts {
  return {
    now,
    installation: anInstallation(),
    memberId: 'UHANA',
    subscriptions: [],
    assignments: [],
    usedThisMonth: {},
    ...overrides,
  };
}

describe('entitlement: may this member get an answer now? (spec 1, 4, 6, 9)', () => {
  it('during the free trial: yes, on the free plan with gpt-5 and 4,096 tokens', () => {
    expect(decideEntitlement(facts({ subscriptions: [trial] }))).toMatchObject({
      allowed: true,
      seat: 'trial',
      subscriptionId: 'trial',
      plan: { key: 'free' },
      model: { id: 'gpt-5' },
      provider: 'openai',
      tokenLimit: 4096,
      googleResultsPerAnswer: 1,
      requestLimit: { limit: 20, remaining: 20 },
    });
  });

  it('after the trial without a paid plan: no, the trial is over', () => {
    expect(decideEntitlement(facts({ subscriptions: [expiredTrial] }))).toMatchObject({
      allowed: false,
      reason: 'trial_over',
      error: { code: 'ENTITLEMENT.TRIAL_OVER' },
    });
    expect(decideEntitlement(facts()).allowed).toBe(false);
  });

  it('when Tomo is uninstalled (or never installed): no', () => {
    const uninstalled = anInstallation({ uninstalledAt: new Date('2025-01-19T00:00:00Z') });
    expect(decideEntitlement(facts({ installation: uninstalled, subscriptions: [trial] }))).toMatchObject({
      reason: 'uninstalled',
      error: { code: 'ENTITLEMENT.UNINSTALLED' },
    });
    expect(decideEntitlement(facts({ installation: null })).allowed).toBe(false);
  });

  it('with a seat: the seat plan, Premium with 8,192 tokens', () => {
    const decision = decideEntitlement(
      facts({ subscriptions: [expiredTrial, premium], assignments: [anAssignment(premium, 'UHANA')] }),
    );
    expect(decision).toMatchObject({ allowed: true, seat: 'assigned', plan: { key: 'gpt50_8k' }, tokenLimit: 8192 });
  });

  it('with seats on several subscriptions: the best plan', () => {
    const decision = decideEntitlement(
      facts({
        subscriptions: [standard, premium],
        assignments: [anAssignment(standard, 'UHANA'), anAssignment(premium, 'UHANA')],
      }),
    );
    expect(decision).toMatchObject({ subscriptionId: 'prem' });
  });

  it('with equal plans: the oldest subscription first', () => {
    const older = aSubscription('older').onPlan('gpt50').createdAt('2024-06-01T00:00:00Z').build();
    const newer = aSubscription('newer').onPlan('gpt50').createdAt('2024-09-01T00:00:00Z').build();
    expect(decideEntitlement(facts({ subscriptions: [newer, older] }))).toMatchObject({ subscriptionId: 'older' });
  });

  it('maps the model to the configured provider', () => {
    const decision = decideEntitlement(facts({ subscriptions: [trial], preferredProvider: 'anthropic' }));
    expect(decision).toMatchObject({ model: { displayName: 'Claude' }, provider: 'anthropic', tokenLimit: 4096 });
  });

  it('without a seat but with an unassigned seat: that seat is filled by usage', () => {
    const decision = decideEntitlement(
      facts({ subscriptions: [standard, premium], assignments: [anAssignment(premium, 'UOTHER')] }),
    );
    expect(decision).toMatchObject({ allowed: true, seat: 'auto_assign', subscriptionId: 'std' });
  });

  it('without a seat and every seat taken: no seat (even when the trial has ended)', () => {
    const decision = decideEntitlement(
      facts({
        subscriptions: [expiredTrial, premium],
        assignments: [anAssignment(premium, 'UOTHER')],
      }),
    );
    expect(decision).toMatchObject({ allowed: false, reason: 'no_seat', error: { code: 'ENTITLEMENT.NO_SEAT' } });
  });

  it('a person of another workspace (Slack Connect) never gets a seat: the trial answers them, a paid plan refuses them', () => {
    const outsider = { memberId: 'UPARTNER', memberOfWorkspace: false };
    expect(decideEntitlement(facts({ ...outsider, subscriptions: [expiredTrial, standard] }))).toMatchObject({
      allowed: false,
      reason: 'other_workspace',
      error: { code: 'ENTITLEMENT.OTHER_WORKSPACE' },
    });
    expect(decideEntitlement(facts({ ...outsider, subscriptions: [trial, standard] }))).toMatchObject({ allowed: true, seat: 'trial' });
    // The same facts for a member of the workspace fill a free seat.
    expect(decideEntitlement(facts({ memberId: 'UPARTNER', subscriptions: [expiredTrial, standard] }))).toMatchObject({ seat: 'auto_assign' });
  });

  it('a paid plan bought during the trial: members without a seat keep the trial until it ends', () => {
    const full = { subscriptions: [trial, premium], assignments: [anAssignment(premium, 'UOTHER')] };
    expect(decideEntitlement(facts(full))).toMatchObject({ seat: 'trial' });
  });

  it('at the monthly request limit: no, request limit reached, with the reset date', () => {
    const decision = decideEntitlement(
      facts({ subscriptions: [entry], assignments: [anAssignment(entry, 'UHANA')], usedThisMonth: { entry: 50 } }),
    );
    expect(decision).toMatchObject({
      allowed: false,
      reason: 'request_limit_reached',
      error: { code: 'ENTITLEMENT.REQUEST_LIMIT_REACHED', params: { limit: 50, resetDate: '2025-02-01' } },
    });
    expect(
      decideEntitlement(facts({ subscriptions: [trial], usedThisMonth: { trial: 20 } })),
    ).toMatchObject({ reason: 'request_limit_reached', error: { params: { limit: 20 } } });
    expect(decideEntitlement(facts({ subscriptions: [entry], usedThisMonth: { entry: 50 } }))).toMatchObject({
      reason: 'request_limit_reached',
    });
    const both = facts({
      subscriptions: [entry, trial],
      assignments: [anAssignment(entry, 'UHANA')],
      usedThisMonth: { entry: 50, trial: 20 },
    });
    expect(decideEntitlement(both)).toMatchObject({ reason: 'request_limit_reached', error: { params: { limit: 50 } } });
  });

  it('at the limit of one seat, another seat of the member still answers', () => {
    const decision = decideEntitlement(
      facts({
        subscriptions: [entry, standard],
        assignments: [anAssignment(entry, 'UHANA'), anAssignment(standard, 'UHANA')],
        usedThisMonth: { entry: 50, std: 500 },
      }),
    );
    expect(decision).toMatchObject({ allowed: true, subscriptionId: 'std', requestLimit: { limit: null } });
  });

  it('pay-as-you-go is billed per response and has no request limit', () => {
    const payg = aSubscription('payg').onPlan('gpt50_4k_50r').payAsYouGo().build();
    const decision = decideEntitlement(
      facts({ subscriptions: [payg], assignments: [anAssignment(payg, 'UHANA')], usedThisMonth: { payg: 400 } }),
    );
    expect(decision).toMatchObject({ allowed: true, billingMode: 'pay_as_you_go', requestLimit: { limit: null } });
  });

  it('a subscription set to cancel stays usable until its period end', () => {
    const canceling = aSubscription('c').cancelingAtPeriodEnd().period('2025-01-01T00:00:00Z', '2025-02-01T00:00:00Z').build();
    const f = { subscriptions: [canceling], assignments: [anAssignment(canceling, 'UHANA')] };
    expect(decideEntitlement(facts(f)).allowed).toBe(true);
    expect(decideEntitlement(facts({ ...f, now: new Date('2025-02-01T00:00:00Z') }))).toMatchObject({ reason: 'plan_ended' });
  });

  it('once the paid plans ended, members are told the plan ended, not that a free trial ended', () => {
    const ended = aSubscription('old').onPlan('gpt50').withSeats(3).canceled().build();
    for (const subscriptions of [[ended], [expiredTrial, ended]]) {
      expect(decideEntitlement(facts({ subscriptions, assignments: [anAssignment(ended, 'UHANA')] }))).toMatchObject({
        allowed: false,
        reason: 'plan_ended',
        error: { code: 'ENTITLEMENT.PLAN_ENDED' },
      });
    }
    // Only a workspace that never had a paid plan hears about its trial.
    expect(decideEntitlement(facts({ subscriptions: [expiredTrial] }))).toMatchObject({ reason: 'trial_over' });
    // A new trial (re-install) still running wins over the old paid plan.
    expect(decideEntitlement(facts({ subscriptions: [ended, trial] }))).toMatchObject({ allowed: true, seat: 'trial' });
  });

  it('a plan suspended for an unpaid invoice: members are told payment is due, not that the plan ended', () => {
    const unpaid = aSubscription('unpaid').onPlan('gpt50').withSeats(3).suspended().build();
    const ended = aSubscription('old').onPlan('gpt50').withSeats(3).canceled().build();
    for (const subscriptions of [[unpaid], [expiredTrial, ended, unpaid]]) {
      expect(decideEntitlement(facts({ subscriptions, assignments: [anAssignment(unpaid, 'UHANA')] }))).toMatchObject({
        allowed: false,
        reason: 'payment_due',
        error: { code: 'ENTITLEMENT.PAYMENT_DUE' },
      });
    }
    // Another plan with room still answers, and a running trial too.
    expect(decideEntitlement(facts({ subscriptions: [unpaid, standard] }))).toMatchObject({ allowed: true, subscriptionId: 'std' });
    expect(decideEntitlement(facts({ subscriptions: [unpaid, trial] }))).toMatchObject({ allowed: true, seat: 'trial' });
  });

  it('a plan paused because its trial ended without a payment method: members are told an admin must add one, not that the plan ended', () => {
    const paused = aSubscription('paused').onPlan('gpt50').withSeats(3).paused().build();
    const ended = aSubscription('old').onPlan('gpt50').withSeats(3).canceled().build();
    for (const subscriptions of [[paused], [expiredTrial, ended, paused]]) {
      expect(decideEntitlement(facts({ subscriptions, assignments: [anAssignment(paused, 'UHANA')] }))).toMatchObject({
        allowed: false,
        reason: 'payment_method_needed',
        error: { code: 'ENTITLEMENT.PAYMENT_METHOD_NEEDED' },
      });
    }
    expect(decideEntitlement(facts({ subscriptions: [paused, standard] }))).toMatchObject({ allowed: true, subscriptionId: 'std' });
    expect(decideEntitlement(facts({ subscriptions: [paused, trial] }))).toMatchObject({ allowed: true, seat: 'trial' });
  });

  it('a plan paused on request or after a failed renewal says so; a trial\'s end, which an admin must act on first, is told before them', () => {
    const base = aSubscription('paused').onPlan('gpt50').withSeats(3).paused().build();
    const requested = { ...base, id: 'req', pauseReason: 'requested' as const };
    const failed = { ...base, id: 'fail', pauseReason: 'payment_failed' as const };
    const other = { ...base, id: 'other', pauseReason: 'other' as const };
    const trialEnded = { ...base, id: 'trial-end', pauseReason: 'trial_ended' as const };
    const reasonOf = (subscriptions: SubscriptionRecord[]) => (decideEntitlement(facts({ subscriptions })) as { reason: string }).reason;
    expect(reasonOf([requested])).toBe('paused');
    expect(reasonOf([other])).toBe('paused');
    expect(reasonOf([failed])).toBe('paused_after_failed_payment');
    expect(reasonOf([requested, failed])).toBe('paused_after_failed_payment');
    expect(reasonOf([requested, failed, trialEnded])).toBe('payment_method_needed');
    // A row paused before reasons were kept reads as a trial's end.
    expect(reasonOf([{ ...base, pauseReason: null }])).toBe('payment_method_needed');
    expect(decideEntitlement(facts({ subscriptions: [requested] }))).toMatchObject({ error: { code: 'ENTITLEMENT.PLAN_PAUSED' } });
  });
});
