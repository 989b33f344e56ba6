import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { PgImageGenerationLog } from '../../adapters/postgres/pg-image-generation-log';
import { jobAttempts } from '../../adapters/queue/job-context';
import { PgProcessedEventLog } from '../../adapters/postgres/pg-processed-event-log';
import { emptyTables, fileDatabase } from './support/implementations';
import { TEAM_A, TEAM_B } from './support/records';

/**
 * Image generations held against a seat's monthly allowance while they are drawn: asked at the
 * same moment they cannot pass it together, a posted one counts once (also when its delivery
 * is retried), one that was not posted or whose worker died stops counting.
 */
describe('ImageGenerationLog (postgres)', () => {
  let orm: MikroORM;
  let log: PgImageGenerationLog;
  const MONTH = new Date(Date.now() - 86_400_000);
  const hold = (overrides: Partial<{ memberId: string; limit: number; now: Date; until: Date }> = {}) => {
    const now = overrides.now ?? new Date();
    return { id: randomUUID(), subscriptionId: 'sub-1', memberId: 'U001', since: MONTH, limit: 3, now, until: new Date(now.getTime() + 60_000), ...overrides };
  };
  const post = (teamId: string, id: string) =>
    log.record(teamId, { id, teamId, memberId: 'U001', subscriptionId: 'sub-1', images: 4, occurredAt: new Date() });
  const count = (teamId = TEAM_A) => log.countForSeat(teamId, 'sub-1', 'U001', MONTH);

  beforeEach(async () => {
    orm = (await fileDatabase()).orm;
    await emptyTables(orm);
    log = new PgImageGenerationLog(orm);
  });

  it('holds exactly what is left of the allowance when 20 generations of one seat are asked at once', async () => {
    await post(TEAM_A, (await log.hold(TEAM_A, hold()))!);
    const held = await Promise.all(Array.from({ length: 20 }, () => log.hold(TEAM_A, hold({ limit: 6 }))));
    expect(held.filter((id) => id !== null)).toHaveLength(5);
    expect(await count()).toBe(6);
  });

  it('counts a posted generation once, gives a released one back, and holds per seat', async () => {
    const first = await log.hold(TEAM_A, hold({ limit: 2 }));
    const second = await log.hold(TEAM_A, hold({ limit: 2 }));
    expect(await log.hold(TEAM_A, hold({ limit: 2 }))).toBeNull();
    expect(await log.hold(TEAM_A, hold({ limit: 2, memberId: 'U002' }))).not.toBeNull();
    await post(TEAM_A, first!);
    await log.release(TEAM_A, second!);
    expect(await count()).toBe(1);
    // A released hold is gone; releasing a posted generation does not take it back.
    await log.release(TEAM_A, first!);
    expect(await count()).toBe(1);
    expect(await log.hold(TEAM_A, hold({ limit: 2 }))).not.toBeNull();
    expect(await log.hold(TEAM_A, hold({ limit: 2 }))).toBeNull();
  });

  it('lets a hold whose worker died expire', async () => {
    const earlier = new Date(Date.now() - 20 * 60_000);
    expect(await log.hold(TEAM_A, hold({ limit: 1, now: earlier, until: new Date(earlier.getTime() + 15 * 60_000) }))).not.toBeNull();
    expect(await count()).toBe(0);
    expect(await log.hold(TEAM_A, hold({ limit: 1 }))).not.toBeNull();
  });

  it('a retried delivery holds and posts the generation its dead attempt held or posted, not one more', async () => {
    const claims = new PgProcessedEventLog(orm, 'slack');
    const draw = (retry: number, posted: boolean) =>
      jobAttempts.run({ attempt: retry }, async () => {
        await claims.markProcessed({ eventId: 'EvDRAW', teamId: TEAM_A, type: 'app_mention' }, new Date());
        const id = await log.hold(TEAM_A, hold({ limit: 1 }));
        if (id !== null && posted) await post(TEAM_A, id);
        return id;
      });
    const first = await draw(0, false);
    expect(first).not.toBeNull();
    expect(await draw(1, true)).toBe(first);
    expect(await draw(2, true)).toBe(first);
    expect(await count()).toBe(1);
  });

  it('keeps teams apart: team B neither counts nor gives back team A generations', async () => {
    const held = await log.hold(TEAM_A, hold({ limit: 1 }));
    expect(await log.hold(TEAM_B, hold({ limit: 1 }))).not.toBeNull();
    await log.release(TEAM_B, held!);
    expect(await log.hold(TEAM_A, hold({ limit: 1 }))).toBeNull();
    await expect(log.record(TEAM_B, { id: 'x', teamId: TEAM_A, memberId: 'U001', subscriptionId: 'sub-1', images: 4, occurredAt: new Date() })).rejects.toThrow(/team/);
  });
});
