import { createLogger } from '../adapters/logging/logger';
import { openDatabase } from '../adapters/postgres/database';
import { PgScheduleSettingsRepository } from '../adapters/postgres/pg-schedule-settings-repository';
import { PgBossJobQueue } from '../adapters/queue/pg-boss-job-queue';
import { ALL_QUEUES } from '../apps/shared/queues';
import { SLACK_QUEUES, summaryJobs, type SummaryJob } from '../apps/shared/slack-jobs';
import { TakeDueSummaries } from '../core/schedules/take-due-summaries.use-case';
import { quantile, startBenchDatabase } from './slack-bench-world';

// `npm run bench schedules`: 10,000 schedules due in the same minute, turned into summary
// jobs by the worker's sweep (TakeDueSummaries: the due query over the partial index, one
// insert of jobs per batch, one update moving the schedules on), against a baseline measured
// in the same run on the same database: one pg-boss insert of 10,000 ids-only jobs, the least
// any sweep must do. Printed in ms and as a ratio to the baseline.
const SCHEDULES = Number(process.env.BENCH_SCHEDULES ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const QUEUE = SLACK_QUEUES.slackSummary.name;

const ms = (value: number) => value.toFixed(1).padStart(8);
const logger = createLogger({ name: 'bench', level: 'silent' });

const db = await startBenchDatabase();
const database = await openDatabase(db.url, { poolMax: 8 });
await database.migrateUp();
const queue = await PgBossJobQueue.start(db.url, { logger, queues: ALL_QUEUES, poolMax: 8, supervise: false });
const sql = database.orm.em.getConnection();

try {
  // The minute everything is due in; schedules spread over 100 workspaces, as saved by the page.
  const due = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 60_000);
  const time = due.toISOString().slice(11, 16);
  await sql.execute(
    `insert into channel_schedule_next_runs (team_id, channel_id, start_time_utc, timezone_offset_minutes, next_run_at)
     select 'T' || lpad((i % 100)::text, 8, '0'), 'C' || lpad(i::text, 9, '0'), ?, 0, null
       from generate_series(1, ?) as i`,
    [time, SCHEDULES],
  );
  const clearJobs = () => sql.execute(`delete from pgboss.job where name = ?`, [QUEUE]);
  const makeDue = () => sql.execute(`update channel_schedule_next_runs set next_run_at = ?`, [due]);
  const sweep = new TakeDueSummaries({ schedules: new PgScheduleSettingsRepository(database.orm), clock: { now: () => new Date(due.getTime() + 30_000) } });

  const sweeps: number[] = [];
  const baselines: number[] = [];
  let enqueued = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    await clearJobs();
    const jobs = Array.from({ length: SCHEDULES }, (_, i) => {
      const payload: SummaryJob = { teamId: `T${i % 100}`, channelId: `C${i}`, runAt: due.toISOString(), day: `2000-01-${String((round % 28) + 1).padStart(2, '0')}` };
      return { payload, dedupeKey: `baseline:${round}:${i}` };
    });
    let started = performance.now();
    await queue.sendMany(QUEUE, jobs);
    baselines.push(performance.now() - started);

    await clearJobs();
    await makeDue();
    started = performance.now();
    const result = await sweep.execute((runs) => queue.sendMany(QUEUE, summaryJobs(runs)));
    sweeps.push(performance.now() - started);
    enqueued = Number((await sql.execute<{ n: string }[]>(`select count(*) as n from pgboss.job where name = ?`, [QUEUE]))[0]!.n);
    if (result.started !== SCHEDULES || enqueued !== SCHEDULES) {
      throw new Error(`sweep started ${result.started} and enqueued ${enqueued} of ${SCHEDULES} due schedules`);
    }
  }
  const left = await sql.execute<{ n: string }[]>(`select count(*) as n from channel_schedule_next_runs where next_run_at <= ?`, [due]);

  const sweepMs = quantile(sweeps, 0.5);
  const baseMs = quantile(baselines, 0.5);
  console.log(`${SCHEDULES.toLocaleString('en')} schedules due in the same minute, ${ROUNDS} rounds (median)`);
  console.log(`  sweep: due query + summary jobs + move on  ${ms(sweepMs)} ms  (${(sweepMs / (SCHEDULES / 1000)).toFixed(1)} ms per 1,000)`);
  console.log(`  baseline: one insert of as many jobs        ${ms(baseMs)} ms`);
  console.log(`  ratio: ${(sweepMs / baseMs).toFixed(2)}× the baseline; ${enqueued} jobs queued, ${left[0]!.n} schedules still due`);
} finally {
  await queue.stop(1000);
  await database.close();
  await db.drop();
}
