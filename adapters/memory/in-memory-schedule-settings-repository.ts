import type { ScheduleSettingsRepository } from '../../core/schedules/schedule-settings-repository.port';
import { dueRun, firstRunAfterSave, runAfter, type DueRun } from '../../core/schedules/schedule-runs';
import type { ScheduleSettingRecord } from '../../core/schedules/schedule-setting';
import { assertSameTeam, clone } from './clone';

/** Keeps the whole history; reads return the latest row per channel, like the `_view`. */
export class InMemoryScheduleSettingsRepository implements ScheduleSettingsRepository {
  private readonly history: ScheduleSettingRecord[] = [];
  private readonly nextRuns = new Map<string, { record: ScheduleSettingRecord; nextRunAt: Date | null }>();

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
    const pending = this.nextRuns.get(key(record))?.nextRunAt ?? null;
    this.nextRuns.set(key(record), { record: clone(record), nextRunAt: firstRunAfterSave(record, pending) });
  }

  async turnOffOwnedBy(teamId: string, channelId: string, ownerId: string, change: { by: string; at: Date }): Promise<boolean> {
    // Read and written with no await between, as the lock makes it in PostgreSQL.
    const latest = this.history.filter((r) => r.teamId === teamId && r.channelId === channelId).at(-1);
    if (!latest?.isSummaryEnabled || latest.updatedBy !== ownerId) return false;
    const record = { ...latest, isSummaryEnabled: false, updatedBy: change.by, updatedAt: change.at };
    this.history.push(clone(record));
    const pending = this.nextRuns.get(key(record))?.nextRunAt ?? null;
    this.nextRuns.set(key(record), { record: clone(record), nextRunAt: firstRunAfterSave(record, pending) });
    return true;
  }

  async findDue(now: Date, limit: number): Promise<DueRun[]> {
    return [...this.nextRuns.values()]
      .filter((entry): entry is { record: ScheduleSettingRecord; nextRunAt: Date } => entry.nextRunAt !== null && entry.nextRunAt <= now)
      .sort((a, b) => a.nextRunAt.getTime() - b.nextRunAt.getTime())
      .slice(0, limit)
      .map((entry) => dueRun({ ...entry.record, nextRunAt: entry.nextRunAt }, now));
  }

  async advance(runs: readonly DueRun[]): Promise<void> {
    for (const run of runs) {
      const entry = this.nextRuns.get(key(run));
      if (entry?.nextRunAt?.getTime() === run.nextRunAt.getTime()) entry.nextRunAt = runAfter(run);
    }
  }
}

const key = (r: { teamId: string; channelId: string }) => `${r.teamId}/${r.channelId}`;
