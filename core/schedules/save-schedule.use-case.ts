import type { Clock } from '../shared/clock.port';
import type { Outcome } from '../shared/domain-error';
import { ok } from '../shared/domain-error';
import type { ChannelId, TeamId, UserId } from '../shared/ids';
import { localTimeToUtc } from './local-time';
import { validateLookbackDays } from './schedule-rules';
import type { ScheduleSettingRecord } from './schedule-setting';
import type { ScheduleSettingsRepository } from './schedule-settings-repository.port';

/** Saves one channel's scheduled summary; the local time is stored in UTC. */
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
    readonly lookbackDays: number;
  }): Promise<Outcome<ScheduleSettingRecord>> {
    const utc = localTimeToUtc(input.localTime, input.timezoneOffsetMinutes);
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
      timezoneOffsetMinutes: input.timezoneOffsetMinutes,
      updatedBy: input.userId,
      updatedAt: this.deps.clock.now(),
    };
    await this.deps.schedules.append(input.teamId, record);
    return ok(record);
  }
}
