import type { Clock } from '../shared/clock.port';
import { runsToStart, type SummaryRun } from './schedule-runs';
import type { ScheduleSettingsRepository } from './schedule-settings-repository.port';

/** Due schedules are read and started in batches of this many. */
export const DUE_BATCH_SIZE = 2_000;
/** One sweep handles at most this many batches; whatever is left waits for the next minute. */
const MAX_BATCHES = 100;

/**
 * The minute's sweep: every schedule whose time has come (or came earlier the same local day
 * while no worker ran) is handed to `start` in batches, then moved on to its next day. Runs
 * are started before their schedules move, so a crash in between only makes the next sweep
 * start them again, which their job keys and claims turn into nothing.
 */
export class TakeDueSummaries {
  constructor(private readonly deps: { readonly schedules: ScheduleSettingsRepository; readonly clock: Clock }) {}

  async execute(start: (runs: SummaryRun[]) => Promise<void>, batchSize = DUE_BATCH_SIZE): Promise<{ started: number; skipped: number }> {
    const now = this.deps.clock.now();
    let started = 0;
    let skipped = 0;
    for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
      const due = await this.deps.schedules.findDue(now, batchSize);
      const runs = runsToStart(due, now);
      if (runs.length > 0) await start(runs);
      await this.deps.schedules.advance(due);
      started += runs.length;
      skipped += due.length - runs.length;
      if (due.length < batchSize) break;
    }
    return { started, skipped };
  }
}
