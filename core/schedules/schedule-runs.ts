import type { ChannelId, TeamId } from '../shared/ids';
import { addDays } from '../shared/time';
import { nextRunAt } from './schedule-rules';
import type { ScheduleSettingRecord } from './schedule-setting';

const MINUTE_MS = 60_000;

/**
 * The calendar day ('YYYY-MM-DD') of an instant in the time zone a schedule was saved in.
 * `timezoneOffsetMinutes` has the browser's `Date#getTimezoneOffset()` meaning (UTC minus local).
 */
export function localDay(at: Date, timezoneOffsetMinutes: number): string {
  return new Date(at.getTime() - timezoneOffsetMinutes * MINUTE_MS).toISOString().slice(0, 10);
}

/** The latest scheduled time at or before `now` (a run that is due, or was missed). */
export function latestRunAt(startTimeUtc: string, now: Date): Date | null {
  const next = nextRunAt(startTimeUtc, now);
  if (!next.ok) return null;
  return next.value.getTime() === now.getTime() ? now : addDays(next.value, -1);
}

/** When an enabled schedule runs next after it is saved at `record.updatedAt`; null when off. */
export function firstRunAfterSave(record: ScheduleSettingRecord): Date | null {
  if (!record.isSummaryEnabled) return null;
  const next = nextRunAt(record.startTimeUtc, record.updatedAt);
  return next.ok ? next.value : null;
}

/** A schedule whose time has come, as the due query hands it over. */
export interface DueRun {
  readonly teamId: TeamId;
  readonly channelId: ChannelId;
  /** The next run as stored when read (it may lie days back after an outage). */
  readonly nextRunAt: Date;
  /** The latest scheduled time at or before the sweep. */
  readonly runAt: Date;
  readonly timezoneOffsetMinutes: number;
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
    .filter((run) => localDay(run.runAt, run.timezoneOffsetMinutes) === localDay(now, run.timezoneOffsetMinutes))
    .map((run) => ({
      teamId: run.teamId,
      channelId: run.channelId,
      runAt: run.runAt,
      day: localDay(run.runAt, run.timezoneOffsetMinutes),
    }));
}

/** The claim that makes a summary happen once per schedule per local day, whatever runs it. */
export function summaryClaimKey(run: Pick<SummaryRun, 'teamId' | 'channelId' | 'day'>): string {
  return `schedule:${run.teamId}:${run.channelId}:${run.day}`;
}
