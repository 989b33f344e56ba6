import { describe, expect, it } from 'vitest';
import { GetMembersPage } from '../../../core/seats/get-members-page.use-case';
import { aMember, aRegularMember, aSubscription, anAdmin, anAssignment, TEAM, TOMO_BOT_USER } from '../support/builders';
import { aWorkspaceFixture } from '../support/workspace-fixture';

describe('the Members page (spec 2, 6)', () => {
  const members = [
    aMember('UADMIN').named('Admin').admin().build(),
    aMember('UHANA').named('Hana').titled('Designer').build(),
    aMember('UTARO').named('Taro').build(),
    aMember('UBOT').named('Deploy Bot').bot().build(),
    aMember('UFLOW').named('Flow').workflowBot().build(),
    aMember(TOMO_BOT_USER).named('Tomo').bot().build(),
  ];

  async function page(overrides: Partial<Parameters<GetMembersPage['execute']>[0]> = {}) {
    const w = aWorkspaceFixture('2025-01-15T00:00:00Z');
    const std = aSubscription('std').onPlan('gpt50').withSeats(3).build();
    await w.subscriptions.save(TEAM, std);
    await w.subscriptions.save(TEAM, aSubscription('old').onPlan('gpt50_8k').canceled().build());
    await w.seats.assignIfSeatAvailable(TEAM, anAssignment(std, 'UTARO', { assignedAt: new Date('2025-01-10') }), 3);
    await w.seats.assignIfSeatAvailable(
      TEAM,
      anAssignment(std, 'UBOT', { assignmentKind: 'automatic', assignedBy: null, assignedAt: new Date('2025-01-12') }),
      3,
    );
    await w.seats.assignIfSeatAvailable(TEAM, anAssignment({ id: 'old', planKey: 'gpt50_8k', teamId: TEAM }, 'UHANA'), 3);
    return new GetMembersPage(w).execute({
      teamId: TEAM,
      actor: anAdmin,
      members,
      tomoBotUserId: TOMO_BOT_USER,
      selectedSubscriptionId: 'std',
      query: '',
      ...overrides,
    });
  }

  it('lists members and bots (no workflow bots, not Tomo) in the spec order with assign buttons', async () => {
    const result = await page();
    expect(result.ok && result.value.rows.map((r) => [r.number, r.memberName, r.authority, r.assignButton])).toEqual([
      [1, 'Deploy Bot', 'bot', 'remove'],
      [2, 'Taro', 'member', 'remove'],
      [3, 'Admin', 'admin', 'add'],
      [4, 'Hana', 'member', 'add'],
    ]);
    expect(result.ok && result.value.summary).toEqual({
      assigned: 2,
      manual: 1,
      automatic: 1,
      available: 1,
      totalSeats: 3,
      freeUsageBasedSeats: 2,
    });
  });

  it('places a member with seats on two plans by the better plan', async () => {
    const w = aWorkspaceFixture('2025-01-15T00:00:00Z');
    const entry = aSubscription('entry').onPlan('gpt50_4k_50r').build();
    const premium = aSubscription('premium').onPlan('gpt50_8k').build();
    await w.subscriptions.save(TEAM, entry);
    await w.subscriptions.save(TEAM, premium);
    await w.seats.assignIfSeatAvailable(TEAM, anAssignment(entry, 'UHANA'), 5);
    await w.seats.assignIfSeatAvailable(TEAM, anAssignment(premium, 'UHANA'), 5);
    await w.seats.assignIfSeatAvailable(TEAM, anAssignment(entry, 'UTARO'), 5);
    const result = await new GetMembersPage(w).execute({
      teamId: TEAM,
      actor: anAdmin,
      members,
      tomoBotUserId: TOMO_BOT_USER,
      selectedSubscriptionId: 'premium',
      query: '',
    });
    expect(result.ok && result.value.rows.slice(0, 2).map((r) => [r.memberName, r.assignButton])).toEqual([
      ['Taro', 'add'],
      ['Hana', 'remove'],
    ]);
  });

  it('shows who assigned a seat and when', async () => {
    const result = await page({ query: 'taro' });
    expect(result.ok && result.value.rows).toEqual([
      expect.objectContaining({ memberName: 'Taro', updatedBy: 'UADMIN', updatedAt: new Date('2025-01-10') }),
    ]);
  });

  it('disables the assign buttons while no subscription is selected', async () => {
    const result = await page({ selectedSubscriptionId: null });
    expect(result.ok && new Set(result.value.rows.map((r) => r.assignButton))).toEqual(new Set(['disabled']));
    expect(result.ok && result.value.summary).toBeNull();
  });

  it('lists a deactivated account only while it still holds a seat, so the admin can free that seat', async () => {
    const w = aWorkspaceFixture('2025-01-15T00:00:00Z');
    const std = aSubscription('std').onPlan('gpt50').withSeats(2).build();
    await w.subscriptions.save(TEAM, std);
    await w.seats.assignIfSeatAvailable(TEAM, anAssignment(std, 'UTARO', { assignedAt: new Date('2025-01-10') }), 2);
    await w.seats.assignIfSeatAvailable(TEAM, anAssignment(std, 'UGONE', { assignedAt: new Date('2025-01-11') }), 2);
    const withGone = [
      ...members,
      aMember('UGONE').named('Gone').deleted().build(),
      aMember('UNEVER').named('Never').deleted().build(),
    ];
    const result = await new GetMembersPage(w).execute({
      teamId: TEAM,
      actor: anAdmin,
      members: withGone,
      tomoBotUserId: TOMO_BOT_USER,
      selectedSubscriptionId: 'std',
      query: '',
    });
    expect(result.ok && result.value.summary).toMatchObject({ assigned: 2, available: 0, totalSeats: 2 });
    const assigned = result.ok ? result.value.rows.filter((r) => r.assignButton === 'remove') : [];
    expect(assigned.map((r) => [r.memberName, r.authority])).toEqual([
      ['Gone', 'other'],
      ['Taro', 'member'],
    ]);
    expect(result.ok && result.value.rows.map((r) => r.memberName)).not.toContain('Never');
  });

  it('leaves Slackbot out (users.list lists it as a member, is_bot false), unless it still holds a seat an admin must free', async () => {
    const slackbot = aMember('USLACKBOT').named('slackbot').build();
    const listed = await page({ members: [...members, slackbot] });
    expect(listed.ok && listed.value.rows.map((r) => r.memberName)).not.toContain('slackbot');

    const w = aWorkspaceFixture('2025-01-15T00:00:00Z');
    const std = aSubscription('std').onPlan('gpt50').withSeats(2).build();
    await w.subscriptions.save(TEAM, std);
    await w.seats.assignIfSeatAvailable(TEAM, anAssignment(std, 'USLACKBOT', { assignmentKind: 'automatic', assignedBy: null }), 2);
    const held = await new GetMembersPage(w).execute({
      teamId: TEAM,
      actor: anAdmin,
      members: [...members, slackbot],
      tomoBotUserId: TOMO_BOT_USER,
      selectedSubscriptionId: 'std',
      query: '',
    });
    expect(held.ok && held.value.rows.filter((r) => r.memberName === 'slackbot').map((r) => r.assignButton)).toEqual(['remove']);
  });

  it('lists a workflow bot only while it holds a seat it took by usage (a workflow’s message mentioning Tomo), so the admin can free it', async () => {
    const w = aWorkspaceFixture('2025-01-15T00:00:00Z');
    const std = aSubscription('std').onPlan('gpt50').withSeats(2).build();
    await w.subscriptions.save(TEAM, std);
    await w.seats.assignIfSeatAvailable(TEAM, anAssignment(std, 'UFLOW', { assignmentKind: 'automatic', assignedBy: null }), 2);
    const result = await new GetMembersPage(w).execute({
      teamId: TEAM,
      actor: anAdmin,
      members,
      tomoBotUserId: TOMO_BOT_USER,
      selectedSubscriptionId: 'std',
      query: '',
    });
    expect(result.ok && result.value.rows.filter((r) => r.memberName === 'Flow').map((r) => [r.authority, r.assignButton])).toEqual([['bot', 'remove']]);
    expect(result.ok && result.value.summary).toMatchObject({ assigned: 1, available: 1 });
  });

  it('is for admins only, with the Members page message', async () => {
    expect(await page({ actor: aRegularMember })).toMatchObject({ ok: false, error: { code: 'PERMISSION.MEMBERS_PAGE' } });
  });
});
