import { beforeEach, describe, expect, it } from 'vitest';
import { InMemoryProcessedEventLog } from '../../adapters/memory/in-memory-processed-event-log';
import { PgProcessedEventLog } from '../../adapters/postgres/pg-processed-event-log';
import { jobAttempts, type JobAttemptContext } from '../../adapters/queue/job-context';
import type { ProcessedEventLog } from '../../core/shared/processed-event-log.port';
import type { Implementation } from './support/implementations';
import { emptyTables, fileDatabase } from './support/implementations';
import { at, TEAM_A } from './support/records';

const postgres = (sender: 'slack' | 'stripe'): Implementation<PgProcessedEventLog> => ({
  name: `postgres ${sender}`,
  create: async () => {
    const { orm } = await fileDatabase();
    await emptyTables(orm);
    return new PgProcessedEventLog(orm, sender);
  },
});

describe.each([
  { name: 'in-memory', create: async () => new InMemoryProcessedEventLog() } as Implementation<ProcessedEventLog>,
  postgres('slack'),
  postgres('stripe'),
])('ProcessedEventLog ($name)', ({ create }) => {
  let log: ProcessedEventLog;
  beforeEach(async () => {
    log = await create();
  });

  const event = { eventId: 'Ev0001', teamId: TEAM_A, type: 'app_mention' };

  it('says yes the first time and no for a retried delivery', async () => {
    expect(await log.markProcessed(event, at(0))).toBe(true);
    expect(await log.markProcessed(event, at(1))).toBe(false);
    expect(await log.markProcessed({ ...event, eventId: 'Ev0002', teamId: null }, at(1))).toBe(true);
  });

  it('lets exactly one of 20 racing deliveries through', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => log.markProcessed(event, at(0))));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('lets a released id be claimed again, and only that one', async () => {
    await log.markProcessed(event, at(0));
    await log.markProcessed({ ...event, eventId: 'Ev0002' }, at(0));
    await log.release(event.eventId);
    expect(await log.markProcessed(event, at(1))).toBe(true);
    expect(await log.markProcessed({ ...event, eventId: 'Ev0002' }, at(1))).toBe(false);
  });

  it('forgets old ids on purge', async () => {
    await log.markProcessed(event, at(0));
    await log.markProcessed({ ...event, eventId: 'Ev0002' }, at(10));
    expect(await log.purgeBefore(at(5))).toBe(1);
    expect(await log.markProcessed(event, at(20))).toBe(true);
    expect(await log.markProcessed({ ...event, eventId: 'Ev0002' }, at(20))).toBe(false);
  });
});

// The delivery record (ADR 33): what a retried job attempt learns about earlier attempts' messages.
describe('ProcessedEventLog (postgres slack): delivery records of job attempts', () => {
  const event = { eventId: 'Ev0100', teamId: TEAM_A, type: 'app_mention' };
  const claim = async (log: PgProcessedEventLog, attempt: number) => {
    const context: JobAttemptContext = { attempt };
    const first = await jobAttempts.run(context, () => log.markProcessed(event, at(attempt)));
    return { first, delivery: context.delivery };
  };

  it('hands a retry the messages of every attempt that did not finish, also of one that died before deleting them', async () => {
    const log = await postgres('slack').create();
    const first = await claim(log, 0);
    await first.delivery!.record({ channel: 'C1', ts: '1.000001' });
    // The retry learns the half answer, then dies before it has deleted it or said anything.
    const second = await claim(log, 1);
    expect(second.delivery!.leftovers).toEqual([{ channel: 'C1', ts: '1.000001' }]);
    const third = await claim(log, 2);
    expect(third.delivery!.leftovers).toEqual([{ channel: 'C1', ts: '1.000001' }]);
    await third.delivery!.record({ channel: 'C1', ts: '1.000002' });
    await third.delivery!.finish();
    // A finished delivery is never taken over, and an older attempt is a duplicate.
    expect((await claim(log, 3)).first).toBe(false);
    expect((await claim(log, 1)).first).toBe(false);
  });

  it('lets only a later attempt of the same job take a delivery over, never another job with the same key on its retry', async () => {
    const log = await postgres('slack').create();
    const claimBy = async (jobId: string, attempt: number) => {
      const context: JobAttemptContext = { attempt, jobId };
      const first = await jobAttempts.run(context, () => log.markProcessed(event, at(attempt)));
      return { first, delivery: context.delivery };
    };
    const answering = await claimBy('job-first-reactor', 0);
    await answering.delivery!.record({ channel: 'C1', ts: '1.000001' });
    // Another person's same emoji, its job on its second attempt: a duplicate, not a takeover.
    expect((await claimBy('job-second-reactor', 1)).first).toBe(false);
    // The first job's own retry still takes it over and learns what was posted.
    const retry = await claimBy('job-first-reactor', 1);
    expect(retry.first).toBe(true);
    expect(retry.delivery!.leftovers).toEqual([{ channel: 'C1', ts: '1.000001' }]);
  });

  it('releases a job’s own delivery only once it is whole: a retry of an attempt that died first still learns what it showed', async () => {
    const log = await postgres('slack').create();
    const first = await claim(log, 0);
    await first.delivery!.record({ channel: 'C1', ephemeral: 'U1', nth: 1 });
    await jobAttempts.run({ attempt: 0, delivery: first.delivery! }, () => log.release(event.eventId));
    // The attempt dies here: its retry takes the record over and sees the ephemeral shown.
    const second = await claim(log, 1);
    expect(second.delivery!.shown).toEqual([{ channel: 'C1', ephemeral: 'U1', nth: 1 }]);
    await jobAttempts.run({ attempt: 1, delivery: second.delivery! }, () => log.release(event.eventId));
    // Not before: another job's first attempt finds the key taken.
    expect((await claim(log, 0)).first).toBe(false);
    await second.delivery!.finish();
    // Whole: the key is free for another job (the next reactor's same emoji).
    expect((await claim(log, 0)).first).toBe(true);
  });

  it('tells a takeover when the first attempt claimed, and what other deliveries, in progress or finished, hold (ADR 84)', async () => {
    const log = await postgres('slack').create();
    const first = await claim(log, 0);
    expect(first.delivery!.takeover).toBeUndefined();
    const other = async (eventId: string) => {
      const context: JobAttemptContext = { attempt: 0 };
      await jobAttempts.run(context, () => log.markProcessed({ ...event, eventId }, at(0)));
      return context.delivery!;
    };
    const streaming = await other('Ev0101');
    await streaming.record({ channel: 'C1', ts: '1.000002' });
    const finished = await other('Ev0102');
    await finished.record({ channel: 'C1', ts: '1.000003' });
    await finished.finish();
    await first.delivery!.record({ channel: 'C1', ts: '1.000001' });

    const retry = await claim(log, 1);
    expect(retry.delivery!.takeover!.since).toEqual(at(0));
    const asked = [
      { channel: 'C1', ts: '1.000001' },
      { channel: 'C1', ts: '1.000002' },
      { channel: 'C1', ts: '1.000003' },
      { channel: 'C2', ts: '1.000002' },
    ];
    const held = await retry.delivery!.takeover!.heldElsewhere(asked);
    expect(held.map((item) => ('ts' in item ? item.ts : item.file)).sort()).toEqual(['1.000002', '1.000003']);
    expect(held.every((item) => item.channel === 'C1')).toBe(true);
  });
});

// Billing's check-then-record shape (ProcessedWebhookEventLog in apply-stripe-event.use-case).
describe.each([
  { name: 'in-memory', create: async () => new InMemoryProcessedEventLog() } as Implementation<InMemoryProcessedEventLog | PgProcessedEventLog>,
  postgres('stripe') as Implementation<InMemoryProcessedEventLog | PgProcessedEventLog>,
])('ProcessedWebhookEventLog ($name)', ({ create }) => {
  it('knows an event once it was recorded, and recording twice is harmless', async () => {
    const log = await create();
    expect(await log.has('evt_1')).toBe(false);
    await log.record('evt_1', at(0));
    await log.record('evt_1', at(5));
    expect(await log.has('evt_1')).toBe(true);
    expect(await log.has('evt_2')).toBe(false);
    expect(await log.purgeBefore(at(1))).toBe(1);
    expect(await log.has('evt_1')).toBe(false);
  });
});
