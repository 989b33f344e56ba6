import { createLogger } from '../adapters/logging/logger';
import { openDatabase } from '../adapters/postgres/database';
import { PgScheduleSettingsRepository } from '../adapters/postgres/pg-schedule-settings-repository';
import { PgBossJobQueue } from '../adapters/queue/pg-boss-job-queue';
import { ALL_QUEUES } from '../apps/shared/queues';
import { SLACK_QUEUES, summaryJobs, type SummaryJob } from '../apps/shared/slack-jobs';
import { latestRun, runAtOrAfter, type ScheduleTime } from '../core/schedules/schedule-runs';
import { TakeDueSummaries } from '../core/schedules/take-due-summaries.use-case';
import { utcOffsetAt } from '../core/schedules/time-zone';
import { quantile, startBenchDatabase } from './slack-bench-world';

// `npm run bench schedules`: 10,000 schedules due in the same minute, turned into summary
// jobs by the worker's sweep (TakeDueSummaries: the due query over the partial index, one
// insert of jobs per batch, one update moving the schedules on), against a baseline measured
// in the same run on the same database: one pg-boss insert of 10,000 ids-only jobs, the least
// any sweep must do. Printed in ms and as a ratio to the baseline.
//
// Then the quiet minutes, what the sweep does on almost every tick: 20,000 enabled schedules
// over 2,000 workspaces, saved in several IANA zones (and some fixed offsets) at times spread
// over the day, so a dozen or so fall due each minute. Each tick's due query is explained
// (rows it reads from channel_schedule_next_runs); the table's read counters over all ticks
// count every statement (due query and moving on). Baselines in the same run: one `select 1`
// round trip (the least a tick costs) and what a sweep reading every enabled schedule each
// minute would cost (all rows read, each one's latest run computed in TypeScript).
const SCHEDULES = Number(process.env.BENCH_SCHEDULES ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const QUIET_SCHEDULES = Number(process.env.BENCH_QUIET_SCHEDULES ?? 20_000);
const QUIET_TEAMS = Number(process.env.BENCH_QUIET_TEAMS ?? 2_000);
const TICKS = Number(process.env.BENCH_TICKS ?? 30);
const ZONES = ['America/New_York', 'Europe/London', 'Asia/Tokyo', 'Australia/Sydney', null] as const;
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

  await quietMinutes();
} finally {
  await queue.stop(1000);
  await database.close();
  await db.drop();
}

async function quietMinutes(): Promise<void> {
  await sql.execute(`truncate channel_schedule_next_runs`);
  await sql.execute(`delete from pgboss.job where name = ?`, [QUEUE]);
  const start = new Date(Math.floor(Date.now() / 60_000) * 60_000);
  // As the Schedules page saves them: a UTC time at the browser's offset of the day, and its zone.
  const rows = Array.from({ length: QUIET_SCHEDULES }, (_, i) => {
    const zone = ZONES[i % ZONES.length]!;
    const offset = zone === null ? [-540, 300, 0, -330][i % 4]! : -utcOffsetAt({ timeZone: zone, timezoneOffsetMinutes: 0 }, start);
    const minute = (i * 7919) % 1440;
    const schedule: ScheduleTime = {
      startTimeUtc: `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`,
      timezoneOffsetMinutes: offset,
      timeZone: zone,
    };
    return {
      team_id: `Q${String(i % QUIET_TEAMS).padStart(8, '0')}`,
      channel_id: `C${String(i).padStart(9, '0')}`,
      start_time_utc: schedule.startTimeUtc,
      timezone_offset_minutes: schedule.timezoneOffsetMinutes,
      time_zone: schedule.timeZone,
      next_run_at: runAtOrAfter(schedule, new Date(start.getTime() + 60_000))!.toISOString(),
    };
  });
  for (let i = 0; i < rows.length; i += 5_000) {
    await sql.execute(
      `insert into channel_schedule_next_runs (team_id, channel_id, start_time_utc, timezone_offset_minutes, time_zone, next_run_at)
       select * from jsonb_to_recordset(?::jsonb)
         as v(team_id text, channel_id text, start_time_utc text, timezone_offset_minutes int, time_zone text, next_run_at timestamptz)`,
      [JSON.stringify(rows.slice(i, i + 5_000))],
    );
  }
  await sql.execute(`analyze channel_schedule_next_runs`);
  const reads = async () =>
    (
      await sql.execute<{ seq_scan: string; seq_tup_read: string; idx_tup_fetch: string; n_tup_upd: string }[]>(
        `select seq_scan, seq_tup_read, coalesce(idx_tup_fetch, 0) as idx_tup_fetch, n_tup_upd from pg_stat_user_tables where relname = 'channel_schedule_next_runs'`,
      )
    ).map((r) => ({ seqScans: Number(r.seq_scan), rows: Number(r.seq_tup_read) + Number(r.idx_tup_fetch), updated: Number(r.n_tup_upd) }))[0]!;
  // Counters reach the view when each backend flushes them (within about a second of going idle).
  const settledReads = async (updated: number) => {
    let last = await reads();
    for (let wait = 0; wait < 30 && last.updated < updated; wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      last = await reads();
    }
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    return reads();
  };
  const cpuMs = (since: NodeJS.CpuUsage) => {
    const used = process.cpuUsage(since);
    return (used.user + used.system) / 1000;
  };

  const before = await settledReads(0);
  const tickMs: number[] = [];
  const tickCpu: number[] = [];
  const dueRows: number[] = [];
  const dbMs: number[] = [];
  const scans = new Set<string>();
  let started = 0;
  for (let tick = 1; tick <= TICKS; tick += 1) {
    const now = new Date(start.getTime() + tick * 60_000 + 30_000);
    const [plan] = await sql.execute<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }[]>(
      `explain (analyze, format json) select team_id, channel_id, next_run_at, start_time_utc, timezone_offset_minutes, time_zone
         from channel_schedule_next_runs where next_run_at is not null and next_run_at <= ? order by next_run_at limit ?`,
      [now, 2_000],
    );
    const explained = plan!['QUERY PLAN'][0];
    dueRows.push(scannedRows(explained.Plan, scans));
    dbMs.push(explained['Execution Time']);
    const sweep = new TakeDueSummaries({ schedules: new PgScheduleSettingsRepository(database.orm), clock: { now: () => now } });
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    const result = await sweep.execute((runs) => queue.sendMany(QUEUE, summaryJobs(runs)));
    tickMs.push(performance.now() - t0);
    tickCpu.push(cpuMs(cpu));
    started += result.started;
  }
  const after = await settledReads(before.updated + started);
  // Less the explained due queries' own reads: what the sweeps alone read.
  const tickReads = after.rows - before.rows - dueRows.reduce((sum, rows) => sum + rows, 0);

  // Baselines: one round trip; every enabled schedule read and checked each minute.
  const roundTrips: number[] = [];
  const fullMs: number[] = [];
  const fullCpu: number[] = [];
  let fullDue = 0;
  for (let tick = 1; tick <= TICKS; tick += 1) {
    let t0 = performance.now();
    await sql.execute(`select 1`);
    roundTrips.push(performance.now() - t0);
    const now = new Date(start.getTime() + tick * 60_000 + 30_000);
    const cpu = process.cpuUsage();
    t0 = performance.now();
    const all = await sql.execute<{ start_time_utc: string; timezone_offset_minutes: number; time_zone: string | null }[]>(
      `select team_id, channel_id, start_time_utc, timezone_offset_minutes, time_zone from channel_schedule_next_runs where next_run_at is not null`,
    );
    fullDue += all.filter((row) => {
      const latest = latestRun({ startTimeUtc: row.start_time_utc, timezoneOffsetMinutes: row.timezone_offset_minutes, timeZone: row.time_zone }, now);
      return latest !== null && now.getTime() - latest.runAt.getTime() < 60_000;
    }).length;
    fullMs.push(performance.now() - t0);
    fullCpu.push(cpuMs(cpu));
  }
  const fullReads = (await settledReads(0)).rows - after.rows;

  const med = (values: number[]) => quantile(values, 0.5);
  const rtt = med(roundTrips);
  console.log(
    `\n${QUIET_SCHEDULES.toLocaleString('en')} enabled schedules over ${QUIET_TEAMS.toLocaleString('en')} workspaces, ${TICKS} quiet minutes (median per tick)`,
  );
  console.log(`  due per tick: ${(started / TICKS).toFixed(1)} started (${fullDue / TICKS} by the full read)`);
  console.log(
    `  sweep: due query (${[...scans].join(', ')}, ${med(dueRows)} rows, ${med(dbMs).toFixed(2)} ms in the database) + jobs + move on`,
  );
  console.log(
    `    ${ms(med(tickMs))} ms, ${ms(med(tickCpu))} ms CPU, ${(tickReads / TICKS).toFixed(1)} rows read per tick (${after.seqScans - before.seqScans} sequential scans in ${TICKS} ticks)`,
  );
  console.log(`  baseline: one select 1 round trip         ${ms(rtt)} ms`);
  console.log(
    `  every schedule read and checked each tick  ${ms(med(fullMs))} ms, ${ms(med(fullCpu))} ms CPU, ${(fullReads / TICKS).toFixed(0)} rows read per tick`,
  );
  console.log(`  ratio: sweep ${(med(tickMs) / rtt).toFixed(1)}× the round trip; reading everything ${(med(fullMs) / rtt).toFixed(1)}× (${(med(fullMs) / med(tickMs)).toFixed(1)}× the sweep)`);
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

/** Rows the plan's scans of channel_schedule_next_runs read (kept or filtered out), naming the scans. */
function scannedRows(node: PlanNode, scans: Set<string>): number {
  let rows = 0;
  if (node['Relation Name'] === 'channel_schedule_next_runs') {
    scans.add(`${node['Node Type']}${node['Index Name'] ? ` on ${node['Index Name']}` : ''}`);
    rows += (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * node['Actual Loops'];
  }
  for (const child of node.Plans ?? []) rows += scannedRows(child, scans);
  return rows;
}
