import type { ScheduleSettingsRepository } from '../../core/schedules/schedule-settings-repository.port';
import type { ScheduleSettingRecord } from '../../core/schedules/schedule-setting';
import { assertSameTeam, clone } from './clone';

/** Keeps the whole history; reads return the latest row per channel, like the `_view`. */
export class InMemoryScheduleSettingsRepository implements ScheduleSettingsRepository {
  private readonly history: ScheduleSettingRecord[] = [];

  async listLatest(teamId: string): Promise<ScheduleSettingRecord[]> {
    const latest = new Map<string, ScheduleSettingRecord>();
    for (const row of this.history) if (row.teamId === teamId) latest.set(row.channelId, row);
    return [...latest.values()].map(clone);
  }

  async findLatest(teamId: string, channelId: string): Promise<ScheduleSettingRecord | null> {
    const rows = this.history.filter((r) => r.teamId === teamId && r.channelId === channelId);
    const last = rows.at(-1);
    return last ? clone(last) : null;
  }

  async append(teamId: string, record: ScheduleSettingRecord): Promise<void> {
    assertSameTeam(teamId, record);
    this.history.push(clone(record));
  }
}
