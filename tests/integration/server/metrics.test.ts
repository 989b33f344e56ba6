import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TomoMetrics } from '../../../adapters/metrics/prometheus-metrics';
import { PgBossJobQueue } from '../../../adapters/queue/pg-boss-job-queue';
import { pgBossQueueStats } from '../../../adapters/queue/pg-boss-queue-stats';
import { slackRateLimits } from '../../../adapters/slack/slack-api-caller';
import { ALL_QUEUES, QUEUES } from '../../../apps/shared/queues';
import { testDatabase } from '../../support/database';
import { testLogger } from '../../support/logger';
import { startFakeAnthropic } from '../../fakes/anthropic/fake-anthropic';
import { startFakeOpenAi } from '../../fakes/openai/fake-openai';
import { startFakeSlack } from '../../../adapters/slack-emulator/fake-slack';
import { seedWorkspace } from '../../../adapters/slack-emulator/seed-workspace';
import { startTestApp } from '../../support/app';
import {
  eventually,
  installThroughBrowser,
  mention,
  repliesIn,
  SIGNING_SECRET,
  sendEvent,
  type SlackAppWorld,
} from '../slack-app/support/slack-app-world';

const TOKEN = 'metrics-token-0123456789abcdef';

/** The value of one series in Prometheus text, e.g. sample(text, 'tomo_llm_errors_total', { provider: 'openai' }). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`))) return Number(line.split(' ').at(-1));
  }
  return undefined;
}

describe('/metrics: answers, LLM errors and Slack 429s as Prometheus sees them', () => {
  let world: SlackAppWorld;
  const metrics = new TomoMetrics({ process: 'all-in-one' });
  const countRateLimits = (method: string) => metrics.slackRateLimited.inc({ method });

  beforeAll(async () => {
    slackRateLimits.on('rate_limited', countRateLimits);
    const slack = await startFakeSlack({ clientId: '111.222', clientSecret: 'test-client-secret' });
    const [openai, anthropic] = await Promise.all([startFakeOpenAi(), startFakeAnthropic()]);
    const ws = seedWorkspace(slack);
    const app = await startTestApp(
      {
        SLACK_CLIENT_ID: '111.222',
        SLACK_CLIENT_SECRET: 'test-client-secret',
        SLACK_SIGNING_SECRET: SIGNING_SECRET,
        SLACK_API_URL: slack.url,
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: openai.url,
        ANTHROPIC_API_KEY: 'ak-test',
        ANTHROPIC_BASE_URL: anthropic.url,
        METRICS_TOKEN: TOKEN,
      },
      { metrics },
    );
    world = {
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
    expect((await installThroughBrowser(world)).status).toBe(200);
  });
  afterAll(async () => {
    slackRateLimits.off('rate_limited', countRateLimits);
    await world?.close();
  });

  const scrape = async (authorization?: string) =>
    fetch(`${world.app.baseUrl}/metrics`, authorization ? { headers: { authorization } } : {});

  it('answers only the bearer of METRICS_TOKEN', async () => {
    const anonymous = await scrape();
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await scrape('Bearer not-the-token')).status).toBe(401);
    expect((await scrape(TOKEN)).status).toBe(401);
    const allowed = await scrape(`Bearer ${TOKEN}`);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('content-type')).toMatch(/^text\/plain; version=0.0.4/);
    const text = await allowed.text();
    expect(sample(text, 'tomo_process_resident_memory_bytes', { process: 'all-in-one' })).toBeGreaterThan(0);
    expect(sample(text, 'tomo_answer_streams_active')).toBe(0);
  });

  it('times an answer from the person’s message to its first words and its end, and counts a recovered LLM 429 and a Slack 429', async () => {
    world.openai.failNext(429);
    world.anthropic.answer('Tokyo is the capital of Japan.');
    world.slack.rateLimit('assistant.threads.setStatus', { times: 1, retryAfterSeconds: 0 });
    const question = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: `<@${world.ws.team.botUserId}> capital?` });
    // Real Slack stamps a message with the time it was sent; the fake counts up from 2023.
    question.ts = (Date.now() / 1000).toFixed(6);

    expect((await sendEvent(world, mention(world, { ts: question.ts, channel: world.ws.channel }))).status).toBe(200);
    await eventually(() => expect(repliesIn(world, world.ws.channel, question.ts)).toEqual(['Tokyo is the capital of Japan.']));

    const text = await eventually(async () => {
      const body = await (await scrape(`Bearer ${TOKEN}`)).text();
      expect(sample(body, 'tomo_answer_complete_seconds_count')).toBe(1);
      return body;
    });
    expect(sample(text, 'tomo_answer_first_text_seconds_count')).toBe(1);
    // The whole answer took a few seconds at most, measured from the message's Slack timestamp.
    expect(sample(text, 'tomo_answer_complete_seconds_bucket', { le: '34' })).toBe(1);
    expect(sample(text, 'tomo_answer_first_text_seconds_sum')).toBeLessThanOrEqual(sample(text, 'tomo_answer_complete_seconds_sum')!);
    expect(sample(text, 'tomo_answer_streams_active')).toBe(0);
    expect(sample(text, 'tomo_llm_errors_total', { provider: 'openai', code: 'rate_limited', status: '429' })).toBe(1);
    expect(sample(text, 'tomo_llm_errors_total', { provider: 'anthropic' })).toBeUndefined();
    expect(sample(text, 'tomo_slack_rate_limited_total', { method: 'assistant.threads.setStatus' })).toBe(1);
    // Labels name queues, providers and methods, never people or words.
    expect(text).not.toContain(world.ws.alice);
    expect(text).not.toContain('Tokyo');
  });
});

describe('queue backlog metrics', () => {
  let queue: PgBossJobQueue;

  beforeAll(async () => {
    const db = await testDatabase();
    queue = await PgBossJobQueue.start(db.url, { logger: testLogger, queues: ALL_QUEUES, supervise: false });
  });
  afterAll(() => queue?.stop(1000));

  it('reports ready, deferred and active jobs per queue and the age of the oldest ready one; idle queues report 0', async () => {
    const metrics = new TomoMetrics({
      process: 'worker',
      queueStats: pgBossQueueStats(queue.boss),
      queueNames: ALL_QUEUES.map((q) => q.name),
    });
    await queue.send(QUEUES.ping.name, { n: 1 });
    await queue.send(QUEUES.ping.name, { n: 2 });
    await queue.send(QUEUES.ping.name, { n: 3 }, { startAfterSeconds: 3600 });
    await queue.send(QUEUES.housekeeping.name, {});
    const [active] = await queue.boss.fetch(QUEUES.housekeeping.name);
    expect(active).toBeDefined();

    const text = await metrics.render();
    expect(sample(text, 'tomo_queue_jobs', { queue: 'ping', state: 'ready' })).toBe(2);
    expect(sample(text, 'tomo_queue_jobs', { queue: 'ping', state: 'deferred' })).toBe(1);
    expect(sample(text, 'tomo_queue_jobs', { queue: 'housekeeping', state: 'active' })).toBe(1);
    expect(sample(text, 'tomo_queue_jobs', { queue: 'housekeeping', state: 'ready' })).toBe(0);
    expect(sample(text, 'tomo_queue_jobs', { queue: 'slack-answer', state: 'ready' })).toBe(0);
    expect(sample(text, 'tomo_queue_oldest_ready_seconds', { queue: 'ping' })).toBeGreaterThan(0);
    expect(sample(text, 'tomo_queue_oldest_ready_seconds', { queue: 'slack-answer' })).toBe(0);
    expect(text).not.toContain('__pgboss__');
  });
});
