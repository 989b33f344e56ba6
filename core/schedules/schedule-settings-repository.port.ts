import type { ChannelId, TeamId, UserId } from '../shared/ids';
import type { DueRun } from './schedule-runs';
import type { ScheduleSettingRecord } from './schedule-setting';

/** History + view: every change appends; reads see the latest row per channel. */
export interface ScheduleSettingsRepository {
  listLatest(teamId: TeamId): Promise<ScheduleSettingRecord[]>;
  findLatest(teamId: TeamId, channelId: ChannelId): Promise<ScheduleSettingRecord | null>;
  /**
   * Appends the change and moves the schedule's next run (`firstRunAfterSave`, given the next run
   * stored before), atomically, one save per channel at a time.
   */
  append(teamId: TeamId, record: ScheduleSettingRecord): Promise<void>;
  /**
   * Turns the channel's summary off (a row like the latest with `isSummaryEnabled: false`, saved
   * by `by` at `at`) only while its latest row is still on and saved by `ownerId`, under the same
   * per-channel lock as `append`. True when this call turned it off: of a summary run and a
   * deactivation noticing the same gone owner at once, exactly one gets true and tells the channel.
   */
  turnOffOwnedBy(teamId: TeamId, channelId: ChannelId, ownerId: UserId, change: { readonly by: UserId; readonly at: Date }): Promise<boolean>;
  /**
   * Up to `limit` enabled schedules of every workspace whose next run is at or before `now`
   * (one indexed range query), oldest first, each with its latest scheduled time at or before
   * `now`. Reading does not take them: several workers may read the same rows; the summary
   * jobs' keys and claims make each run happen once.
   */
  findDue(now: Date, limit: number): Promise<DueRun[]>;
  /** Moves these schedules on to the day after their `runAt`, unless saved again since they were read. */
  advance(runs: readonly DueRun[]): Promise<void>;
}
