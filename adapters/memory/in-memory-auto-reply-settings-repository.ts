import type { AutoReplySettingsRepository } from '../../core/auto-replies/auto-reply-settings-repository.port';
import type { AutoReplySettingRecord } from '../../core/auto-replies/auto-reply-setting';
import { assertSameTeam, clone } from './clone';

/** Keeps the whole history; reads return the latest row per bot, like the `_view`. */
export class InMemoryAutoReplySettingsRepository implements AutoReplySettingsRepository {
  private readonly history: AutoReplySettingRecord[] = [];

  async listLatest(teamId: string): Promise<AutoReplySettingRecord[]> {
    const latest = new Map<string, AutoReplySettingRecord>();
    for (const row of this.history) if (row.teamId === teamId) latest.set(row.botUserId, row);
    return [...latest.values()].map(clone);
  }

  async findLatest(teamId: string, botUserId: string): Promise<AutoReplySettingRecord | null> {
    const rows = this.history.filter((r) => r.teamId === teamId && r.botUserId === botUserId);
    const last = rows.at(-1);
    return last ? clone(last) : null;
  }

  async append(teamId: string, record: AutoReplySettingRecord): Promise<void> {
    assertSameTeam(teamId, record);
    this.history.push(clone(record));
  }

  /** For tests: how many history rows exist for the team. */
  historySize(teamId: string): number {
    return this.history.filter((r) => r.teamId === teamId).length;
  }
}
