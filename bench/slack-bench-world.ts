import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import pg from 'pg';
import { freePort } from '../adapters/embedded-postgres/embedded-postgres-server';
import { createLogger } from '../adapters/logging/logger';
import { openDatabase, type Database } from '../adapters/postgres/database';
import { PgBossJobQueue } from '../adapters/queue/pg-boss-job-queue';
import { signSlackRequest } from '../adapters/slack/verify-slack-signature';
import { loadServerConfig } from '../apps/server/config';
import { startServer } from '../apps/server/server';
import type { RunningHttpServer } from '../apps/shared/http-server';
import { ALL_QUEUES } from '../apps/shared/queues';
import { loadWorkerConfig } from '../apps/worker/config';
import { startWorker, type RunningWorker } from '../apps/worker/worker';
import { startFakeOpenAi, type FakeOpenAi } from '../tests/fakes/openai/fake-openai';
import { startFakeSlack, type FakeSlack } from '../adapters/slack-emulator/fake-slack';
import { seedWorkspace, type SeededWorkspace } from '../adapters/slack-emulator/seed-workspace';
import { startTestPostgres, type TestPostgres } from '../tests/support/postgres-server';
import { builtCommand } from '../tests/support/processes';

export const SIGNING_SECRET = 'bench-signing-secret';
const logger = createLogger({ name: 'bench', level: 'silent' });

/**
 * Tomo's real server (and, on request, its worker) on a fresh database, with the Slack and
 * OpenAI fakes behind them: what `npm start` runs, minus the web build.
 */
export interface SlackBench {
  baseUrl: string;
  slack: FakeSlack;
  openai: FakeOpenAi;
  queue: PgBossJobQueue;
  env: Record<string, string>;
  startWorker(): Promise<void>;
  /**
   * A worker as a process of its own (`node dist/worker.js`), as production runs it; returns
   * its pid. Called again, another worker process beside the first (they share the queue).
   */
  startWorkerProcess(): Promise<number>;
  /** The server's pid when it runs as a process of its own. */
  serverPid: number | undefined;
  /** The bench's own database (every process's connections point here). */
  databaseUrl: string;
  close(): Promise<void>;
}

/** A fresh, empty database of its own for one benchmark (dropped by `drop`). */
export async function startBenchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const postgres: TestPostgres = await startTestPostgres();
  const name = `tomo_bench_${randomBytes(4).toString('hex')}`;
  await admin(postgres.adminUrl, `create database "${name}"`);
  const url = new URL(postgres.adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin(postgres.adminUrl, `drop database if exists "${name}" with (force)`);
      await postgres.stop();
    },
  };
}

export interface SlackBenchOptions {
  /**
   * The server as a process of its own (`node dist/server.js`), as production runs it beside
   * its workers: its event loop is then not shared with the fakes and the bench's clients.
   */
  serverProcess?: boolean;
}

export async function startSlackBench(options: SlackBenchOptions = {}): Promise<SlackBench> {
  const benchDatabase = await startBenchDatabase();
  const slack = await startFakeSlack({ clientId: 'bench', clientSecret: 'bench-secret' });
  const openai = await startFakeOpenAi();
  const port = String(await freePort());
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    PORT: port,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: benchDatabase.url,
    WEB_DIST_DIR: 'tests/fixtures/web-dist',
    ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
    SESSION_SECRET: 'bench-session-secret-bench-session-secret',
    SLACK_CLIENT_ID: 'bench',
    SLACK_CLIENT_SECRET: 'bench-secret',
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    SLACK_API_URL: slack.url,
    LLM_PROVIDER: 'openai',
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_BASE_URL: openai.url,
  };
  const database: Database = await openDatabase(env.DATABASE_URL!, { poolMax: 8 });
  await database.migrateUp();
  const queue = await PgBossJobQueue.start(env.DATABASE_URL!, { logger, queues: ALL_QUEUES, poolMax: 8 });
  const http: RunningHttpServer | undefined = options.serverProcess ? undefined : await startServer({ config: loadServerConfig(env), logger, database, queue });
  const serverProcess = options.serverProcess ? await spawnApp('server', env, 'server listening', nodeArgs('BENCH_SERVER_NODE_ARGS')) : undefined;
  let worker: RunningWorker | undefined;
  const workerProcesses: ChildProcess[] = [];
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    slack,
    openai,
    queue,
    env,
    serverPid: serverProcess?.pid,
    databaseUrl: benchDatabase.url,
    async startWorker() {
      worker ??= await startWorker({ config: loadWorkerConfig(env), logger, database, queue });
    },
    async startWorkerProcess() {
      const child = await spawnApp('worker', env, 'worker started', nodeArgs('BENCH_WORKER_NODE_ARGS'));
      workerProcesses.push(child);
      return child.pid!;
    },
    async close() {
      await http?.close(1000);
      await worker?.stop();
      for (const child of [...workerProcesses, serverProcess]) {
        if (child === undefined || child.exitCode !== null) continue;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await queue.stop(1000);
      await database.close();
      await Promise.all([slack.close(), openai.close()]);
      await benchDatabase.drop();
    },
  };
}

/**
 * Node flags for an app's process from the environment: BENCH_WORKER_NODE_ARGS or
 * BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" profiles it.
 */
function nodeArgs(variable: string): string[] {
  return (process.env[variable] ?? '').split(' ').filter(Boolean);
}

let built = false;

/**
 * One of Tomo's apps as a process of its own, run as production runs it (`node dist/<app>.js`,
 * compiled by `npm run build:node` once per bench), once its log says `readyText`.
 */
async function spawnApp(app: 'server' | 'worker', env: Record<string, string>, readyText: string, nodeArgs: readonly string[]): Promise<ChildProcess> {
  if (!built) execFileSync(process.execPath, ['apps/build.ts'], { stdio: 'ignore' });
  built = true;
  const child = spawn(process.execPath, [...nodeArgs, ...builtCommand(app)], {
    env: { ...process.env, ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    child.once('exit', (code) => reject(new Error(`${app} exited (${code}) before it started`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      if (seen === 'started') return;
      seen = (seen + chunk.toString()).slice(-4096);
      if (seen.includes(readyText)) {
        seen = 'started';
        resolve();
      }
    });
  });
  return child;
}

/** A signed Events API request, as Slack sends it. */
/** A seeded workspace of the fake Slack, installed through the server's own "Add to Slack" flow. */
export async function installWorkspace(bench: SlackBench, teamId: string): Promise<SeededWorkspace> {
  const ws = seedWorkspace(bench.slack, teamId);
  bench.slack.installAs({ teamId: ws.team.id, userId: ws.alice });
  const start = await fetch(`${bench.baseUrl}/slack/install`, { redirect: 'manual' });
  const atSlack = await fetch(start.headers.get('location')!, { redirect: 'manual' });
  const done = await fetch(atSlack.headers.get('location')!, { headers: { cookie: start.headers.get('set-cookie')!.split(';')[0]! } });
  if (done.status !== 200) throw new Error(`install of ${teamId} failed: ${done.status}`);
  return ws;
}

export function signedEvent(body: string): { headers: Record<string, string>; body: string } {
  const timestamp = String(Math.floor(Date.now() / 1000));
  return {
    headers: {
      'content-type': 'application/json',
      'x-slack-request-timestamp': timestamp,
      'x-slack-signature': signSlackRequest(SIGNING_SECRET, timestamp, body),
    },
    body,
  };
}

async function admin(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The q-quantile (0..1) of a list of numbers, nearest rank. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
}

/** A process's resident memory now and at its peak (Linux: /proc/<pid>/status), in bytes. */
export function processMemory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) * 1024;
  return { rss: kib('VmRSS'), peak: kib('VmHWM') };
}

/** The machine's CPU time so far, busy and in all, over every core (os.cpus()), in ms. */
export function machineCpuMs(): { busy: number; total: number } {
  let busy = 0;
  let total = 0;
  for (const { times } of cpus()) {
    const all = times.user + times.nice + times.sys + times.idle + times.irq;
    total += all;
    busy += all - times.idle;
  }
  return { busy, total };
}

/**
 * CPU time the backends serving `databaseUrl` have used so far, in ms: the database's share of
 * a run (other databases on the same server, such as tests running beside, are not counted).
 */
export async function postgresCpuMs(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    let sum = 0;
    for (const { pid } of rows) {
      try {
        sum += processCpuMs(pid);
      } catch {
        // ended since the listing
      }
    }
    return sum;
  } finally {
    await client.end();
  }
}

/** CPU time a process has used so far (Linux: /proc/<pid>/stat, user + system), in ms. */
export function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  // After the command name: field 14 (utime) and 15 (stime) of stat(5) are at 11 and 12 here, in clock ticks (100 a second).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
