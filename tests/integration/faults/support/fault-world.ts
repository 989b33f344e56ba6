import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startEmbeddedPostgres } from '../../../../adapters/embedded-postgres/embedded-postgres-server';
import { startFakeSlack, type FakeSlack } from '../../../../adapters/slack-emulator/fake-slack';
import type { FakeBot, FakeFunctionExecution } from '../../../../adapters/slack-emulator/slack-state';
import { seedWorkspace, type SeededWorkspace } from '../../../../adapters/slack-emulator/seed-workspace';
import { signSlackRequest } from '../../../../adapters/slack/verify-slack-signature';
import { SLACK_QUEUES } from '../../../../apps/shared/slack-jobs';
import { startFakeAnthropic, type FakeAnthropic } from '../../../fakes/anthropic/fake-anthropic';
import { startFakeOpenAi, type FakeOpenAi } from '../../../fakes/openai/fake-openai';
import type { FakeSocketMode } from '../../../fakes/slack/socket-mode';
import { testDatabase, type TestDatabase } from '../../../support/database';
import { envWithout, spawnBuilt, waitForStatus, type SpawnedApp } from '../../../support/processes';
import { askTomoFunction } from '../../../fakes/slack/ask-tomo-function';

const SIGNING_SECRET = 'fault-signing-secret';
const CLIENT_ID = '333.444';
const CLIENT_SECRET = 'fault-client-secret';
/** A trial allows each member 20 requests a month; eleven askers per workspace leave room for 200 questions each. */
const ASKERS_PER_WORKSPACE = 10;

/** The server's and workers' key for the tokens they store (a test reading them needs it too). */
export const ENCRYPTION_KEY = Buffer.alloc(32, 9).toString('base64');

export interface FaultWorld {
  slack: FakeSlack;
  openai: FakeOpenAi;
  anthropic: FakeAnthropic;
  db: TestDatabase;
  /**
   * With `ownPostgres`: the world's own PostgreSQL (embedded, on a port of its own), really
   * stopped (a fast shutdown: every session is terminated) and started again on the same data.
   */
  postgres?: { stop(): Promise<void>; start(): Promise<void> };
  workspaces: SeededWorkspace[];
  /** People of each workspace (by team id) who ask questions, English-speaking, spread so no one reaches the trial's monthly limit. */
  askers: Map<string, string[]>;
  server: SpawnedApp;
  serverUrl: string;
  /** Starts a worker process (`node dist/worker.js`); its /readyz is on `metricsUrl`. */
  startWorker(extra?: Record<string, string>): Promise<{ app: SpawnedApp; metricsUrl: string }>;
  /** Every process's output so far (JSON log lines: ids, never message text), server first. */
  logs(): string;
  close(): Promise<void>;
}

/**
 * The compiled server and workers as production runs them, on a fresh database (or, with
 * `ownPostgres`, a PostgreSQL of their own that a test can stop), with the Slack, OpenAI and
 * Anthropic fakes behind them and `teams` workspaces installed through the server's own "Add
 * to Slack" flow.
 */
export async function startFaultWorld(options: {
  teams: number;
  env?: Record<string, string>;
  ownPostgres?: boolean;
  /** Socket Mode as well: the server opens its connection at this fake (which forwards every other Web API call to the fake Slack). */
  socketMode?: { fake: FakeSocketMode; appToken: string };
}): Promise<FaultWorld> {
  const slack = await startFakeSlack({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  if (options.socketMode) options.socketMode.fake.upstream = slack.origin;
  const [openai, anthropic] = await Promise.all([startFakeOpenAi(), startFakeAnthropic()]);
  const own = options.ownPostgres ? await ownPostgres() : undefined;
  const db = own?.db ?? (await testDatabase());
  const workspaces = Array.from({ length: options.teams }, (_, i) => seedWorkspace(slack, `T0FAULT${i}`));
  const askers = new Map(workspaces.map((ws) => [ws.team.id, [ws.alice, ...addAskers(slack, ws, ASKERS_PER_WORKSPACE)]]));
  const port = await freePort();
  const serverUrl = `http://127.0.0.1:${port}`;
  const env = {
    ...envWithout('DATABASE_URL', 'TEST_DATABASE_URL', 'LOG_FORMAT', 'METRICS_TOKEN'),
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    DATABASE_URL: db.url,
    ENCRYPTION_KEY,
    SESSION_SECRET: 'fault-session-secret-fault-session-secret',
    PUBLIC_URL: serverUrl,
    WEB_DIST_DIR: 'tests/fixtures/web-dist',
    SLACK_CLIENT_ID: CLIENT_ID,
    SLACK_CLIENT_SECRET: CLIENT_SECRET,
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    SLACK_API_URL: slack.url,
    SLACK_OIDC_ISSUER: slack.origin,
    LLM_PROVIDER: 'openai',
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: openai.url,
    ANTHROPIC_API_KEY: 'ak-test',
    ANTHROPIC_BASE_URL: anthropic.url,
    OPENAI_IMAGE_MODEL: 'none',
    ...(options.socketMode ? { SLACK_API_URL: options.socketMode.fake.url, SLACK_APP_TOKEN: options.socketMode.appToken } : {}),
    ...options.env,
  };
  const server = spawnBuilt('server', { ...env, PORT: String(port) });
  const workers: SpawnedApp[] = [];
  const world: FaultWorld = {
    slack,
    openai,
    anthropic,
    db,
    ...(own === undefined ? {} : { postgres: own.control }),
    workspaces,
    askers,
    server,
    serverUrl,
    async startWorker(extra = {}) {
      const metricsPort = await freePort();
      const app = spawnBuilt('worker', { ...env, METRICS_PORT: String(metricsPort), METRICS_HOST: '127.0.0.1', ...extra });
      workers.push(app);
      return { app, metricsUrl: `http://127.0.0.1:${metricsPort}` };
    },
    logs: () => [server, ...workers].map((app, i) => `--- ${i === 0 ? 'server' : `worker ${i}`} (pid ${app.child.pid})\n${app.output()}`).join('\n'),
    async close() {
      for (const app of [server, ...workers]) if (app.child.exitCode === null && app.child.signalCode === null) app.child.kill('SIGKILL');
      await Promise.all([server, ...workers].map((app) => app.exited));
      await Promise.all([slack.close(), openai.close(), anthropic.close()]);
      await own?.remove();
    },
  };
  try {
    await waitForStatus(`${serverUrl}/readyz`, 200, 60_000, server);
    for (const ws of workspaces) {
      const status = await install(world, ws);
      if (status !== 200) throw new Error(`install of ${ws.team.id} answered ${status}`);
    }
  } catch (error) {
    await world.close();
    throw error;
  }
  return world;
}

/**
 * A PostgreSQL of the world's own, from the embedded-postgres binaries (the shared one must
 * never be stopped): the server migrates its empty `postgres` database at start-up.
 */
async function ownPostgres(): Promise<{
  db: TestDatabase;
  control: NonNullable<FaultWorld['postgres']>;
  remove(): Promise<void>;
}> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tomo-fault-pg-'));
  const port = await freePort();
  let running: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined = await startEmbeddedPostgres({ dataDir, port });
  return {
    db: { url: running.url, name: 'postgres' },
    control: {
      async stop() {
        await running?.stop();
        running = undefined;
      },
      async start() {
        running ??= await startEmbeddedPostgres({ dataDir, port });
      },
    },
    async remove() {
      await running?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** "Add to Slack" as a browser does it: the install route, Slack's authorize page, the redirect. */
async function install(world: FaultWorld, ws: SeededWorkspace): Promise<number> {
  world.slack.installAs({ teamId: ws.team.id, userId: ws.alice });
  const start = await fetch(`${world.serverUrl}/slack/install`, { redirect: 'manual' });
  const cookie = start.headers.get('set-cookie')!.split(';')[0]!;
  const atSlack = await fetch(start.headers.get('location')!, { redirect: 'manual' });
  const done = await fetch(atSlack.headers.get('location')!, { headers: { cookie, 'accept-language': 'en-US' }, redirect: 'manual' });
  return done.status;
}

/** A question someone asks Tomo in a workspace's channel: the message exists in Slack, its event is to be delivered. */
export interface Question {
  ws: SeededWorkspace;
  ts: string;
  body: string;
  eventId: string;
  /** Every HTTP status the server answered this event's deliveries with (undefined: no answer at all). */
  deliveries: (number | undefined)[];
  /** For an Ask Tomo workflow step: its run, which ends with the answer or the error (`ts` is empty). */
  execution?: FakeFunctionExecution;
  /** The job queue its event lands in. */
  queue: string;
}

/** A new message mentioning Tomo in the workspace's channel, and its app_mention event. */
export function askInChannel(
  world: FaultWorld,
  ws: SeededWorkspace,
  text: string,
  options: { eventId?: string; user?: string } = {},
): Question {
  const eventId = options.eventId ?? `Ev${randomBytes(6).toString('hex').toUpperCase()}`;
  const user = options.user ?? ws.alice;
  // The event id is in the question, so a fake model can tell which question it answers.
  const message = world.slack.addMessage({ channel: ws.channel, user, text: `<@${ws.team.botUserId}> ${text} [${eventId}]` });
  const body = eventCallback(ws, eventId, { type: 'app_mention', user, text: message.text, ts: message.ts, channel: ws.channel, event_ts: message.ts });
  return { ws, ts: message.ts, body, eventId, deliveries: [], queue: SLACK_QUEUES.slackAnswer.name };
}

/** An Ask Tomo workflow step run by `user` with `text` as its prompt, and its function_executed event. */
export function askInWorkflow(world: FaultWorld, ws: SeededWorkspace, text: string, options: { eventId: string; user: string }): Question {
  const { eventId, user } = options;
  const execution = world.slack.startFunctionExecution(ws.team.id, askTomoFunction());
  // The event id is in the prompt, so a fake model can tell which question it answers.
  const body = eventCallback(ws, eventId, world.slack.functionExecutedEvent(execution, { prompt: `${text} [${eventId}]`, user_id: user }));
  return { ws, ts: '', body, eventId, deliveries: [], execution, queue: SLACK_QUEUES.slackWorkflow.name };
}

/** A message of the workspace's channel that `user` reacts to with :memo: (summarise), and its reaction_added event. */
export function askByReaction(world: FaultWorld, ws: SeededWorkspace, text: string, options: { eventId: string; user: string }): Question {
  const { eventId, user } = options;
  // The event id is in the message, so a fake model can tell which reaction it answers.
  const message = world.slack.addMessage({ channel: ws.channel, user: ws.bob, text: `${text} [${eventId}]` });
  const body = eventCallback(ws, eventId, {
    type: 'reaction_added',
    user,
    reaction: 'memo',
    item_user: ws.bob,
    item: { type: 'message', channel: ws.channel, ts: message.ts },
    event_ts: `${Date.now() / 1000}`,
  });
  return { ws, ts: message.ts, body, eventId, deliveries: [], queue: SLACK_QUEUES.slackReaction.name };
}

/** A message `bot` posts in the workspace's channel, and the message event Slack sends for it (a possible auto-reply). */
export function askByBot(world: FaultWorld, ws: SeededWorkspace, text: string, options: { eventId: string; bot: FakeBot }): Question {
  const { eventId, bot } = options;
  // The event id is in the message, so a fake model can tell which auto-reply it writes.
  const message = world.slack.addMessage({ channel: ws.channel, user: bot.userId, botId: bot.id, text: `${text} [${eventId}]` });
  const body = eventCallback(ws, eventId, {
    type: 'message',
    channel_type: 'channel',
    user: bot.userId,
    bot_id: bot.id,
    app_id: bot.appId,
    text: message.text,
    ts: message.ts,
    channel: ws.channel,
    event_ts: message.ts,
  });
  return { ws, ts: message.ts, body, eventId, deliveries: [], queue: SLACK_QUEUES.slackAnswer.name };
}

/** An Events API body as Slack sends it to the workspace's installation. */
function eventCallback(ws: SeededWorkspace, eventId: string, event: Record<string, unknown>): string {
  return JSON.stringify({
    token: 'legacy-verification-token',
    team_id: ws.team.id,
    api_app_id: ws.team.appId,
    event,
    type: 'event_callback',
    event_id: eventId,
    event_time: Math.floor(Date.now() / 1000),
    authorizations: [{ enterprise_id: null, team_id: ws.team.id, user_id: ws.team.botUserId, is_bot: true }],
  });
}

/** `count` English-speaking people of the workspace who ask questions (besides Alice). */
export function addAskers(slack: FakeSlack, ws: SeededWorkspace, count: number): string[] {
  return Array.from({ length: count }, (_, n) =>
    slack.addUser({ id: `UASK${n}${ws.team.id.slice(1)}`, teamId: ws.team.id, name: `asker${n}`, realName: `Asker ${n}`, locale: 'en-US' }).id,
  );
}

/**
 * One delivery of the event as Slack makes it: signed, with X-Slack-Retry-Num on retries.
 * Slack waits 3 s for the acknowledgement; a slower one counts as a failure.
 */
export async function deliver(world: FaultWorld, question: Question, retryNum = 0): Promise<number | undefined> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-slack-request-timestamp': timestamp,
    'x-slack-signature': signSlackRequest(SIGNING_SECRET, timestamp, question.body),
  };
  if (retryNum > 0) {
    headers['x-slack-retry-num'] = String(retryNum);
    headers['x-slack-retry-reason'] = 'http_error';
  }
  let status: number | undefined;
  try {
    const response = await fetch(`${world.serverUrl}/slack/events`, { method: 'POST', headers, body: question.body, signal: AbortSignal.timeout(3_000) });
    await response.arrayBuffer();
    status = response.status;
  } catch {
    status = undefined;
  }
  question.deliveries.push(status);
  return status;
}

/**
 * Slack's delivery with its retries: the first attempt, then up to three retries while the
 * answer is not a 2xx. Slack waits about a minute, then five, before its later retries; here
 * the waits are `retryDelaysMs` so a run stays short.
 */
export async function deliverAsSlack(world: FaultWorld, question: Question, retryDelaysMs: readonly number[]): Promise<boolean> {
  for (let retry = 0; retry <= retryDelaysMs.length; retry += 1) {
    if (retry > 0) await new Promise((resolve) => setTimeout(resolve, retryDelaysMs[retry - 1]));
    const status = await deliver(world, question, retry);
    if (status !== undefined && status >= 200 && status < 300) return true;
  }
  return false;
}

export { waitForStatus };
