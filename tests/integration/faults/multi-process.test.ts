import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../adapters/embedded-postgres/embedded-postgres-server';
import { signSlackRequest } from '../../../adapters/slack/verify-slack-signature';
import { seedWorkspace, type SeededWorkspace } from '../../../adapters/slack-emulator/seed-workspace';
import { SLACK_QUEUES } from '../../../apps/shared/slack-jobs';
import { spawnBuilt, waitForStatus, type SpawnedApp } from '../../support/processes';
import {
  SIGNING_SECRET,
  builtProcessEnv,
  eventually,
  installThroughBrowser,
  startSlackAppWorld,
  type SlackAppWorld,
} from '../slack-app/support/slack-app-world';
import { addAskers } from './support/fault-world';

/**
 * Scale out (issue 16): two server processes and three worker processes, built and run as
 * production runs them, on one PostgreSQL database. Signed mentions from twenty workspaces
 * arrive at both servers; every question gets exactly one whole answer, in its own thread.
 *
 * MULTI_PROCESS_EVENTS sets the number of mentions (default 1,000, the figure).
 */
const EVENTS = Number(process.env.MULTI_PROCESS_EVENTS ?? 1_000);
const WORKSPACES = 20;
/** Channels per workspace: Slack's posting pace is per channel (ADR 34), as in a real workspace. */
const CHANNELS = 5;
const SERVERS = 2;
const WORKERS = 3;

/**
 * A trial allows each member 20 requests a month, counted when an answer is done: one asker
 * per workspace would be refused once 20 of its 50 questions were answered before the next
 * started, which is a matter of timing. Ten people per workspace ask 5 each.
 */
const ASKERS_PER_WORKSPACE = 10;

interface Question {
  ws: SeededWorkspace;
  user: string;
  channel: string;
  ts: string;
  tag: string;
}

/** The fake model answers each question with its tag, so an answer in the wrong thread shows. */
const answerTo = (tag: string) => `Answer to ${tag}: delivered once, whole, by one of three workers.`;

describe(`${SERVERS} servers and ${WORKERS} workers on one database`, () => {
  let world: SlackAppWorld;
  const workspaces: SeededWorkspace[] = [];
  const servers: { app: SpawnedApp; url: string }[] = [];
  const workers: SpawnedApp[] = [];

  beforeAll(async () => {
    // The world's own server (in this process) only installs the workspaces; it runs no worker.
    world = await startSlackAppWorld({}, { worker: false });
    for (let w = 0; w < WORKSPACES; w += 1) {
      const ws = w === 0 ? world.ws : seedWorkspace(world.slack, `T0W${String(w).padStart(2, '0')}`);
      expect((await installThroughBrowser(world, ws)).status).toBe(200);
      workspaces.push(ws);
    }

    const { config } = world.app;
    const common = builtProcessEnv(world, {
      LOG_LEVEL: 'warn',
      SLACK_CLIENT_ID: config.SLACK_CLIENT_ID!,
      SLACK_CLIENT_SECRET: config.SLACK_CLIENT_SECRET!,
      OPENAI_IMAGE_MODEL: 'none',
    });
    delete common.LOG_FORMAT;
    delete common.METRICS_TOKEN;
    const ready: Promise<void>[] = [];
    for (let s = 0; s < SERVERS; s += 1) {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const app = spawnBuilt('server', { ...common, PORT: String(port), PUBLIC_URL: url, WEB_DIST_DIR: 'tests/fixtures/web-dist' });
      servers.push({ app, url });
      ready.push(waitForStatus(`${url}/readyz`, 200, 90_000, app));
    }
    for (let w = 0; w < WORKERS; w += 1) {
      const metrics = await freePort();
      const app = spawnBuilt('worker', { ...common, PUBLIC_URL: config.PUBLIC_URL, METRICS_PORT: String(metrics), METRICS_HOST: '127.0.0.1' });
      workers.push(app);
      ready.push(waitForStatus(`http://127.0.0.1:${metrics}/readyz`, 200, 90_000, app));
    }
    await Promise.all(ready);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([...servers.map((s) => s.app), ...workers].map((app) => (app.child.exitCode === null ? app.stop() : undefined)));
    await world?.close();
  });

  it(`answers ${EVENTS} mentions from ${WORKSPACES} workspaces, sent to both servers, exactly once each`, async () => {
    // Every call gets its own behaviour, reading the question it is asked (a few spare).
    world.openai.enqueue(
      ...Array.from({ length: EVENTS * 2 }, () => ({
        respond: (prompt: { turns: { role: string; text: string }[] }) => {
          const asked = prompt.turns.filter((t) => t.role === 'user').at(-1)?.text ?? '';
          return { text: answerTo(/q-\w+-\d+/.exec(asked)?.[0] ?? 'nothing'), chunkChars: 24 };
        },
      })),
    );
    const channelsOf = new Map<string, string[]>();
    for (const ws of workspaces) {
      const suffix = ws.team.id.slice(1);
      channelsOf.set(ws.team.id, [
        ws.channel,
        ...Array.from({ length: CHANNELS - 1 }, (_, c) => world.slack.addChannel({ id: `CX${c}${suffix}`, teamId: ws.team.id, name: `room-${c}` }).id),
      ]);
    }
    const askersOf = new Map(workspaces.map((ws) => [ws.team.id, [ws.alice, ...addAskers(world.slack, ws, ASKERS_PER_WORKSPACE - 1)]]));
    // Interleaved across workspaces, channels and people, as a busy install base sends them.
    const questions: Question[] = Array.from({ length: EVENTS }, (_, i) => {
      const ws = workspaces[i % WORKSPACES]!;
      const round = Math.floor(i / WORKSPACES);
      const channel = channelsOf.get(ws.team.id)![round % CHANNELS]!;
      const user = askersOf.get(ws.team.id)![round % ASKERS_PER_WORKSPACE]!;
      const tag = `q-${ws.team.id}-${i}`;
      const message = world.slack.addMessage({ channel, user, text: `<@${ws.team.botUserId}> ${tag}` });
      return { ws, user, channel, ts: message.ts, tag };
    });

    const statuses: number[] = [];
    let next = 0;
    const sender = async () => {
      for (let i = next++; i < questions.length; i = next++) {
        const server = servers[i % SERVERS]!;
        statuses.push(await postEvent(server.url, questions[i]!));
      }
    };
    await Promise.all(Array.from({ length: 16 }, sender));
    expect(statuses.filter((s) => s !== 200)).toEqual([]);

    // Tomo's replies by thread, read from the fake's state in one pass (1,000 threads are polled).
    const tomo = new Set(workspaces.map((ws) => ws.team.botId));
    const repliesByThread = () => {
      const byThread = new Map<string, { text: string; streamState?: string }[]>();
      for (const m of world.slack.state.messages) {
        if (m.botId === undefined || !tomo.has(m.botId) || m.threadTs === undefined || m.threadTs === m.ts) continue;
        const key = `${m.channel}/${m.threadTs}`;
        byThread.set(key, [...(byThread.get(key) ?? []), { text: m.text, streamState: m.streamState }]);
      }
      return byThread;
    };
    const answered = (byThread: ReturnType<typeof repliesByThread>, q: Question) => {
      const replies = byThread.get(`${q.channel}/${q.ts}`) ?? [];
      return replies.length === 1 && replies[0]!.text === answerTo(q.tag) && replies[0]!.streamState !== 'streaming';
    };
    await eventually(async () => {
      const byThread = repliesByThread();
      const waiting = questions.filter((q) => !answered(byThread, q)).length;
      if (waiting > 0) await new Promise((resolve) => setTimeout(resolve, 500));
      expect(waiting).toBe(0);
    }, Number(process.env.MULTI_PROCESS_WAIT_MS ?? 150_000)).catch(async (error: unknown) => {
      const byThread = repliesByThread();
      const waiting = questions.filter((q) => !answered(byThread, q)).map((q) => [q.tag, byThread.get(`${q.channel}/${q.ts}`)]);
      const jobs = await world.app.queue.boss.findJobs(SLACK_QUEUES.slackAnswer.name);
      const states = jobs.reduce<Record<string, number>>((acc, j) => ({ ...acc, [j.state]: (acc[j.state] ?? 0) + 1 }), {});
      // In the error itself, so a CI log that keeps only its tail still says what was missing and why.
      const logs = [...servers.map((s, i) => [`server ${i + 1}`, s.app] as const), ...workers.map((w, i) => [`worker ${i + 1}`, w] as const)]
        .map(([name, app]) => `${name}:\n${app.output().slice(-1500)}`)
        .join('\n');
      throw new Error(`${waiting.length} of ${EVENTS} questions not answered once, whole and right: ${JSON.stringify({ waiting: waiting.slice(0, 10), states, jobs: jobs.length })}\n${logs}`, { cause: error });
    });
    // Every job finished; then every thread is read as a person would read it.
    await eventually(async () => {
      const jobs = await world.app.queue.boss.findJobs(SLACK_QUEUES.slackAnswer.name);
      expect(jobs.filter((job) => job.state !== 'completed')).toEqual([]);
      expect(jobs.length).toBe(EVENTS);
    }, 30_000);
    const byThread = repliesByThread();
    const wrong = questions
      .map((q) => ({ tag: q.tag, replies: byThread.get(`${q.channel}/${q.ts}`) ?? [] }))
      .filter(({ tag, replies }) => replies.length !== 1 || replies[0]!.text !== answerTo(tag) || replies[0]!.streamState === 'streaming');
    expect(wrong).toEqual([]);
    // Nothing else from Tomo anywhere: no second answer, no error message.
    expect(world.slack.state.messages.filter((m) => m.botId !== undefined && tomo.has(m.botId))).toHaveLength(EVENTS);
    for (const app of [...servers.map((s) => s.app), ...workers]) expect(app.child.exitCode).toBeNull();
  }, 300_000);
});

async function postEvent(baseUrl: string, q: Question): Promise<number> {
  const { team } = q.ws;
  const body = JSON.stringify({
    token: 'legacy-verification-token',
    team_id: team.id,
    api_app_id: team.appId,
    event: { type: 'app_mention', user: q.user, text: `<@${team.botUserId}> ${q.tag}`, ts: q.ts, channel: q.channel, event_ts: q.ts },
    type: 'event_callback',
    event_id: `Ev${randomBytes(6).toString('hex').toUpperCase()}`,
    event_time: Math.floor(Date.now() / 1000),
    authorizations: [{ enterprise_id: null, team_id: team.id, user_id: team.botUserId, is_bot: true }],
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const response = await fetch(`${baseUrl}/slack/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-slack-request-timestamp': timestamp, 'x-slack-signature': signSlackRequest(SIGNING_SECRET, timestamp, body) },
    body,
  });
  await response.arrayBuffer();
  return response.status;
}
