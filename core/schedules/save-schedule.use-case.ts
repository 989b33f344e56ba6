import type { Clock } from '../shared/clock.port';
import type { Outcome } from '../shared/domain-error';
import { ok } from '../shared/domain-error';
import type { ChannelId, TeamId, UserId } from '../shared/ids';
import { localTimeToUtc } from './local-time';
import { canonicalTimeZone, utcOffsetAt } from './time-zone';
import { validateLookbackDays } from './schedule-rules';
import type { ScheduleSettingRecord } from './schedule-setting';
import type { ScheduleSettingsRepository } from './schedule-settings-repository.port';

/**
 * Saves one channel's scheduled summary: the local time is stored in UTC at the offset of the
 * moment, with the time zone it is kept in (schedule-runs counts its days there).
 */
export class SaveSchedule {
  constructor(private readonly deps: { readonly schedules: ScheduleSettingsRepository; readonly clock: Clock }) {}

  async execute(input: {
    readonly teamId: TeamId;
    readonly userId: UserId;
    readonly channelId: ChannelId;
    readonly channelName: string;
    readonly isSummaryEnabled: boolean;
    /** 'HH:mm' in the browser's time zone. */
    readonly localTime: string;
    /** The browser's Date#getTimezoneOffset(). */
    readonly timezoneOffsetMinutes: number;
    /**
     * The browser's IANA time zone (Intl.DateTimeFormat().resolvedOptions().timeZone). When
     * given, the local time is kept in that zone across daylight saving changes, and the
     * offset stored beside it is the zone's at the time of saving.
     */
    readonly timeZone?: string | null;
    readonly lookbackDays: number;
  }): Promise<Outcome<ScheduleSettingRecord>> {
    const now = this.deps.clock.now();
    let timeZone: string | null = null;
    let offset = input.timezoneOffsetMinutes;
    if (input.timeZone !== undefined && input.timeZone !== null) {
      const zone = canonicalTimeZone(input.timeZone);
      if (!zone.ok) return zone;
      timeZone = zone.value;
      offset = -utcOffsetAt({ timeZone, timezoneOffsetMinutes: 0 }, now);
    }
    const utc = localTimeToUtc(input.localTime, offset);
    if (!utc.ok) return utc;
    const lookback = validateLookbackDays(input.lookbackDays);
    if (!lookback.ok) return lookback;
    const record: ScheduleSettingRecord = {
      teamId: input.teamId,
      channelId: input.channelId,
      channelName: input.channelName,
      isSummaryEnabled: input.isSummaryEnabled,
      startTimeUtc: utc.value,
      lookbackDays: lookback.value,
      timezoneOffsetMinutes: offset,
      timeZone,
      updatedBy: input.userId,
      updatedAt: now,
    };
    await this.deps.schedules.append(input.teamId, record);
    return ok(record);
  }
}
