import { randomBytes } from 'node:crypto';
import { freePort } from '../../../../adapters/embedded-postgres/embedded-postgres-server';
import { startFakeSlack, type FakeSlack } from '../../../../adapters/slack-emulator/fake-slack';
import { seedWorkspace, type SeededWorkspace } from '../../../../adapters/slack-emulator/seed-workspace';
import { signSlackRequest } from '../../../../adapters/slack/verify-slack-signature';
import { startFakeAnthropic, type FakeAnthropic } from '../../../fakes/anthropic/fake-anthropic';
import { startFakeOpenAi, type FakeOpenAi } from '../../../fakes/openai/fake-openai';
import { testDatabase, type TestDatabase } from '../../../support/database';
import { envWithout, spawnBuilt, waitForStatus, type SpawnedApp } from '../../../support/processes';
import { startTcpProxy, throughProxy, type TcpProxy } from '../../../support/tcp-proxy';

const SIGNING_SECRET = 'fault-signing-secret';
const CLIENT_ID = '333.444';
const CLIENT_SECRET = 'fault-client-secret';
/** A trial allows each member 20 requests a month; eleven askers per workspace leave room for 200 questions each. */
const ASKERS_PER_WORKSPACE = 10;

export interface FaultWorld {
  slack: FakeSlack;
  openai: FakeOpenAi;
  anthropic: FakeAnthropic;
  db: TestDatabase;
  /** Between the apps and PostgreSQL: `proxy.down()` takes the database away from them. */
  proxy: TcpProxy;
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
 * The compiled server and workers as production runs them, on a fresh database reached only
 * through a TCP proxy, with the Slack, OpenAI and Anthropic fakes behind them and `teams`
 * workspaces installed through the server's own "Add to Slack" flow.
 */
export async function startFaultWorld(options: { teams: number; env?: Record<string, string> }): Promise<FaultWorld> {
  const slack = await startFakeSlack({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  const [openai, anthropic] = await Promise.all([startFakeOpenAi(), startFakeAnthropic()]);
  const db = await testDatabase();
  const direct = new URL(db.url);
  const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const workspaces = Array.from({ length: options.teams }, (_, i) => seedWorkspace(slack, `T0FAULT${i}`));
  const askers = new Map(
    workspaces.map((ws) => {
      const people = Array.from({ length: ASKERS_PER_WORKSPACE }, (_, n) =>
        slack.addUser({ id: `UASK${n}${ws.team.id.slice(1)}`, teamId: ws.team.id, name: `asker${n}`, realName: `Asker ${n}`, locale: 'en-US' }).id,
      );
      return [ws.team.id, [ws.alice, ...people]];
    }),
  );
  const port = await freePort();
  const serverUrl = `http://127.0.0.1:${port}`;
  const env = {
    ...envWithout('DATABASE_URL', 'TEST_DATABASE_URL', 'LOG_FORMAT', 'METRICS_TOKEN'),
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    DATABASE_URL: throughProxy(db.url, proxy),
    ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
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
    ...options.env,
  };
  const server = spawnBuilt('server', { ...env, PORT: String(port) });
  const workers: SpawnedApp[] = [];
  const world: FaultWorld = {
    slack,
    openai,
    anthropic,
    db,
    proxy,
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
      await proxy.close();
      await Promise.all([slack.close(), openai.close(), anthropic.close()]);
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
  const body = JSON.stringify({
    token: 'legacy-verification-token',
    team_id: ws.team.id,
    api_app_id: ws.team.appId,
    event: {
      type: 'app_mention',
      user,
      text: message.text,
      ts: message.ts,
      channel: ws.channel,
      event_ts: message.ts,
    },
    type: 'event_callback',
    event_id: eventId,
    event_time: Math.floor(Date.now() / 1000),
    authorizations: [{ enterprise_id: null, team_id: ws.team.id, user_id: ws.team.botUserId, is_bot: true }],
  });
  return { ws, ts: message.ts, body, eventId, deliveries: [] };
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
