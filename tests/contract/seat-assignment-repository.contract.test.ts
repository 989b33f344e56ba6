import { beforeEach, describe, expect, it } from 'vitest';
import { InMemorySeatAssignmentRepository } from '../../adapters/memory/in-memory-seat-assignment-repository';
import { PgSeatAssignmentRepository } from '../../adapters/postgres/pg-seat-assignment-repository';
import type { SeatAssignmentRepository } from '../../core/seats/seat-assignment-repository.port';
import { implementations } from './support/implementations';
import { aSeat, at, TEAM_A, TEAM_B } from './support/records';

describe.each(
  implementations<SeatAssignmentRepository>({
    memory: () => new InMemorySeatAssignmentRepository(),
    postgres: (orm) => new PgSeatAssignmentRepository(orm),
  }),
)('SeatAssignmentRepository ($name)', ({ create }) => {
  let seats: SeatAssignmentRepository;
  beforeEach(async () => {
    seats = await create();
  });

  it('assigns a seat and lists it by team, subscription and member', async () => {
    const bot = aSeat({ memberId: 'U0BOT', memberKind: 'bot', assignmentKind: 'automatic', assignedBy: null, assignedAt: at(2) });
    expect(await seats.assignIfSeatAvailable(TEAM_A, aSeat(), 10)).toBe('assigned');
    expect(await seats.assignIfSeatAvailable(TEAM_A, bot, 10)).toBe('assigned');
    expect(await seats.assignIfSeatAvailable(TEAM_A, aSeat({ subscriptionId: 'sub-2' }), 10)).toBe('assigned');
    expect(await seats.listBySubscription(TEAM_A, 'sub-1')).toEqual([aSeat(), bot]);
    expect(await seats.listByMember(TEAM_A, 'U001')).toEqual([aSeat(), aSeat({ subscriptionId: 'sub-2' })]);
    expect(await seats.listByTeam(TEAM_A)).toHaveLength(3);
  });

  it('refuses a second seat for the same member and a seat beyond the limit', async () => {
    await seats.assignIfSeatAvailable(TEAM_A, aSeat(), 2);
    expect(await seats.assignIfSeatAvailable(TEAM_A, aSeat({ assignedAt: at(5) }), 2)).toBe('already_assigned');
    expect(await seats.assignIfSeatAvailable(TEAM_A, aSeat({ memberId: 'U002' }), 2)).toBe('assigned');
    expect(await seats.assignIfSeatAvailable(TEAM_A, aSeat({ memberId: 'U003' }), 2)).toBe('no_seat_available');
    expect(await seats.listBySubscription(TEAM_A, 'sub-1')).toHaveLength(2);
  });

  it('never exceeds the limit under concurrency: 50 requests on 10 seats end with 10', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        seats.assignIfSeatAvailable(TEAM_A, aSeat({ memberId: `U${String(i).padStart(3, '0')}`, assignedAt: at(i) }), 10),
      ),
    );
    expect(results.filter((r) => r === 'assigned')).toHaveLength(10);
    expect(results.filter((r) => r === 'no_seat_available')).toHaveLength(40);
    expect(await seats.listBySubscription(TEAM_A, 'sub-1')).toHaveLength(10);
  });

  it('the same member asking 20 times at once gets one seat', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => seats.assignIfSeatAvailable(TEAM_A, aSeat(), 10)));
    expect(results.filter((r) => r === 'assigned')).toHaveLength(1);
    expect(await seats.listBySubscription(TEAM_A, 'sub-1')).toHaveLength(1);
  });

  it('removes seats one by one or several at once', async () => {
    for (const memberId of ['U001', 'U002', 'U003']) await seats.assignIfSeatAvailable(TEAM_A, aSeat({ memberId }), 10);
    expect(await seats.unassign(TEAM_A, 'sub-1', 'U001')).toBe(true);
    expect(await seats.unassign(TEAM_A, 'sub-1', 'U001')).toBe(false);
    expect(await seats.unassignMany(TEAM_A, 'sub-1', ['U002', 'U003', 'U999'])).toBe(2);
    expect(await seats.unassignMany(TEAM_A, 'sub-1', [])).toBe(0);
    expect(await seats.listByTeam(TEAM_A)).toEqual([]);
  });

  it('frees the seats chosen from the current ones, oldest first as given, and names who lost them', async () => {
    for (const [i, memberId] of ['U003', 'U001', 'U002'].entries()) await seats.assignIfSeatAvailable(TEAM_A, aSeat({ memberId, assignedAt: at(i) }), 10);
    const offered: string[][] = [];
    const freed = await seats.freeSeats(TEAM_A, 'sub-1', (current) => {
      offered.push(current.map((a) => a.memberId));
      return current.slice(1);
    });
    expect(offered).toEqual([['U003', 'U001', 'U002']]);
    expect(freed).toEqual(['U001', 'U002']);
    expect((await seats.listBySubscription(TEAM_A, 'sub-1')).map((a) => a.memberId)).toEqual(['U003']);
    expect(await seats.freeSeats(TEAM_B, 'sub-1', (current) => current)).toEqual([]);
    expect(await seats.listBySubscription(TEAM_A, 'sub-1')).toHaveLength(1);
  });

  it('keeps teams apart: team B neither reads, fills nor removes team A seats', async () => {
    await seats.assignIfSeatAvailable(TEAM_A, aSeat(), 1);
    expect(await seats.listByTeam(TEAM_B)).toEqual([]);
    expect(await seats.listBySubscription(TEAM_B, 'sub-1')).toEqual([]);
    expect(await seats.listByMember(TEAM_B, 'U001')).toEqual([]);
    expect(await seats.unassign(TEAM_B, 'sub-1', 'U001')).toBe(false);
    expect(await seats.unassignMany(TEAM_B, 'sub-1', ['U001'])).toBe(0);
    await expect(seats.assignIfSeatAvailable(TEAM_B, aSeat({ memberId: 'U002' }), 1)).rejects.toThrow(/team/);
    // Team B's own subscription with the same id has its own seats.
    expect(await seats.assignIfSeatAvailable(TEAM_B, aSeat({ teamId: TEAM_B }), 1)).toBe('assigned');
    expect(await seats.listBySubscription(TEAM_A, 'sub-1')).toEqual([aSeat()]);
  });
});
