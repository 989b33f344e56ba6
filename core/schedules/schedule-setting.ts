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
  readonly updatedBy: UserId;
  readonly updatedAt: Date;
}
