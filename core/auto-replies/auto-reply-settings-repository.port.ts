import type { TeamId, UserId } from '../shared/ids';
import type { AutoReplySettingRecord } from './auto-reply-setting';

/** History + view: every change appends; reads see the latest row per bot. */
export interface AutoReplySettingsRepository {
  listLatest(teamId: TeamId): Promise<AutoReplySettingRecord[]>;
  findLatest(teamId: TeamId, botUserId: UserId): Promise<AutoReplySettingRecord | null>;
  append(teamId: TeamId, record: AutoReplySettingRecord): Promise<void>;
}
