import type { Outcome } from '../shared/domain-error';
import { fail, ok } from '../shared/domain-error';
import { addDays } from '../shared/time';
import type { ChannelEntry } from '../workspace/channel';
import { channelDisplayName } from '../workspace/channel';
import { englishNoName, type NoNameText } from '../workspace/member';
import { parseLocalTime } from './local-time';
import type { ScheduleSettingRecord } from './schedule-setting';

export const DEFAULT_LOCAL_TIME = '01:30';
export const DEFAULT_LOOKBACK_DAYS = 1;
/** Longest look-back of a summary; not in the spec, chosen to keep summaries readable. */
export const MAX_LOOKBACK_DAYS = 30;

export function validateLookbackDays(days: number): Outcome<number> {
  if (!Number.isInteger(days) || days < 1 || days > MAX_LOOKBACK_DAYS) {
    return fail('SCHEDULE.INVALID_LOOKBACK_DAYS', { min: 1, max: MAX_LOOKBACK_DAYS });
  }
  return ok(days);
}

/** A Schedules page row: the saved setting, or the defaults for a channel never configured. */
export interface ScheduleRow {
  readonly channelId: string;
  readonly channelName: string;
  readonly isSummaryEnabled: boolean;
  /** null: never saved, show the default local time 01:30. */
  readonly startTimeUtc: string | null;
  readonly lookbackDays: number;
  readonly updatedAt: Date | null;
}

export function scheduleRows(
  channels: readonly ChannelEntry[],
  saved: readonly ScheduleSettingRecord[],
  noName: NoNameText = englishNoName,
): ScheduleRow[] {
  return channels.map((channel) => {
    const setting = saved.find((s) => s.channelId === channel.id);
    return {
      channelId: channel.id,
      channelName: channelDisplayName(channel, noName),
      isSummaryEnabled: setting?.isSummaryEnabled ?? false,
      startTimeUtc: setting?.startTimeUtc ?? null,
      lookbackDays: setting?.lookbackDays ?? DEFAULT_LOOKBACK_DAYS,
      updatedAt: setting?.updatedAt ?? null,
    };
  });
}

/** 'Search by channel name': case-insensitive substring; an empty query keeps every row. */
export function searchByChannelName<T extends { readonly channelName: string }>(rows: readonly T[], query: string): T[] {
  const needle = query.trim().toLowerCase();
  return needle === '' ? [...rows] : rows.filter((r) => r.channelName.toLowerCase().includes(needle));
}

/** The next time (at or after `now`) a daily summary at `startTimeUtc` runs. */
export function nextRunAt(startTimeUtc: string, now: Date): Outcome<Date> {
  const parsed = parseLocalTime(startTimeUtc);
  if (!parsed.ok) return parsed;
  const today = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), parsed.value.hours, parsed.value.minutes),
  );
  return ok(today.getTime() >= now.getTime() ? today : addDays(today, 1));
}

/** The messages a summary run covers: the `lookbackDays` days before the run. */
export function lookbackWindow(runAt: Date, lookbackDays: number): { readonly from: Date; readonly to: Date } {
  return { from: addDays(runAt, -lookbackDays), to: runAt };
}
