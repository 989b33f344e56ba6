import { beforeEach, describe, expect, it } from 'vitest';
import { InMemoryUsageEventRepository } from '../../adapters/memory/in-memory-usage-event-repository';
import { PgUsageEventRepository } from '../../adapters/postgres/pg-usage-event-repository';
import type { UsageEventRepository } from '../../core/usage/usage-event-repository.port';
import { implementations } from './support/implementations';
import { aUsageEvent, at, TEAM_A, TEAM_B } from './support/records';

const byMember = (a: { memberId: string }, b: { memberId: string }) => a.memberId.localeCompare(b.memberId);

describe.each(
  implementations<UsageEventRepository>({
    memory: () => new InMemoryUsageEventRepository(),
    postgres: (orm) => new PgUsageEventRepository(orm),
  }),
)('UsageEventRepository ($name)', ({ create }) => {
  let usage: UsageEventRepository;
  beforeEach(async () => {
    usage = await create();
  });

  it('counts answered requests on one seat since a moment (inclusive)', async () => {
    await usage.record(TEAM_A, aUsageEvent({ id: 'e1', occurredAt: at(1) }));
    await usage.record(TEAM_A, aUsageEvent({ id: 'e2', occurredAt: at(5), kind: 'reaction' }));
    await usage.record(TEAM_A, aUsageEvent({ id: 'e3', occurredAt: at(9), kind: 'direct_message' }));
    await usage.record(TEAM_A, aUsageEvent({ id: 'e4', occurredAt: at(9), subscriptionId: 'sub-2' }));
    await usage.record(TEAM_A, aUsageEvent({ id: 'e5', occurredAt: at(9), memberId: 'U002' }));
    expect(await usage.countForSeat(TEAM_A, 'sub-1', 'U001', at(5))).toBe(2);
    expect(await usage.countForSeat(TEAM_A, 'sub-1', 'U001', at(0))).toBe(3);
    expect(await usage.countForSeat(TEAM_A, 'sub-1', 'U001', at(10))).toBe(0);
  });

  it('tallies per member by kind, all time or since a moment', async () => {
    await usage.record(TEAM_A, aUsageEvent({ id: 'e1', occurredAt: at(1) }));
    await usage.record(TEAM_A, aUsageEvent({ id: 'e2', occurredAt: at(5), kind: 'reaction' }));
    await usage.record(TEAM_A, aUsageEvent({ id: 'e3', occurredAt: at(9), kind: 'direct_message', subscriptionId: null }));
    await usage.record(TEAM_A, aUsageEvent({ id: 'e4', occurredAt: at(2), memberId: 'U002' }));
    expect((await usage.tallyByMember(TEAM_A, null)).sort(byMember)).toEqual([
      { memberId: 'U001', channelMention: 1, directMessage: 1, reaction: 1 },
      { memberId: 'U002', channelMention: 1, directMessage: 0, reaction: 0 },
    ]);
    expect(await usage.tallyByMember(TEAM_A, at(5))).toEqual([
      { memberId: 'U001', channelMention: 0, directMessage: 1, reaction: 1 },
    ]);
    expect(await usage.tallyByMember(TEAM_A, at(100))).toEqual([]);
  });

  it('counts every one of 50 requests recorded at once', async () => {
    await Promise.all(Array.from({ length: 50 }, (_, i) => usage.record(TEAM_A, aUsageEvent({ id: `e${i}` }))));
    expect(await usage.countForSeat(TEAM_A, 'sub-1', 'U001', at(0))).toBe(50);
  });

  it('keeps teams apart: team B sees none of team A usage and cannot record into it', async () => {
    await usage.record(TEAM_A, aUsageEvent());
    expect(await usage.countForSeat(TEAM_B, 'sub-1', 'U001', at(0))).toBe(0);
    expect(await usage.tallyByMember(TEAM_B, null)).toEqual([]);
    await expect(usage.record(TEAM_B, aUsageEvent({ id: 'e-b' }))).rejects.toThrow(/team/);
    await usage.record(TEAM_B, aUsageEvent({ teamId: TEAM_B, id: 'e-b' }));
    expect(await usage.countForSeat(TEAM_A, 'sub-1', 'U001', at(0))).toBe(1);
  });

  describe('holding requests against a seat\'s monthly limit while they are answered', () => {
    const seat = (overrides: Partial<{ memberId: string; limit: number; since: Date; now: Date; until: Date }> = {}) => ({
      subscriptionId: 'sub-1',
      memberId: 'U001',
      since: at(0),
      limit: 3,
      now: at(10),
      until: at(25),
      ...overrides,
    });

    it('holds only what answered + held leave under the limit, and a held request counts once answered', async () => {
      await usage.record(TEAM_A, aUsageEvent({ id: 'e1', occurredAt: at(1) }));
      const first = await usage.reserve(TEAM_A, seat());
      const second = await usage.reserve(TEAM_A, seat());
      expect(first).not.toBeNull();
      expect(second).not.toBeNull();
      expect(first).not.toBe(second);
      expect(await usage.reserve(TEAM_A, seat())).toBeNull();
      // Another member, another seat: their own limit.
      expect(await usage.reserve(TEAM_A, seat({ memberId: 'U002' }))).not.toBeNull();

      await usage.release(TEAM_A, first!);
      const third = await usage.reserve(TEAM_A, seat());
      expect(third).not.toBeNull();
      await usage.record(TEAM_A, aUsageEvent({ id: 'e2', occurredAt: at(11) }), second!);
      expect(await usage.countForSeat(TEAM_A, 'sub-1', 'U001', at(0))).toBe(2);
      // Answered (2) + held (third) = 3: nothing left, until the held one is given back.
      expect(await usage.reserve(TEAM_A, seat())).toBeNull();
      await usage.release(TEAM_A, third!);
      expect(await usage.reserve(TEAM_A, seat())).not.toBeNull();
    });

    it('lets a hold a crashed worker left expire', async () => {
      expect(await usage.reserve(TEAM_A, seat({ limit: 1 }))).not.toBeNull();
      expect(await usage.reserve(TEAM_A, seat({ limit: 1, now: at(24) }))).toBeNull();
      expect(await usage.reserve(TEAM_A, seat({ limit: 1, now: at(25), until: at(40) }))).not.toBeNull();
    });

    it('a request held across the end of a month holds a request of its own month only', async () => {
      // Allowed on the last day (month since at(0)), still being answered after midnight (at(20)).
      expect(await usage.reserve(TEAM_A, seat({ limit: 1, now: at(19), until: at(40) }))).not.toBeNull();
      expect(await usage.reserve(TEAM_A, seat({ limit: 1, now: at(19), until: at(40) }))).toBeNull();
      // The new month's first request is not taken by it.
      expect(await usage.reserve(TEAM_A, seat({ limit: 1, since: at(20), now: at(21), until: at(40) }))).not.toBeNull();
      expect(await usage.reserve(TEAM_A, seat({ limit: 1, since: at(20), now: at(21), until: at(40) }))).toBeNull();
    });

    it('holds exactly the limit when 20 requests of one seat are asked at once', async () => {
      await usage.record(TEAM_A, aUsageEvent({ id: 'e1', occurredAt: at(1) }));
      const held = await Promise.all(Array.from({ length: 20 }, () => usage.reserve(TEAM_A, seat({ limit: 6 }))));
      expect(held.filter((id) => id !== null)).toHaveLength(5);
    });

    it('keeps teams apart: team B neither sees nor gives back team A holds', async () => {
      const held = await usage.reserve(TEAM_A, seat({ limit: 1 }));
      expect(await usage.reserve(TEAM_B, seat({ limit: 1 }))).not.toBeNull();
      await usage.release(TEAM_B, held!);
      expect(await usage.reserve(TEAM_A, seat({ limit: 1 }))).toBeNull();
    });
  });
});
