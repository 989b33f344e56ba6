import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { AesGcmSecretBox } from '../../../../adapters/crypto';
import type { Logger } from '../../../../adapters/logging/logger';
import type { TomoMetrics } from '../../../../adapters/metrics/prometheus-metrics';
import { createPgRepositories, type PgRepositories } from '../../../../adapters/postgres/pg-repositories';
import { signSlackRequest } from '../../../../adapters/slack/verify-slack-signature';
import { SLACK_QUEUES } from '../../../../apps/shared/slack-jobs';
import { startFakeAnthropic, type FakeAnthropic } from '../../../fakes/anthropic/fake-anthropic';
import { startFakeOpenAi, type FakeOpenAi } from '../../../fakes/openai/fake-openai';
import { startFakeSlack, type FakeSlack } from '../../../../adapters/slack-emulator/fake-slack';
import { seedWorkspace, type SeededWorkspace } from '../../../../adapters/slack-emulator/seed-workspace';
import { startTestApp, type TestApp } from '../../../support/app';
import { envWithout } from '../../../support/processes';

export const SIGNING_SECRET = 'test-signing-secret';
const CLIENT_ID = '111.222';
const CLIENT_SECRET = 'test-client-secret';

export interface SlackAppWorld {
  app: TestApp;
  slack: FakeSlack;
  openai: FakeOpenAi;
  anthropic: FakeAnthropic;
  ws: SeededWorkspace;
  close(): Promise<void>;
}

/** The real server and worker, with Slack, OpenAI and Anthropic fakes on 127.0.0.1 behind them. */
export async function startSlackAppWorld(env: Record<string, string> = {}, options: { worker?: boolean; logger?: Logger; metrics?: TomoMetrics } = {}): Promise<SlackAppWorld> {
  const slack = await startFakeSlack({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  const openai = await startFakeOpenAi();
  const anthropic = await startFakeAnthropic();
  const ws = seedWorkspace(slack);
  const app = await startTestApp({
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
    ...env,
  }, options);
  return {
    app,
    slack,
    openai,
    anthropic,
    ws,
    async close() {
      await app.close();
      await Promise.all([slack.close(), openai.close(), anthropic.close()]);
    },
  };
}

/** "Add to Slack" as a browser does it: our install route, Slack's authorize page, our redirect. */
export async function installThroughBrowser(world: SlackAppWorld, ws = world.ws, installer = ws.alice, acceptLanguage = 'en-US'): Promise<Response> {
  world.slack.installAs({ teamId: ws.team.id, userId: installer });
  const start = await fetch(`${world.app.baseUrl}/slack/install`, { redirect: 'manual' });
  const cookie = start.headers.get('set-cookie')!.split(';')[0]!;
  const atSlack = await fetch(start.headers.get('location')!, { redirect: 'manual' });
  return fetch(atSlack.headers.get('location')!, { headers: { cookie, 'accept-language': acceptLanguage }, redirect: 'manual' });
}

export interface SentEvent {
  eventId: string;
  status: number;
}

/** POSTs an Events API envelope, signed as Slack signs it (or not, with `signature`). */
export async function sendEvent(
  world: SlackAppWorld,
  event: Record<string, unknown>,
  options: {
    eventId?: string;
    retryNum?: number;
    signature?: string | null;
    timestamp?: number;
    secret?: string;
    ws?: SeededWorkspace;
    /** The envelope's `event_time` (seconds); now by default. */
    eventTime?: number;
    /** The envelope's `authorizations`; Tomo's bot by default. */
    authorizations?: Record<string, unknown>[];
    /** More envelope fields, as Slack adds them (`context_team_id`, `event_context`…); they win over the defaults. */
    envelope?: Record<string, unknown>;
  } = {},
): Promise<SentEvent> {
  const eventId = options.eventId ?? `Ev${randomBytes(5).toString('hex').toUpperCase()}`;
  const { team } = options.ws ?? world.ws;
  const body = JSON.stringify({
    token: 'legacy-verification-token',
    team_id: team.id,
    api_app_id: team.appId,
    event,
    type: 'event_callback',
    event_id: eventId,
    event_time: options.eventTime ?? Math.floor(Date.now() / 1000),
    authorizations: options.authorizations ?? [{ enterprise_id: null, team_id: team.id, user_id: team.botUserId, is_bot: true }],
    ...options.envelope,
  });
  return { eventId, status: (await postSigned(world, body, options)).status };
}

export async function postSigned(
  world: SlackAppWorld,
  body: string,
  options: { retryNum?: number; signature?: string | null; timestamp?: number; secret?: string } = {},
): Promise<Response> {
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const signature = options.signature === undefined ? signSlackRequest(options.secret ?? SIGNING_SECRET, timestamp, body) : options.signature;
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-slack-request-timestamp': timestamp };
  if (signature !== null) headers['x-slack-signature'] = signature;
  if (options.retryNum !== undefined) {
    headers['x-slack-retry-num'] = String(options.retryNum);
    headers['x-slack-retry-reason'] = 'http_timeout';
  }
  return fetch(`${world.app.baseUrl}/slack/events`, { method: 'POST', headers, body });
}

/** An app_mention of Tomo by `user` in `channel` (the message must exist in the fake). */
export function mention(world: SlackAppWorld, message: { ts: string; channel: string; user?: string; threadTs?: string }, ws = world.ws) {
  return {
    type: 'app_mention',
    user: message.user ?? ws.alice,
    text: `<@${ws.team.botUserId}> question`,
    ts: message.ts,
    channel: message.channel,
    event_ts: message.ts,
    ...(message.threadTs ? { thread_ts: message.threadTs } : {}),
  };
}

/** A message event (message.im / message.channels). */
export function messageEvent(
  world: SlackAppWorld,
  message: { ts: string; channel: string; channelType: 'im' | 'channel'; user?: string; threadTs?: string; text?: string },
  extra: Record<string, unknown> = {},
) {
  return {
    type: 'message',
    channel_type: message.channelType,
    user: message.user ?? world.ws.alice,
    text: message.text ?? 'a question',
    ts: message.ts,
    channel: message.channel,
    event_ts: message.ts,
    ...(message.threadTs ? { thread_ts: message.threadTs } : {}),
    ...extra,
  };
}

/** Polls until `check` passes (it throws while not yet). */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** Jobs of a queue as pg-boss holds them (states: created, active, completed, failed…). */
export async function jobsOf(world: SlackAppWorld, queue: string = SLACK_QUEUES.slackAnswer.name) {
  return world.app.queue.boss.findJobs(queue);
}

/** Waits until every job of the queue has finished, so "nothing else happened" can be asserted. */
export async function settled(world: SlackAppWorld, queue: string = SLACK_QUEUES.slackAnswer.name) {
  return eventually(async () => {
    const jobs = await jobsOf(world, queue);
    expect(jobs.filter((job) => job.state !== 'completed' && job.state !== 'failed')).toEqual([]);
    return jobs;
  });
}

/** The finished bot replies in a thread, as a person reads them. */
export function repliesIn(world: SlackAppWorld, channel: string, threadTs: string): string[] {
  return world.slack
    .botReplies(channel, threadTs)
    .filter((m) => m.streamState !== 'streaming')
    .map((m) => m.text);
}

/** The app's own repositories on its database (to set settings up and read what was saved). */
export function repositoriesOf(world: SlackAppWorld): PgRepositories {
  return createPgRepositories(world.app.database.orm, AesGcmSecretBox.fromEnv(world.app.config.ENCRYPTION_KEY!));
}

/** Ends the workspace's free trial (its period ended yesterday). */
export async function endTrial(world: SlackAppWorld, ws = world.ws): Promise<void> {
  const { subscriptions } = repositoriesOf(world);
  for (const trial of await subscriptions.listByTeam(ws.team.id)) {
    await subscriptions.save(ws.team.id, { ...trial, currentPeriodEnd: new Date(Date.now() - 86_400_000) });
  }
}

/** A paid plan (Entry, monthly, `quantity` seats) active since yesterday, as if bought through Stripe. */
export async function buyPlan(world: SlackAppWorld, ws: SeededWorkspace, plan: { id: string; quantity: number }): Promise<void> {
  const now = new Date();
  await repositoriesOf(world).subscriptions.save(ws.team.id, {
    id: plan.id,
    teamId: ws.team.id,
    kind: 'paid',
    planKey: 'gpt50',
    interval: 'monthly',
    billingMode: 'fixed_rate',
    status: 'active',
    quantity: plan.quantity,
    currentPeriodStart: new Date(now.getTime() - 86_400_000),
    currentPeriodEnd: new Date(now.getTime() + 29 * 86_400_000),
    cancelAtPeriodEnd: false,
    canceledAt: null,
    externalId: `sub_fake_${plan.id}`,
    createdAt: now,
    updatedAt: now,
  });
}

/** POSTs an interaction as Slack does: form-encoded `payload=<json>`, signed like events. */
export async function postInteraction(
  world: SlackAppWorld,
  payload: Record<string, unknown>,
  options: { signature?: string | null; secret?: string } = {},
): Promise<Response> {
  const body = new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = options.signature === undefined ? signSlackRequest(options.secret ?? SIGNING_SECRET, timestamp, body) : options.signature;
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', 'x-slack-request-timestamp': timestamp };
  if (signature !== null) headers['x-slack-signature'] = signature;
  return fetch(`${world.app.baseUrl}/slack/interactions`, { method: 'POST', headers, body });
}

/** The system prompt and the conversation the model got in its last call. */
export function lastPrompt(world: SlackAppWorld): { system: string; conversation: string } {
  const messages = world.openai.calls.at(-1)!.body.messages as { role: string; content: string }[];
  return {
    system: messages.filter((m) => m.role === 'system').map((m) => m.content).join('\n'),
    conversation: messages.filter((m) => m.role !== 'system').map((m) => `${m.role}: ${m.content}`).join('\n'),
  };
}

/** Jobs of every queue that are not finished yet (none, once the world is quiet). */
export async function settledAll(world: SlackAppWorld, queues: readonly string[]): Promise<void> {
  for (const queue of queues) await settled(world, queue);
}

/**
 * The environment a built server or worker process (`node dist/….js`) needs to join this world:
 * the same database, key and fakes, configured as production is, over this process's own.
 */
export function builtProcessEnv(world: SlackAppWorld, extra: Record<string, string> = {}): Record<string, string | undefined> {
  const { config } = world.app;
  return {
    ...envWithout('DATABASE_URL', 'TEST_DATABASE_URL'),
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    DATABASE_URL: world.app.db.url,
    ENCRYPTION_KEY: config.ENCRYPTION_KEY!,
    PUBLIC_URL: config.PUBLIC_URL,
    SLACK_API_URL: config.SLACK_API_URL,
    SLACK_SIGNING_SECRET: config.SLACK_SIGNING_SECRET!,
    LLM_PROVIDER: 'openai',
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: world.openai.url,
    ...extra,
  };
}
