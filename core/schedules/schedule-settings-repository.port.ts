import type { ChannelId, TeamId } from '../shared/ids';
import type { ScheduleSettingRecord } from './schedule-setting';

/** History + view: every change appends; reads see the latest row per channel. */
export interface ScheduleSettingsRepository {
  listLatest(teamId: TeamId): Promise<ScheduleSettingRecord[]>;
  findLatest(teamId: TeamId, channelId: ChannelId): Promise<ScheduleSettingRecord | null>;
  append(teamId: TeamId, record: ScheduleSettingRecord): Promise<void>;
}
