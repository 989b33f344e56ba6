import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../adapters/postgres/database';
import { PgImageGenerationLog } from '../../../adapters/postgres/pg-image-generation-log';
import { PgProcessedEventLog } from '../../../adapters/postgres/pg-processed-event-log';
import { PgUsageEventRepository } from '../../../adapters/postgres/pg-usage-event-repository';
import { jobAttempts } from '../../../adapters/queue/job-context';
import { testDatabase } from '../../support/database';

/**
 * Usage and image generations under retries (issue 16, ADR 38): an attempt that recorded them
 * and then died is retried; the retry records them again. A person's request must count once
 * on the seat (and once in the metered bill built from usage_events), whatever crashed.
 */
const TEAM = 'T0USAGE';
const SEAT = { teamId: TEAM, memberId: 'UALICE', subscriptionId: 'sub-1' } as const;
const SINCE = new Date(0);

describe('usage recorded inside a delivering job', () => {
  let database: Database;
  let claims: PgProcessedEventLog;
  let usage: PgUsageEventRepository;
  let images: PgImageGenerationLog;

  beforeAll(async () => {
    database = await openDatabase((await testDatabase()).url, { poolMax: 4 });
    claims = new PgProcessedEventLog(database.orm, 'slack');
    usage = new PgUsageEventRepository(database.orm);
    images = new PgImageGenerationLog(database.orm);
  });
  afterAll(async () => database.close());

  /** One attempt of the job answering `eventId`: claim it, then record what an answer records. */
  async function attempt(eventId: string, retry: number, work: { generations?: number } = {}): Promise<boolean> {
    return jobAttempts.run({ attempt: retry }, async () => {
      const claimed = await claims.markProcessed({ eventId, teamId: TEAM, type: 'app_mention' }, new Date());
      if (!claimed) return false;
      for (let i = 0; i < (work.generations ?? 0); i += 1) {
        await images.record(TEAM, { ...SEAT, id: randomUUID(), images: 4, occurredAt: new Date() });
      }
      await usage.record(TEAM, { ...SEAT, id: randomUUID(), kind: 'channel_mention', occurredAt: new Date() });
      return true;
    });
  }

  const counted = async () => ({
    requests: await usage.countForSeat(TEAM, SEAT.subscriptionId, SEAT.memberId, SINCE),
    generations: await images.countForSeat(TEAM, SEAT.subscriptionId, SEAT.memberId, SINCE),
  });

  it('counts a request once when the attempt that recorded it died and its retry recorded it again', async () => {
    expect(await attempt('EvDIED', 0, { generations: 1 })).toBe(true);
    // The worker was killed before the job completed: pg-boss retries it.
    expect(await attempt('EvDIED', 1, { generations: 1 })).toBe(true);
    expect(await counted()).toEqual({ requests: 1, generations: 1 });
    expect(await usage.tallyByMember(TEAM, null)).toEqual([{ memberId: 'UALICE', channelMention: 1, directMessage: 0, reaction: 0 }]);
  });

  it('still counts each generation of one answer that drew twice, and each different request', async () => {
    const before = await counted();
    expect(await attempt('EvTWICE', 0, { generations: 2 })).toBe(true);
    expect(await attempt('EvTWICE', 1, { generations: 2 })).toBe(true);
    expect(await attempt('EvOTHER', 0)).toBe(true);
    expect(await counted()).toEqual({ requests: before.requests + 2, generations: before.generations + 2 });
  });

  it('a duplicate delivery of a finished request records nothing more; outside a job every record counts', async () => {
    await jobAttempts.run({ attempt: 0 }, async () => {
      await claims.markProcessed({ eventId: 'EvDONE', teamId: TEAM, type: 'app_mention' }, new Date());
      await usage.record(TEAM, { ...SEAT, id: randomUUID(), kind: 'direct_message', occurredAt: new Date() });
    });
    await database.orm.em.getConnection().execute(`update processed_slack_events set done = true where event_id = 'EvDONE'`);
    const before = await counted();
    expect(await attempt('EvDONE', 1)).toBe(false);
    expect(await counted()).toEqual(before);

    await usage.record(TEAM, { ...SEAT, id: randomUUID(), kind: 'reaction', occurredAt: new Date() });
    await usage.record(TEAM, { ...SEAT, id: randomUUID(), kind: 'reaction', occurredAt: new Date() });
    expect((await counted()).requests).toBe(before.requests + 2);
  });

  it('a retry holds the same request its dead attempt held or counted, not one more of the seat\'s month', async () => {
    const seat = { subscriptionId: 'sub-held', memberId: 'UHELD', since: SINCE, limit: 1, now: new Date(), until: new Date(Date.now() + 60_000) };
    const answer = (eventId: string, retry: number, record: boolean) =>
      jobAttempts.run({ attempt: retry }, async () => {
        await claims.markProcessed({ eventId, teamId: TEAM, type: 'app_mention' }, new Date());
        const held = await usage.reserve(TEAM, seat);
        if (held !== null && record) {
          await usage.record(TEAM, { teamId: TEAM, memberId: 'UHELD', subscriptionId: 'sub-held', id: randomUUID(), kind: 'channel_mention', occurredAt: new Date() }, held);
        }
        return held;
      });
    // Died after holding: the retry holds the same one.
    const first = await answer('EvHELD', 0, false);
    expect(first).not.toBeNull();
    expect(await answer('EvHELD', 1, true)).toBe(first);
    // Died after counting, before the job completed: the retry is still that request.
    expect(await answer('EvHELD', 2, true)).toBe(first);
    expect(await usage.countForSeat(TEAM, 'sub-held', 'UHELD', SINCE)).toBe(1);
    // Another request of the same seat finds the month's one request used.
    expect(await answer('EvNEXT', 0, true)).toBeNull();
  });
});
