import { describe, expect, it } from 'vitest';
import { InMemoryScheduleSettingsRepository } from '../../../adapters/memory/in-memory-schedule-settings-repository';
import { FakeClock } from '../../../adapters/memory/fake-clock';
import {
  firstRunAfterSave,
  latestRunAt,
  localDay,
  runsToStart,
  summaryClaimKey,
  type DueRun,
  type SummaryRun,
} from '../../../core/schedules/schedule-runs';
import type { ScheduleSettingRecord } from '../../../core/schedules/schedule-setting';
import { TakeDueSummaries } from '../../../core/schedules/take-due-summaries.use-case';
import { TEAM } from '../support/builders';

const record = (overrides: Partial<ScheduleSettingRecord> = {}): ScheduleSettingRecord => ({
  teamId: TEAM,
  channelId: 'C1',
  channelName: 'general',
  isSummaryEnabled: true,
  startTimeUtc: '00:30',
  lookbackDays: 1,
  timezoneOffsetMinutes: -540,
  timeZone: null,
  updatedBy: 'UOWNER',
  updatedAt: new Date('2025-03-01T00:00:00Z'),
  ...overrides,
});

describe('when a scheduled summary runs (once per schedule per local day)', () => {
  it('knows the local day of a time in the zone the schedule was saved in', () => {
    // 23:30 UTC is already the next day in Tokyo (offset -540) and still that day in New York (300).
    const at = new Date('2025-03-01T23:30:00Z');
    expect(localDay(at, -540)).toBe('2025-03-02');
    expect(localDay(at, 300)).toBe('2025-03-01');
    expect(localDay(at, 0)).toBe('2025-03-01');
  });

  it('finds the latest scheduled time, and the first run after a save (none when off)', () => {
    const now = new Date('2025-03-01T12:00:00Z');
    expect(latestRunAt('09:00', now)).toEqual(new Date('2025-03-01T09:00:00Z'));
    expect(latestRunAt('15:00', now)).toEqual(new Date('2025-02-28T15:00:00Z'));
    expect(latestRunAt('12:00', now)).toEqual(now);
    expect(latestRunAt('nope', now)).toBeNull();
    expect(firstRunAfterSave(record())).toEqual(new Date('2025-03-01T00:30:00Z'));
    expect(firstRunAfterSave(record({ updatedAt: new Date('2025-03-01T00:31:00Z') }))).toEqual(new Date('2025-03-02T00:30:00Z'));
    expect(firstRunAfterSave(record({ isSummaryEnabled: false }))).toBeNull();
  });

  it('starts a late run the same local day and skips one whose day is over, with a key per schedule and day', () => {
    const due = (runAt: string, offset: number): DueRun => ({
      teamId: TEAM,
      channelId: `C${offset}`,
      nextRunAt: new Date(runAt),
      runAt: new Date(runAt),
      day: localDay(new Date(runAt), offset),
      startTimeUtc: runAt.slice(11, 16),
      timezoneOffsetMinutes: offset,
      timeZone: null,
    });
    const now = new Date('2025-03-01T16:00:00Z');
    const runs = runsToStart([due('2025-03-01T09:00:00Z', 0), due('2025-03-01T14:00:00Z', -540)], now);
    // 14:00 UTC was 23:00 on 1 March in Tokyo; 16:00 UTC is already 2 March there: skipped.
    expect(runs).toEqual([{ teamId: TEAM, channelId: 'C0', runAt: new Date('2025-03-01T09:00:00Z'), day: '2025-03-01' }]);
    expect(summaryClaimKey(runs[0]!)).toBe(`schedule:${TEAM}:C0:2025-03-01`);
  });

  it('sweeps in batches: each due schedule once, moved on to its next day, a re-saved one keeping its new time', async () => {
    const schedules = new InMemoryScheduleSettingsRepository();
    const clock = new FakeClock('2025-03-01T12:00:00Z');
    for (let i = 0; i < 5; i += 1) {
      await schedules.append(TEAM, record({ channelId: `C${i}`, startTimeUtc: '11:00', timezoneOffsetMinutes: 0, updatedAt: new Date('2025-03-01T10:00:00Z') }));
    }
    await schedules.append(TEAM, record({ channelId: 'COFF', startTimeUtc: '11:00', isSummaryEnabled: false, updatedAt: new Date('2025-03-01T10:00:00Z') }));
    const started: string[] = [];
    const sweep = new TakeDueSummaries({ schedules, clock });

    expect(await sweep.execute(async (runs) => void started.push(...runs.map((r) => `${r.channelId}@${r.day}`)), 2)).toEqual({
      started: 5,
      skipped: 0,
    });
    expect(started.sort()).toEqual(['C0', 'C1', 'C2', 'C3', 'C4'].map((c) => `${c}@2025-03-01`));
    expect(await sweep.execute(async () => undefined)).toEqual({ started: 0, skipped: 0 });

    // The next day at 11:00 they are due again.
    clock.set('2025-03-02T11:00:00Z');
    const due = await schedules.findDue(clock.now(), 10);
    expect(due.map((d) => d.channelId).sort()).toEqual(['C0', 'C1', 'C2', 'C3', 'C4']);
    // Saved again meanwhile (now at 18:00): advancing the old read leaves the new time alone.
    await schedules.append(TEAM, record({ channelId: 'C0', startTimeUtc: '18:00', timezoneOffsetMinutes: 0, updatedAt: clock.now() }));
    await schedules.advance(due);
    expect((await schedules.findDue(new Date('2025-03-02T18:00:00Z'), 10)).map((d) => d.channelId)).toEqual(['C0']);
  });

  it('runs a local time the clocks skip just before midnight once, after midnight, as that day’s run (Nuuk springs forward at 23:00)', async () => {
    const schedules = new InMemoryScheduleSettingsRepository();
    // 23:30 in Nuuk: UTC-2 until the clocks go from 23:00 on 28 March 2026 to 00:00 on the 29th, then UTC-1.
    await schedules.append(TEAM, record({ startTimeUtc: '01:30', timezoneOffsetMinutes: 120, timeZone: 'America/Nuuk', updatedAt: new Date('2026-03-27T12:00:00Z') }));
    const clock = new FakeClock('2026-03-27T12:00:00Z');
    const sweep = new TakeDueSummaries({ schedules, clock });
    const started: SummaryRun[] = [];
    // Each sweep half a minute after the run it should start.
    for (const at of ['2026-03-28T01:30:30Z', '2026-03-29T01:30:30Z', '2026-03-30T00:30:30Z']) {
      clock.set(at);
      await sweep.execute(async (runs) => void started.push(...runs));
    }
    expect(started.map((run) => [run.day, run.runAt.toISOString()])).toEqual([
      ['2026-03-27', '2026-03-28T01:30:00.000Z'],
      // 23:30 does not exist on the 28th: its run is the gap's length later, 00:30 on the 29th.
      ['2026-03-28', '2026-03-29T01:30:00.000Z'],
      ['2026-03-29', '2026-03-30T00:30:00.000Z'],
    ]);
  });
});
