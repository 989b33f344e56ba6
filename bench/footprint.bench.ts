import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../adapters/embedded-postgres/embedded-postgres-server';
import { startTestPostgres } from '../tests/support/postgres-server';

// `npm run bench footprint`: idle memory and start-up time of what production runs, beside a
// bare `node -e` HTTP server measured in the same run.
// - ready: from spawn until GET /readyz answers 200 (polled every 10 ms); the worker answers it
//   on its internal METRICS_PORT, the baseline on its only route.
// - idle RSS: the process's resident memory (/proc/<pid>/status VmRSS) after SETTLE_MS idle.
// Every subject gets every key configured (Slack, Stripe, OpenAI, Anthropic, pointed at
// addresses nobody answers), so each SDK a real deployment loads is loaded here too.
// Goals (issue 17): server < 150 MB, worker < 200 MB, ready < 2 s.
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 3000);
const GOALS: Record<string, { rssMb?: number; readyMs?: number }> = {
  server: { rssMb: 150, readyMs: 2000 },
  worker: { rssMb: 200, readyMs: 2000 },
  'all-in-one': { readyMs: 2000 },
  'all-in-one, embedded PostgreSQL': { readyMs: 2000 },
};

interface Sample {
  readyMs: number;
  rssMb: number;
}

interface Subject {
  name: string;
  args: string[];
  env: Record<string, string>;
  /** Where /readyz answers. */
  port: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  if (!line) throw new Error(`no VmRSS for ${pid}`);
  return Number(line[1]) / 1024;
}

async function measure(subject: Subject): Promise<Sample> {
  let output = '';
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, subject.args, { env: subject.env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    let readyMs: number | undefined;
    while (readyMs === undefined) {
      if (child.exitCode !== null) throw new Error(`${subject.name} exited:\n${output}`);
      if (performance.now() - started > 60_000) throw new Error(`${subject.name} not ready in 60 s:\n${output}`);
      try {
        const response = await fetch(`http://127.0.0.1:${subject.port}/readyz`);
        await response.arrayBuffer();
        if (response.status === 200) readyMs = performance.now() - started;
      } catch {
        // not listening yet
      }
      if (readyMs === undefined) await sleep(10);
    }
    await sleep(SETTLE_MS);
    return { readyMs, rssMb: rssMb(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

async function createDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `tomo_footprint_${randomBytes(4).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists "${name}" with (force)`) };
}

async function main(): Promise<void> {
  for (const entry of ['start', 'server', 'worker']) {
    if (!existsSync(`dist/${entry}.js`)) throw new Error(`dist/${entry}.js is missing: run \`npm run build\` first`);
  }
  const postgres = await startTestPostgres();
  const database = await createDatabase(postgres.adminUrl);
  const dataDir = mkdtempSync(join(tmpdir(), 'tomo-footprint-'));
  try {
    const [port, metricsPort] = [await freePort(), await freePort()];
    const unreachable = 'http://127.0.0.1:9/';
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      // e.g. BENCH_NODE_OPTIONS=--max-semi-space-size=8 to try V8 settings on every subject.
      ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      DATABASE_URL: database.url,
      ENCRYPTION_KEY: Buffer.alloc(32, 5).toString('base64'),
      SESSION_SECRET: 'footprint-session-secret-footprint',
      WEB_DIST_DIR: 'apps/web/dist',
      SLACK_CLIENT_ID: '1.2',
      SLACK_CLIENT_SECRET: 'secret',
      SLACK_SIGNING_SECRET: 'signing-secret',
      SLACK_API_URL: `${unreachable}api/`,
      STRIPE_SECRET_KEY: 'sk_test_footprint',
      STRIPE_WEBHOOK_SECRET: 'whsec_footprint',
      STRIPE_API_URL: unreachable,
      OPENAI_API_KEY: 'sk-footprint',
      OPENAI_BASE_URL: `${unreachable}v1`,
      ANTHROPIC_API_KEY: 'ak-footprint',
      ANTHROPIC_BASE_URL: unreachable,
    };
    const { DATABASE_URL: _external, ...embeddedEnv } = env;
    const subjects: Subject[] = [
      {
        name: 'baseline: node -e (bare HTTP server)',
        args: ['-e', `require('node:http').createServer((q, s) => s.end('ok')).listen(${port})`],
        env,
        port,
      },
      { name: 'server', args: ['dist/server.js'], env, port },
      { name: 'worker', args: ['dist/worker.js'], env, port: metricsPort },
      { name: 'all-in-one', args: ['dist/start.js'], env, port },
      { name: 'all-in-one, embedded PostgreSQL', args: ['dist/start.js'], env: { ...embeddedEnv, DATA_DIR: dataDir }, port },
      { name: 'server under tsx (not compiled)', args: ['--import', 'tsx', 'apps/server/main.ts'], env, port },
    ];
    // The embedded cluster is created once (initdb); the measured runs start it warm, as every
    // `npm start` after the first does.
    await measure({ ...subjects[4]!, name: 'embedded PostgreSQL first start (initdb, not measured)' });

    const results = new Map<string, Sample[]>();
    for (let run = 0; run < RUNS; run += 1) {
      for (const subject of subjects) {
        const samples = results.get(subject.name) ?? [];
        samples.push(await measure(subject));
        results.set(subject.name, samples);
      }
    }

    const base = { readyMs: median(results.get(subjects[0]!.name)!.map((s) => s.readyMs)), rssMb: median(results.get(subjects[0]!.name)!.map((s) => s.rssMb)) };
    console.log(`median of ${RUNS} runs, idle RSS after ${SETTLE_MS} ms; ratios against the bare node baseline\n`);
    console.log(`${'subject'.padEnd(38)} ${'ready ms'.padStart(9)} ${'× base'.padStart(7)} ${'RSS MB'.padStart(8)} ${'× base'.padStart(7)}  goal`);
    let missed = 0;
    for (const subject of subjects) {
      const samples = results.get(subject.name)!;
      const readyMs = median(samples.map((s) => s.readyMs));
      const rss = median(samples.map((s) => s.rssMb));
      const goal = GOALS[subject.name];
      const verdicts: string[] = [];
      if (goal?.rssMb !== undefined) verdicts.push(`RSS < ${goal.rssMb} MB ${rss < goal.rssMb ? 'met' : 'MISSED'}`);
      if (goal?.readyMs !== undefined) verdicts.push(`ready < ${goal.readyMs} ms ${readyMs < goal.readyMs ? 'met' : 'MISSED'}`);
      missed += verdicts.filter((v) => v.endsWith('MISSED')).length;
      console.log(
        `${subject.name.padEnd(38)} ${readyMs.toFixed(0).padStart(9)} ${(readyMs / base.readyMs).toFixed(1).padStart(7)} ${rss.toFixed(1).padStart(8)} ${(rss / base.rssMb).toFixed(1).padStart(7)}  ${verdicts.join(', ')}`,
      );
    }
    console.log(missed === 0 ? '\nevery goal met' : `\n${missed} goal(s) missed`);
  } finally {
    await database.drop().catch(() => undefined);
    await postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
