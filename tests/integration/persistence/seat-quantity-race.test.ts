import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AesGcmSecretBox } from '../../../adapters/crypto';
import { FakeClock } from '../../../adapters/memory/fake-clock';
import { SequentialIdGenerator } from '../../../adapters/memory/sequential-id-generator';
import { openDatabase, type Database } from '../../../adapters/postgres/database';
import { createPgRepositories, type PgRepositories } from '../../../adapters/postgres/pg-repositories';
import { SyncPaidSubscription, type PaidSubscriptionSnapshot } from '../../../core/billing/sync-paid-subscription.use-case';
import { CheckEntitlement } from '../../../core/entitlement/check-entitlement.use-case';
import { AssignSeat } from '../../../core/seats/assign-seat.use-case';
import type { SeatAssignmentRepository } from '../../../core/seats/seat-assignment-repository.port';
import { aMember, anAdmin, anAssignment, anInstallation, TOMO_BOT_USER } from '../../unit/support/builders';
import { testDatabase } from '../../support/database';

/**
 * A seat being filled while the subscription's quantity is lowered (a portal or Dashboard change
 * arriving as a webhook): whichever step goes first, no more seats are held than bought. Before,
 * the trim ran before the quantity was saved and outside the seat lock, and an assignment
 * checked the quantity its caller had read earlier, so one seat too many could stay held.
 */
const snapshot = (externalId: string, quantity: number): PaidSubscriptionSnapshot => ({
  externalId,
  planKey: 'gpt50',
  interval: 'monthly',
  billingMode: 'fixed_rate',
  quantity,
  status: 'active',
  currentPeriodStart: new Date('2025-01-15T00:00:00Z'),
  currentPeriodEnd: new Date('2025-02-15T00:00:00Z'),
  cancelAtPeriodEnd: false,
  canceledAt: null,
});

describe('seats while the quantity is lowered', () => {
  let database: Database;
  let repos: PgRepositories;
  const clock = new FakeClock('2025-01-20T09:00:00Z');
  const ids = new SequentialIdGenerator();
  let team = 0;

  beforeAll(async () => {
    database = await openDatabase((await testDatabase()).url, { poolMax: 6 });
    repos = createPgRepositories(database.orm, AesGcmSecretBox.fromEnv(randomBytes(32).toString('base64')));
  });
  afterAll(async () => database?.close());

  /** A workspace on 3 paid seats, two of them held. */
  async function workspaceWithTwoOfThreeSeats() {
    team += 1;
    const teamId = `T0RACE${team}`;
    await repos.installations.save(teamId, anInstallation({ teamId }));
    const sync = new SyncPaidSubscription({ subscriptions: repos.subscriptions, seats: repos.seatAssignments, clock, ids });
    const { subscription } = await sync.execute(teamId, snapshot(`sub_race_${team}`, 3));
    for (const [i, member] of ['UOLD1', 'UOLD2'].entries()) {
      await repos.seatAssignments.assignIfSeatAvailable(teamId, anAssignment(subscription, member, { assignedAt: new Date(`2025-01-1${i}T00:00:00Z`) }), 3);
    }
    const lowerToTwo = () => sync.execute(teamId, snapshot(`sub_race_${team}`, 2));
    const held = async () => (await repos.seatAssignments.listBySubscription(teamId, subscription.id)).map((a) => a.memberId).sort();
    return { teamId, subscription, lowerToTwo, held };
  }

  /** The seat repository, with `meanwhile` run to its end just before the first assignment takes the lock. */
  function seatsWith(meanwhile: () => Promise<unknown>): SeatAssignmentRepository {
    let ran = false;
    const real = repos.seatAssignments;
    return Object.assign(Object.create(real) as SeatAssignmentRepository, {
      async assignIfSeatAvailable(...args: Parameters<SeatAssignmentRepository['assignIfSeatAvailable']>) {
        if (!ran) {
          ran = true;
          await meanwhile();
        }
        return real.assignIfSeatAvailable(...args);
      },
    });
  }

  it('a first request filling the last seat by usage, as the quantity drops from 3 to 2, gets no seat', async () => {
    const { teamId, lowerToTwo, held } = await workspaceWithTwoOfThreeSeats();
    const check = new CheckEntitlement({
      installations: repos.installations,
      subscriptions: repos.subscriptions,
      seats: seatsWith(lowerToTwo),
      usage: repos.usageEvents,
      clock,
    });
    const decision = await check.execute({ teamId, memberId: 'UNEW', memberIsBot: false });
    expect(decision.allowed).toBe(false);
    expect(await held()).toEqual(['UOLD1', 'UOLD2']);
    expect((await repos.subscriptions.listByTeam(teamId))[0]?.quantity).toBe(2);
  });

  it('an admin assigning the last seat as the quantity drops is told the seats are taken', async () => {
    const { teamId, subscription, lowerToTwo, held } = await workspaceWithTwoOfThreeSeats();
    const assign = new AssignSeat({ subscriptions: repos.subscriptions, seats: seatsWith(lowerToTwo), clock });
    const outcome = await assign.execute({
      teamId,
      actor: anAdmin,
      subscriptionId: subscription.id,
      member: aMember('UNEW').build(),
      tomoBotUserId: TOMO_BOT_USER,
    });
    expect(outcome).toMatchObject({ ok: false, error: { code: 'SEATS.LIMIT_REACHED' } });
    expect(await held()).toEqual(['UOLD1', 'UOLD2']);
  });

  it('the quantity dropping right after a seat was filled frees the newest seat', async () => {
    const { teamId, subscription, lowerToTwo, held } = await workspaceWithTwoOfThreeSeats();
    const assigned = await repos.seatAssignments.assignIfSeatAvailable(
      teamId,
      anAssignment(subscription, 'UNEW', { assignedAt: new Date('2025-01-19T00:00:00Z') }),
      3,
    );
    expect(assigned).toBe('assigned');
    const { unassignedMemberIds } = await lowerToTwo();
    expect(unassignedMemberIds).toEqual(['UNEW']);
    expect(await held()).toEqual(['UOLD1', 'UOLD2']);
  });

  it('a seat filled while the lowered quantity is being applied is freed again', async () => {
    team += 1;
    const teamId = `T0RACE${team}`;
    const externalId = `sub_race_${team}`;
    const first = new SyncPaidSubscription({ subscriptions: repos.subscriptions, seats: repos.seatAssignments, clock, ids });
    const { subscription } = await first.execute(teamId, snapshot(externalId, 3));
    for (const member of ['UOLD1', 'UOLD2']) await repos.seatAssignments.assignIfSeatAvailable(teamId, anAssignment(subscription, member), 3);
    // An assignment lands in the middle of the sync: just before it saves the new quantity.
    let filled: string | undefined;
    const subscriptions = Object.assign(Object.create(repos.subscriptions) as typeof repos.subscriptions, {
      async save(...args: Parameters<typeof repos.subscriptions.save>) {
        filled ??= await repos.seatAssignments.assignIfSeatAvailable(teamId, anAssignment(subscription, 'UNEW', { assignedAt: new Date('2025-01-19T00:00:00Z') }), 3);
        return repos.subscriptions.save(...args);
      },
    });
    const { unassignedMemberIds } = await new SyncPaidSubscription({ subscriptions, seats: repos.seatAssignments, clock, ids }).execute(teamId, snapshot(externalId, 2));
    expect(filled).toBe('assigned');
    expect(unassignedMemberIds).toEqual(['UNEW']);
    expect((await repos.seatAssignments.listBySubscription(teamId, subscription.id)).map((a) => a.memberId).sort()).toEqual(['UOLD1', 'UOLD2']);
  });

  it('many first requests at once while the quantity drops never leave more seats held than bought (nor wait for a connection for ever)', async () => {
    const { teamId, lowerToTwo, held } = await workspaceWithTwoOfThreeSeats();
    const check = new CheckEntitlement({
      installations: repos.installations,
      subscriptions: repos.subscriptions,
      seats: repos.seatAssignments,
      usage: repos.usageEvents,
      clock,
    });
    await Promise.all([
      ...Array.from({ length: 8 }, (_, i) => check.execute({ teamId, memberId: `UNEW${i}`, memberIsBot: false })),
      lowerToTwo(),
    ]);
    expect((await held()).length).toBeLessThanOrEqual(2);
  });
});
