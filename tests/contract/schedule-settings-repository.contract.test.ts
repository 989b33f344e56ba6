import { beforeEach, describe, expect, it } from 'vitest';
import { InMemoryScheduleSettingsRepository } from '../../adapters/memory/in-memory-schedule-settings-repository';
import { PgScheduleSettingsRepository } from '../../adapters/postgres/pg-schedule-settings-repository';
import { runsToStart } from '../../core/schedules/schedule-runs';
import type { ScheduleSettingsRepository } from '../../core/schedules/schedule-settings-repository.port';
import { implementations } from './support/implementations';
import { aSchedule, at, TEAM_A, TEAM_B } from './support/records';

describe.each(
  implementations<ScheduleSettingsRepository>({
    memory: () => new InMemoryScheduleSettingsRepository(),
    postgres: (orm) => new PgScheduleSettingsRepository(orm),
  }),
)('ScheduleSettingsRepository ($name)', ({ create }) => {
  let schedules: ScheduleSettingsRepository;
  beforeEach(async () => {
    schedules = await create();
  });

  it('reads the latest change per channel', async () => {
    const random = aSchedule({ channelId: 'C002', channelName: 'random', isSummaryEnabled: false, updatedAt: at(2) });
    const moved = aSchedule({ startTimeUtc: '23:45', lookbackDays: 7, updatedBy: 'U0OTHER', updatedAt: at(3) });
    await schedules.append(TEAM_A, aSchedule());
    await schedules.append(TEAM_A, random);
    await schedules.append(TEAM_A, moved);
    expect(await schedules.findLatest(TEAM_A, 'C001')).toEqual(moved);
    const latest = await schedules.listLatest(TEAM_A);
    expect(latest).toHaveLength(2);
    expect(latest).toEqual(expect.arrayContaining([moved, random]));
  });

  it('turns a summary off for its gone owner once: of two callers at once exactly one does; never one saved since by someone else', async () => {
    const bobs = aSchedule({ updatedBy: 'U0BOB', updatedAt: at(1) });
    await schedules.append(TEAM_A, bobs);
    const change = { by: 'U0TOMO', at: at(2) };
    const results = await Promise.all([schedules.turnOffOwnedBy(TEAM_A, 'C001', 'U0BOB', change), schedules.turnOffOwnedBy(TEAM_A, 'C001', 'U0BOB', change)]);
    expect(results.sort()).toEqual([false, true]);
    expect(await schedules.findLatest(TEAM_A, 'C001')).toEqual({ ...bobs, isSummaryEnabled: false, updatedBy: 'U0TOMO', updatedAt: at(2) });
    expect(await schedules.findDue(at(400), 10)).toEqual([]);
    // Saved again by Alice: hers now, so Bob's leaving does not touch it.
    await schedules.append(TEAM_A, aSchedule({ updatedBy: 'U0ALICE', updatedAt: at(3) }));
    expect(await schedules.turnOffOwnedBy(TEAM_A, 'C001', 'U0BOB', { by: 'U0TOMO', at: at(4) })).toBe(false);
    expect(await schedules.findLatest(TEAM_A, 'C001')).toMatchObject({ isSummaryEnabled: true, updatedBy: 'U0ALICE' });
    expect(await schedules.turnOffOwnedBy(TEAM_A, 'C404', 'U0BOB', { by: 'U0TOMO', at: at(4) })).toBe(false);
  });

  it('has nothing for a channel never scheduled', async () => {
    expect(await schedules.findLatest(TEAM_A, 'C404')).toBeNull();
  });

  it('keeps teams apart: team B neither reads nor changes team A schedules', async () => {
    await schedules.append(TEAM_A, aSchedule());
    expect(await schedules.listLatest(TEAM_B)).toEqual([]);
    expect(await schedules.findLatest(TEAM_B, 'C001')).toBeNull();
    await expect(schedules.append(TEAM_B, aSchedule({ isSummaryEnabled: false }))).rejects.toThrow(/team/);
    await schedules.append(TEAM_B, aSchedule({ teamId: TEAM_B, isSummaryEnabled: false }));
    expect(await schedules.findLatest(TEAM_A, 'C001')).toEqual(aSchedule());
  });

  it('hands out due schedules of every workspace, oldest first, with their latest due time; off ones never', async () => {
    const saved = new Date('2025-03-01T08:00:00Z');
    await schedules.append(TEAM_A, aSchedule({ channelId: 'C1', startTimeUtc: '09:00', timezoneOffsetMinutes: 0, updatedAt: saved }));
    await schedules.append(TEAM_B, aSchedule({ teamId: TEAM_B, channelId: 'C2', startTimeUtc: '08:30', timezoneOffsetMinutes: -540, updatedAt: saved }));
    await schedules.append(TEAM_A, aSchedule({ channelId: 'C3', startTimeUtc: '08:15', isSummaryEnabled: false, updatedAt: saved }));
    await schedules.append(TEAM_A, aSchedule({ channelId: 'C4', startTimeUtc: '23:00', updatedAt: saved }));

    expect(await schedules.findDue(new Date('2025-03-01T08:29:00Z'), 10)).toEqual([]);
    // Three days later, after an outage: each once, at its latest time.
    const now = new Date('2025-03-04T10:00:00Z');
    const due = await schedules.findDue(now, 10);
    expect(due).toMatchObject([
      { teamId: TEAM_B, channelId: 'C2', nextRunAt: new Date('2025-03-01T08:30:00Z'), runAt: new Date('2025-03-04T08:30:00Z'), day: '2025-03-04', timezoneOffsetMinutes: -540 },
      { teamId: TEAM_A, channelId: 'C1', nextRunAt: new Date('2025-03-01T09:00:00Z'), runAt: new Date('2025-03-04T09:00:00Z'), day: '2025-03-04', timezoneOffsetMinutes: 0 },
      { teamId: TEAM_A, channelId: 'C4', nextRunAt: new Date('2025-03-01T23:00:00Z'), runAt: new Date('2025-03-03T23:00:00Z'), day: '2025-03-04', timezoneOffsetMinutes: -540 },
    ]);
    expect(due).toHaveLength(3);
    expect((await schedules.findDue(now, 1)).map((d) => d.channelId)).toEqual(['C2']);

    await schedules.advance(due);
    expect(await schedules.findDue(now, 10)).toEqual([]);
    expect((await schedules.findDue(new Date('2025-03-05T09:00:00Z'), 10)).map((d) => d.channelId)).toEqual(['C4', 'C2', 'C1']);
  });

  it('does not move a schedule saved again after it was read, and switching off takes it out', async () => {
    const saved = new Date('2025-03-01T08:00:00Z');
    await schedules.append(TEAM_A, aSchedule({ channelId: 'C1', startTimeUtc: '09:00', updatedAt: saved }));
    const now = new Date('2025-03-01T09:30:00Z');
    const due = await schedules.findDue(now, 10);
    await schedules.append(TEAM_A, aSchedule({ channelId: 'C1', startTimeUtc: '10:00', updatedAt: now }));
    await schedules.advance(due);
    expect((await schedules.findDue(new Date('2025-03-01T10:00:00Z'), 10)).map((d) => d.runAt)).toEqual([new Date('2025-03-01T10:00:00Z')]);
    await schedules.append(TEAM_A, aSchedule({ channelId: 'C1', startTimeUtc: '10:00', isSummaryEnabled: false, updatedAt: now }));
    expect(await schedules.findDue(new Date('2025-03-02T10:00:00Z'), 10)).toEqual([]);
  });

  it('keeps today’s run when the schedule is saved again while that run is due and not yet taken', async () => {
    const utc = { channelId: 'C1', startTimeUtc: '09:00', timezoneOffsetMinutes: 0 };
    await schedules.append(TEAM_A, aSchedule({ ...utc, updatedAt: new Date('2025-03-01T08:00:00Z') }));
    // 09:00:20: due, and the minute's sweep has not read it yet. The look-back changes, not the time.
    await schedules.append(TEAM_A, aSchedule({ ...utc, lookbackDays: 7, updatedAt: new Date('2025-03-01T09:00:20Z') }));
    const sweptAt = new Date('2025-03-01T09:01:00Z');
    const due = await schedules.findDue(sweptAt, 10);
    expect(runsToStart(due, sweptAt)).toEqual([{ teamId: TEAM_A, channelId: 'C1', runAt: new Date('2025-03-01T09:00:00Z'), day: '2025-03-01' }]);
    await schedules.advance(due);
    // Saved again once today's run was taken: the next is tomorrow's, as for a new schedule
    // whose time has passed today.
    await schedules.append(TEAM_A, aSchedule({ ...utc, updatedAt: new Date('2025-03-01T09:30:00Z') }));
    expect(await schedules.findDue(new Date('2025-03-01T23:59:00Z'), 10)).toEqual([]);
    await schedules.append(TEAM_A, aSchedule({ channelId: 'C2', startTimeUtc: '09:00', timezoneOffsetMinutes: 0, updatedAt: new Date('2025-03-01T09:30:00Z') }));
    expect(await schedules.findDue(new Date('2025-03-01T23:59:00Z'), 10)).toEqual([]);
  });

  /** Every quarter hour from `from` to `to`, the minute sweep's steps: the summaries it starts. */
  const sweep = async (from: string, to: string) => {
    const started: { channelId: string; runAt: string; day: string }[] = [];
    for (let now = new Date(from); now <= new Date(to); now = new Date(now.getTime() + 15 * 60_000)) {
      const due = await schedules.findDue(now, 100);
      for (const run of runsToStart(due, now)) started.push({ channelId: run.channelId, runAt: run.runAt.toISOString(), day: run.day });
      await schedules.advance(due);
    }
    return started;
  };

  it('keeps a schedule at its local time in its time zone across the spring-forward day, the skipped time run once', async () => {
    const saved = new Date('2026-03-06T12:00:00Z');
    // 02:30 in New York, saved in winter (UTC-5): 07:30 UTC then; the clocks skip 02:00–03:00 on 8 March.
    await schedules.append(TEAM_A, aSchedule({ channelId: 'CNY', startTimeUtc: '07:30', timezoneOffsetMinutes: 300, timeZone: 'America/New_York', updatedAt: saved }));
    await schedules.append(TEAM_A, aSchedule({ channelId: 'CLEGACY', startTimeUtc: '07:30', timezoneOffsetMinutes: 300, timeZone: null, updatedAt: saved }));
    expect(await schedules.findLatest(TEAM_A, 'CNY')).toMatchObject({ timeZone: 'America/New_York' });
    expect(await schedules.findLatest(TEAM_A, 'CLEGACY')).toMatchObject({ timeZone: null });

    const started = await sweep('2026-03-06T12:00:00Z', '2026-03-10T12:00:00Z');
    expect(started.filter((r) => r.channelId === 'CNY')).toEqual([
      { channelId: 'CNY', runAt: '2026-03-07T07:30:00.000Z', day: '2026-03-07' },
      // 02:30 does not happen on 8 March: it runs once, at 03:30 EDT, the gap's length later.
      { channelId: 'CNY', runAt: '2026-03-08T07:30:00.000Z', day: '2026-03-08' },
      // Then 02:30 EDT (UTC-4), not 03:30 as a fixed offset would make it.
      { channelId: 'CNY', runAt: '2026-03-09T06:30:00.000Z', day: '2026-03-09' },
      { channelId: 'CNY', runAt: '2026-03-10T06:30:00.000Z', day: '2026-03-10' },
    ]);
    // A schedule saved before time zones were kept goes on at its fixed offset.
    expect(started.filter((r) => r.channelId === 'CLEGACY').map((r) => r.runAt)).toEqual([
      '2026-03-07T07:30:00.000Z',
      '2026-03-08T07:30:00.000Z',
      '2026-03-09T07:30:00.000Z',
      '2026-03-10T07:30:00.000Z',
    ]);
  });

  it('runs the repeated hour of the autumn change once, at its first occurrence', async () => {
    // 01:30 in New York, saved in summer (UTC-4); 01:00–02:00 happens twice on 1 November.
    await schedules.append(TEAM_A, aSchedule({ channelId: 'CNY', startTimeUtc: '05:30', timezoneOffsetMinutes: 240, timeZone: 'America/New_York', updatedAt: new Date('2026-10-30T12:00:00Z') }));

    const started = await sweep('2026-10-30T12:00:00Z', '2026-11-02T12:00:00Z');
    expect(started).toEqual([
      { channelId: 'CNY', runAt: '2026-10-31T05:30:00.000Z', day: '2026-10-31' },
      { channelId: 'CNY', runAt: '2026-11-01T05:30:00.000Z', day: '2026-11-01' },
      { channelId: 'CNY', runAt: '2026-11-02T06:30:00.000Z', day: '2026-11-02' },
    ]);
  });
});
