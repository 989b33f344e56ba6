import { describe, expect, it } from 'vitest';
import { InMemorySeatAssignmentRepository } from '../../../adapters/memory/in-memory-seat-assignment-repository';
import { CheckEntitlement } from '../../../core/entitlement/check-entitlement.use-case';
import type { AssignIfSeatAvailableResult } from '../../../core/seats/seat-assignment';
import { RecordUsage } from '../../../core/usage/record-usage.use-case';
import { InstallWorkspace } from '../../../core/workspace/install-workspace.use-case';
import { aSubscription, TEAM, TOMO_BOT_ID, TOMO_BOT_USER } from '../support/builders';
import { aWorkspaceFixture, type WorkspaceFixture } from '../support/workspace-fixture';

async function installed(start = '2025-01-01T00:00:00Z'): Promise<WorkspaceFixture> {
  const w = aWorkspaceFixture(start);
  await new InstallWorkspace(w).execute({
    teamId: TEAM,
    teamName: 'Acme',
    botUserId: TOMO_BOT_USER,
    botId: TOMO_BOT_ID,
    botToken: 'xoxb',
    installedBy: 'UADMIN',
  });
  return w;
}

const ask = (w: WorkspaceFixture, memberId: string, extra: object = {}) =>
  new CheckEntitlement(w).execute({ teamId: TEAM, memberId, memberIsBot: false, ...extra });

describe('checking entitlement before answering', () => {
  it('answers during the trial, then says the trial is over with the link to buy a plan', async () => {
    const w = await installed();
    expect(await ask(w, 'UHANA')).toMatchObject({ allowed: true, seat: 'trial' });
    w.clock.advanceDays(14);
    const denied = await ask(w, 'UHANA', { links: { pricingUrl: 'https://tomo.test/pricing' } });
    expect(denied).toMatchObject({
      allowed: false,
      reason: 'trial_over',
      error: { code: 'ENTITLEMENT.TRIAL_OVER', params: { pricingUrl: 'https://tomo.test/pricing' } },
    });
  });

  it('counts trial usage per member per month against the free limit of 20', async () => {
    const w = await installed('2025-01-05T00:00:00Z');
    const record = new RecordUsage(w);
    const trialId = (await w.subscriptions.listByTeam(TEAM))[0]!.id;
    for (let i = 0; i < 20; i += 1) {
      await record.execute({ teamId: TEAM, memberId: 'UHANA', subscriptionId: trialId, kind: 'direct_message' });
    }
    expect(await ask(w, 'UHANA')).toMatchObject({ reason: 'request_limit_reached' });
    expect(await ask(w, 'UTARO')).toMatchObject({ allowed: true });
  });

  it('fills an unassigned seat automatically on first use, for users and bots', async () => {
    const w = await installed();
    await w.subscriptions.save(TEAM, aSubscription('std').withSeats(2).createdAt('2025-01-01T00:00:00Z').build());
    expect(await ask(w, 'UHANA')).toMatchObject({ allowed: true, seat: 'auto_assign', subscriptionId: 'std' });
    expect(await new CheckEntitlement(w).execute({ teamId: TEAM, memberId: 'UBOT', memberIsBot: true })).toMatchObject({
      allowed: true,
    });
    expect(await w.seats.listBySubscription(TEAM, 'std')).toEqual([
      expect.objectContaining({ memberId: 'UHANA', memberKind: 'user', assignmentKind: 'automatic', assignedBy: null }),
      expect.objectContaining({ memberId: 'UBOT', memberKind: 'bot', assignmentKind: 'automatic' }),
    ]);
    expect(await ask(w, 'UHANA')).toMatchObject({ seat: 'assigned' });
    w.clock.advanceDays(20);
    expect(await ask(w, 'UTARO', { links: { membersUrl: 'https://tomo.test/settings/members' } })).toMatchObject({
      reason: 'no_seat',
      error: { params: { membersUrl: 'https://tomo.test/settings/members' } },
    });
  });

  it('concurrent first uses fill exactly the free seats; the rest are told there is no seat', async () => {
    const w = await installed();
    w.clock.advanceDays(20);
    await w.subscriptions.save(TEAM, aSubscription('std').withSeats(10).build());
    const decisions = await Promise.all(Array.from({ length: 30 }, (_, i) => ask(w, `U${i}`)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
    expect(decisions.filter((d) => !d.allowed && d.reason === 'no_seat')).toHaveLength(20);
    expect(await w.seats.listBySubscription(TEAM, 'std')).toHaveLength(10);
  });

  it('a seat won concurrently by the same member counts as held', async () => {
    const w = await installed();
    await w.subscriptions.save(TEAM, aSubscription('std').withSeats(3).build());
    const decisions = await Promise.all([ask(w, 'UHANA'), ask(w, 'UHANA')]);
    expect(decisions.every((d) => d.allowed)).toBe(true);
    expect(await w.seats.listBySubscription(TEAM, 'std')).toHaveLength(1);
  });

  it('gives up with no seat when the last seat keeps being taken by others', async () => {
    const w = await installed();
    w.clock.advanceDays(20);
    await w.subscriptions.save(TEAM, aSubscription('std').withSeats(1).build());
    // A seat store where someone else always wins the last seat between our read and our write.
    class AlwaysRaced extends InMemorySeatAssignmentRepository {
      override async assignIfSeatAvailable(): Promise<AssignIfSeatAvailableResult> {
        return 'no_seat_available';
      }
    }
    const decision = await new CheckEntitlement({ ...w, seats: new AlwaysRaced() }).execute({
      teamId: TEAM,
      memberId: 'UHANA',
      memberIsBot: false,
      preferredProvider: 'anthropic',
    });
    expect(decision).toMatchObject({ allowed: false, reason: 'no_seat' });
  });

  it('uses the configured provider for the model', async () => {
    const w = await installed();
    expect(await ask(w, 'UHANA', { preferredProvider: 'anthropic' })).toMatchObject({ provider: 'anthropic' });
  });

  it('holds the request when asked to, and with the month held by requests in flight refuses or uses the next plan', async () => {
    const w = await installed('2025-01-05T00:00:00Z');
    const record = new RecordUsage(w);
    const trialId = (await w.subscriptions.listByTeam(TEAM))[0]!.id;
    for (let i = 0; i < 19; i += 1) {
      await record.execute({ teamId: TEAM, memberId: 'UHANA', subscriptionId: trialId, kind: 'direct_message' });
    }
    const held = await ask(w, 'UHANA', { reserve: true });
    expect(held).toMatchObject({ allowed: true, seat: 'trial', reservationId: expect.any(String) });
    // Without holding, the check alone still allows it (nothing is answered yet).
    expect(await ask(w, 'UHANA')).toMatchObject({ allowed: true });
    expect(await ask(w, 'UHANA', { reserve: true })).toMatchObject({ allowed: false, reason: 'request_limit_reached' });

    await w.subscriptions.save(TEAM, aSubscription('std').onPlan('gpt50_4k_50r').withSeats(1).createdAt('2025-01-01T00:00:00Z').build());
    // A plan with room: the member gets its free seat instead (the trial's month stays held).
    expect(await ask(w, 'UHANA', { reserve: true })).toMatchObject({ allowed: true, subscriptionId: 'std', reservationId: expect.any(String) });

    if (!held.allowed || held.reservationId === undefined) throw new Error('expected a held request');
    await record.execute({ teamId: TEAM, memberId: 'UHANA', subscriptionId: trialId, kind: 'direct_message', reservationId: held.reservationId });
    expect(await w.usage.countForSeat(TEAM, trialId, 'UHANA', new Date('2025-01-01T00:00:00Z'))).toBe(20);
  });
});
