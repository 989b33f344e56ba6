import type { ChannelId, TeamId, UserId } from '../shared/ids';

/** One row of channel_schedule_settings_history; the `_view` is the latest row per channel. */
export interface ScheduleSettingRecord {
  readonly teamId: TeamId;
  readonly channelId: ChannelId;
  readonly channelName: string;
  readonly isSummaryEnabled: boolean;
  /** Start time in UTC, 'HH:mm' (the page converts from and to the browser's local time). */
  readonly startTimeUtc: string;
  readonly lookbackDays: number;
  /**
   * The browser's `getTimezoneOffset()` when it was saved (UTC minus local, Japan -540): a
   * summary's day is the local day of that time zone, so it runs once per local day.
   */
  readonly timezoneOffsetMinutes: number;
  /**
   * The IANA time zone it was saved in ('America/New_York'), whose offset follows daylight
   * saving: the local time and day are counted there. null for schedules saved before zones
   * were stored; they keep the fixed offset above.
   */
  readonly timeZone: string | null;
  readonly updatedBy: UserId;
  readonly updatedAt: Date;
}
