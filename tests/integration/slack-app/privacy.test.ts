import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturingLogger } from '../../support/logger';
import { eventually, installThroughBrowser, mention, sendEvent, settled, startSlackAppWorld, type SlackAppWorld } from './support/slack-app-world';

/**
 * The HIPAA statement: no question, message, prompt or answer text is stored or logged. A
 * distinctive string goes into every path below, with the apps logging at `trace`; afterwards
 * it is in no log line and in no row of any table (pg-boss's jobs, data and output, included).
 */
const SECRET = 'ZEBRA-7731-SECRET';

describe('Privacy: the secret in questions, threads, images and failures reaches no log and no row', () => {
  const captured = capturingLogger('trace');
  let world: SlackAppWorld;

  beforeAll(async () => {
    world = await startSlackAppWorld({ IMAGE_TIMEOUT_MS: '1500', ANSWER_RETRIES: '0' }, { logger: captured.logger });
    expect((await installThroughBrowser(world)).status).toBe(200);
  });
  afterAll(async () => world?.close());

  async function ask(text: string, options: { thread?: boolean } = {}) {
    const { ws } = world;
    const parent = options.thread ? world.slack.addMessage({ channel: ws.channel, user: ws.bob, text: `context ${SECRET} in the thread` }) : undefined;
    const question = world.slack.addMessage({ channel: ws.channel, user: ws.alice, text: `<@${ws.team.botUserId}> ${text}`, ...(parent ? { threadTs: parent.ts } : {}) });
    await sendEvent(world, { ...mention(world, { ts: question.ts, channel: ws.channel, ...(parent ? { threadTs: parent.ts } : {}) }), text: question.text });
    const thread = parent?.ts ?? question.ts;
    // Some paths say nothing in the thread (Slack refusing every post); the job ends either way.
    await eventually(() => expect(world.slack.botReplies(ws.channel, thread).filter((m) => m.streamState !== 'streaming').length).toBeGreaterThan(0), 5_000).catch(() => undefined);
    await settled(world);
  }

  it('answers, fails and draws with the secret everywhere', async () => {
    world.openai.answer(`The answer repeats ${SECRET}.`);
    await ask(`what is ${SECRET}?`, { thread: true });
    world.openai.failAlways(500);
    await ask(`and now ${SECRET} when the model fails`);
    world.openai.reset();
    world.openai.cutOffNext(10);
    await ask(`cut ${SECRET} off mid-stream`);
    world.openai.reset();
    world.slack.failNext('chat.postMessage', 'fatal_error', { times: 3 });
    world.openai.answer(`Posted ${SECRET}.`);
    await ask(`slack fails ${SECRET}`);
    world.openai.reset();
    await ask(`draw a zebra named ${SECRET}`);
    world.openai.nextImages({ kind: 'refuse' });
    await ask(`draw ${SECRET} again`);
    await settled(world);
    // The secret did travel where it must: to the model and the image provider.
    expect(JSON.stringify(world.openai.calls.map((call) => call.body))).toContain(SECRET);
    expect(JSON.stringify(world.openai.imageCalls)).toContain(SECRET);
  });

  it('wrote the secret to no log line', () => {
    expect(captured.output()).toContain('answer job done');
    expect(captured.output()).not.toContain(SECRET);
  });

  it('kept the secret in no table or job', async () => {
    const client = new pg.Client({ connectionString: world.app.db.url });
    await client.connect();
    try {
      const tables = await client.query<{ schema: string; name: string }>(
        `select table_schema as schema, table_name as name from information_schema.tables
         where table_schema in ('public', 'pgboss') and table_type = 'BASE TABLE'`,
      );
      for (const table of tables.rows) {
        const dump = JSON.stringify((await client.query(`select * from "${table.schema}"."${table.name}"`)).rows);
        expect(dump, `${table.schema}.${table.name}`).not.toContain(SECRET);
        expect(dump, `${table.schema}.${table.name}`).not.toContain('ZEBRA');
      }
    } finally {
      await client.end();
    }
  });
});
