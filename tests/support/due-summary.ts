import type { ScheduleSettingRecord } from '../../core/schedules/schedule-setting';

/**
 * A daily summary of `channel` saved by `owner`, due five minutes ago today, so the next sweep
 * of due schedules starts it. Saved under an offset that makes `now` local noon, so "today" is
 * safe from midnight whenever the test runs.
 */
export function summaryDueNow(
  at: { teamId: string; channelId: string; channelName: string; owner: string },
  now = new Date(),
): ScheduleSettingRecord {
  const runAt = new Date(Math.floor((now.getTime() - 5 * 60_000) / 60_000) * 60_000);
  return {
    teamId: at.teamId,
    channelId: at.channelId,
    channelName: at.channelName,
    isSummaryEnabled: true,
    startTimeUtc: runAt.toISOString().slice(11, 16),
    lookbackDays: 1,
    timezoneOffsetMinutes: noonOffset(now),
    timeZone: null,
    updatedBy: at.owner,
    updatedAt: new Date(runAt.getTime() - 60_000),
  };
}

/** A browser offset (UTC minus local) under which `now` is local noon, so "today" is safe from midnight. */
export function noonOffset(now: Date): number {
  const utcMinutes = now.getUTCHours() * 60 + now.getUTCMinutes();
  return ((((utcMinutes - 720) % 1440) + 1440 + 720) % 1440) - 720;
}
