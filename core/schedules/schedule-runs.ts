import type { ChannelId, TeamId } from '../shared/ids';
import { addDays } from '../shared/time';
import { parseLocalTime, utcTimeToLocal, type TimeOfDay } from './local-time';
import { addLocalDays, instantOn, localDayIn, type ScheduleZone } from './time-zone';
import { lookbackWindow } from './schedule-rules';
import type { ScheduleSettingRecord } from './schedule-setting';

const MINUTE_MS = 60_000;

/**
 * The calendar day ('YYYY-MM-DD') of an instant at a fixed offset (schedules saved before
 * time zones were stored). `timezoneOffsetMinutes` has the browser's `Date#getTimezoneOffset()`
 * meaning (UTC minus local).
 */
export function localDay(at: Date, timezoneOffsetMinutes: number): string {
  return new Date(at.getTime() - timezoneOffsetMinutes * MINUTE_MS).toISOString().slice(0, 10);
}

/** What a schedule's runs follow: its time, and the zone it was saved in. */
export interface ScheduleTime extends ScheduleZone {
  /** 'HH:mm' in UTC at the offset it was saved with (the local time is this minus that offset). */
  readonly startTimeUtc: string;
}

/** The wall-clock time a schedule runs at in its zone, as it was saved. */
export function scheduleLocalTime(schedule: ScheduleTime): TimeOfDay | null {
  const local = utcTimeToLocal(schedule.startTimeUtc, schedule.timezoneOffsetMinutes);
  if (!local.ok) return null;
  const parsed = parseLocalTime(local.value);
  return parsed.ok ? parsed.value : null;
}

/** The instant of a schedule's run on a local day: its local time there (see `instantOn` for daylight saving). */
export function runOn(schedule: ScheduleTime, day: string): Date | null {
  const time = scheduleLocalTime(schedule);
  return time ? instantOn(day, time, schedule) : null;
}

/** The first run at or after `at`. */
export function runAtOrAfter(schedule: ScheduleTime, at: Date): Date | null {
  const day = localDayIn(at, schedule);
  const today = runOn(schedule, day);
  if (!today) return null;
  return today.getTime() >= at.getTime() ? today : runOn(schedule, addLocalDays(day, 1));
}

/** The latest run at or before `now` (a run that is due, or was missed), with its local day. */
export function latestRun(schedule: ScheduleTime, now: Date): { readonly runAt: Date; readonly day: string } | null {
  const day = localDayIn(now, schedule);
  const today = runOn(schedule, day);
  if (!today) return null;
  if (today.getTime() <= now.getTime()) return { runAt: today, day };
  const yesterday = addLocalDays(day, -1);
  return { runAt: runOn(schedule, yesterday)!, day: yesterday };
}

/** The latest scheduled time at or before `now` of a schedule kept in UTC. */
export function latestRunAt(startTimeUtc: string, now: Date): Date | null {
  return latestRun({ startTimeUtc, timezoneOffsetMinutes: 0, timeZone: null }, now)?.runAt ?? null;
}

/**
 * When an enabled schedule runs next after it is saved at `record.updatedAt`; null when off.
 * `pending` is the next run stored before this save: when it was due and not yet taken by a
 * sweep (a save in the minute after the due time, or while no worker ran), today's run still
 * happens, with what was just saved, rather than moving to tomorrow. Its claim keeps it to once.
 */
export function firstRunAfterSave(record: ScheduleSettingRecord, pending: Date | null = null): Date | null {
  if (!record.isSummaryEnabled) return null;
  if (pending !== null && pending.getTime() <= record.updatedAt.getTime()) {
    const latest = latestRun(record, record.updatedAt);
    if (latest && isToday(latest, record, record.updatedAt)) return latest.runAt;
  }
  return runAtOrAfter(record, record.updatedAt);
}

/** A schedule whose time has come, as the due query hands it over. */
export interface DueRun extends ScheduleTime {
  readonly teamId: TeamId;
  readonly channelId: ChannelId;
  /** The next run as stored when read (it may lie days back after an outage). */
  readonly nextRunAt: Date;
  /** The latest scheduled time at or before the sweep. */
  readonly runAt: Date;
  /** Its local day in the schedule's zone. */
  readonly day: string;
}

/** A schedule the due query found (next run at or before `now`), with its latest run and that run's local day. */
export function dueRun(row: ScheduleTime & { teamId: TeamId; channelId: ChannelId; nextRunAt: Date }, now: Date): DueRun {
  const latest = latestRun(row, now);
  return {
    teamId: row.teamId,
    channelId: row.channelId,
    startTimeUtc: row.startTimeUtc,
    timezoneOffsetMinutes: row.timezoneOffsetMinutes,
    timeZone: row.timeZone,
    nextRunAt: row.nextRunAt,
    runAt: latest?.runAt ?? row.nextRunAt,
    day: latest?.day ?? localDayIn(row.nextRunAt, row),
  };
}

/** Where a schedule goes after a run: the next local day's run (once a day across daylight saving changes). */
export function runAfter(run: DueRun): Date {
  return runOn(run, addLocalDays(run.day, 1)) ?? addDays(run.runAt, 1);
}

/** One summary to post: a schedule, the time it was due, and its local day (the exactly-once key). */
export interface SummaryRun {
  readonly teamId: TeamId;
  readonly channelId: ChannelId;
  readonly runAt: Date;
  readonly day: string;
}

/**
 * Which due runs start now. A run belongs to its local day: a worker that comes back later
 * the same day posts it late; one that comes back on a later day skips it, and that day's run
 * follows at its own time (no pile of stale summaries after an outage).
 */
export function runsToStart(due: readonly DueRun[], now: Date): SummaryRun[] {
  return due
    .filter((run) => isToday(run, run, now))
    .map((run) => ({ teamId: run.teamId, channelId: run.channelId, runAt: run.runAt, day: run.day }));
}

/**
 * Whether a run of a local day is still on time at `now`: its day is today, or the day it
 * happens on is (a time the clocks skip late in the evening runs just after midnight).
 */
function isToday(run: { readonly runAt: Date; readonly day: string }, zone: ScheduleZone, now: Date): boolean {
  const today = localDayIn(now, zone);
  return run.day === today || localDayIn(run.runAt, zone) === today;
}

/** The claim that makes a summary happen once per schedule per local day, whatever runs it. */
export function summaryClaimKey(run: Pick<SummaryRun, 'teamId' | 'channelId' | 'day'>): string {
  return `schedule:${run.teamId}:${run.channelId}:${run.day}`;
}

/**
 * The messages a scheduled run covers: from the run `lookbackDays` local days before to this
 * one, so daily summaries follow each other without a gap or overlap across daylight saving
 * changes. A run that is not at its scheduled time ("Run now") looks back whole 24-hour days.
 */
export function summaryWindow(run: Pick<SummaryRun, 'runAt' | 'day'>, lookbackDays: number, schedule: ScheduleTime | null): { readonly from: Date; readonly to: Date } {
  const scheduled = schedule ? runOn(schedule, run.day) : null;
  if (schedule && scheduled?.getTime() === run.runAt.getTime()) {
    return { from: runOn(schedule, addLocalDays(run.day, -lookbackDays))!, to: run.runAt };
  }
  return lookbackWindow(run.runAt, lookbackDays);
}
