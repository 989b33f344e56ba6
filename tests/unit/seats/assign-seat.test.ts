import { beforeEach, describe, expect, it } from 'vitest';
import { AssignSeat } from '../../../core/seats/assign-seat.use-case';
import { UnassignSeat } from '../../../core/seats/unassign-seat.use-case';
import { aMember, aRegularMember, aSubscription, anAdmin, TEAM, TOMO_BOT_USER } from '../support/builders';
import { aWorkspaceFixture, type WorkspaceFixture } from '../support/workspace-fixture';

describe('manual seat assignment (spec 1, 4, 6)', () => {
  let w: WorkspaceFixture;
  let assign: AssignSeat;
  const base = { teamId: TEAM, actor: anAdmin, subscriptionId: 'sub-1', tomoBotUserId: TOMO_BOT_USER };

  beforeEach(async () => {
    w = aWorkspaceFixture('2025-01-10T00:00:00Z');
    assign = new AssignSeat(w);
    await w.subscriptions.save(TEAM, aSubscription('sub-1').onPlan('gpt50_8k').withSeats(2).build());
  });

  it('an admin assigns a member to a seat', async () => {
    const result = await assign.execute({ ...base, member: aMember('UHANAKO').build() });
    expect(result).toMatchObject({
      ok: true,
      value: { memberId: 'UHANAKO', memberKind: 'user', planKey: 'gpt50_8k', assignmentKind: 'manual', assignedBy: 'UADMIN' },
    });
    expect(await w.seats.listByMember(TEAM, 'UHANAKO')).toHaveLength(1);
  });

  it('bots take seats like users', async () => {
    const result = await assign.execute({ ...base, member: aMember('UDEPLOY').bot().build() });
    expect(result.ok && result.value.memberKind).toBe('bot');
  });

  it('needs admin rights and a selected subscription', async () => {
    const member = aMember().build();
    expect(await assign.execute({ ...base, actor: aRegularMember, member })).toMatchObject({
      error: { code: 'PERMISSION.ADMIN_REQUIRED' },
    });
    expect(await assign.execute({ ...base, subscriptionId: null, member })).toMatchObject({
      error: { code: 'SEATS.NO_SUBSCRIPTION_SELECTED' },
    });
    expect(await assign.execute({ ...base, subscriptionId: 'missing', member })).toMatchObject({
      error: { code: 'SUBSCRIPTION.NOT_FOUND' },
    });
  });

  it('refuses workflow bots, Tomo itself, deactivated members and Slackbot (users.list lists it with is_bot false)', async () => {
    const slackbot = aMember('USLACKBOT').named('slackbot').build();
    for (const member of [aMember().workflowBot().build(), aMember(TOMO_BOT_USER).bot().build(), aMember().deleted().build(), slackbot]) {
      expect(await assign.execute({ ...base, member })).toMatchObject({ error: { code: 'SEATS.NOT_ASSIGNABLE' } });
    }
  });

  it('refuses a second seat for the same member and a member beyond the seat count', async () => {
    await assign.execute({ ...base, member: aMember('U1').build() });
    expect(await assign.execute({ ...base, member: aMember('U1').build() })).toMatchObject({
      error: { code: 'SEATS.ALREADY_ASSIGNED' },
    });
    await assign.execute({ ...base, member: aMember('U2').build() });
    expect(await assign.execute({ ...base, member: aMember('U3').build() })).toMatchObject({
      error: { code: 'SEATS.LIMIT_REACHED', params: { seats: 2 } },
    });
  });

  it('50 concurrent assignments on 10 seats end with exactly 10', async () => {
    await w.subscriptions.save(TEAM, aSubscription('sub-10').withSeats(10).build());
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        assign.execute({ ...base, subscriptionId: 'sub-10', member: aMember(`UC${i}`).build() }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    expect(await w.seats.listBySubscription(TEAM, 'sub-10')).toHaveLength(10);
  });

  it('an admin removes a seat, which becomes available again', async () => {
    const unassign = new UnassignSeat(w);
    await assign.execute({ ...base, member: aMember('U1').build() });
    expect(await unassign.execute({ ...base, memberId: 'U1' })).toEqual({ ok: true, value: undefined });
    expect(await unassign.execute({ ...base, memberId: 'U1' })).toMatchObject({ error: { code: 'SEATS.NOT_ASSIGNED' } });
    expect(await unassign.execute({ ...base, actor: aRegularMember, memberId: 'U1' })).toMatchObject({
      error: { code: 'PERMISSION.ADMIN_REQUIRED' },
    });
    expect(await unassign.execute({ ...base, subscriptionId: null, memberId: 'U1' })).toMatchObject({
      error: { code: 'SEATS.NO_SUBSCRIPTION_SELECTED' },
    });
  });
});
