import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSlackRequest } from '../../../adapters/slack/verify-slack-signature';
import {
  eventually,
  installThroughBrowser,
  jobsOf,
  mention,
  postSigned,
  repliesIn,
  sendEvent,
  settled,
  SIGNING_SECRET,
  startSlackAppWorld,
  type SlackAppWorld,
} from './support/slack-app-world';

describe('POST /slack/events: signatures, url_verification, retries', () => {
  let world: SlackAppWorld;

  beforeAll(async () => {
    world = await startSlackAppWorld();
    await installThroughBrowser(world);
  });
  afterAll(() => world.close());

  const aQuestion = () => {
    const message = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: `<@${world.ws.team.botUserId}> hi` });
    return mention(world, { ts: message.ts, channel: world.ws.channel });
  };

  it('refuses missing, malformed, stale and wrong signatures with 401 and enqueues nothing', async () => {
    // Read the clock for each request: on a busy machine seconds pass between them.
    const nowSeconds = () => Math.floor(Date.now() / 1000);
    const now = nowSeconds();
    const event = aQuestion();
    const refused = [
      await sendEvent(world, event, { signature: null }),
      await sendEvent(world, event, { signature: 'v0=not-hex' }),
      await sendEvent(world, event, { timestamp: nowSeconds() - 301 }),
      // Ahead by more than five minutes, with room for the seconds the request may take to arrive.
      await sendEvent(world, event, { timestamp: nowSeconds() + 310 }),
      await sendEvent(world, event, { secret: 'someone-elses-secret' }),
    ];
    expect(refused.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    // A body changed after signing is refused too.
    const body = JSON.stringify({ type: 'event_callback', event_id: 'EvTampered', team_id: world.ws.team.id, event });
    const timestamp = String(now);
    const signature = signSlackRequest(SIGNING_SECRET, timestamp, body);
    const tampered = await fetch(`${world.app.baseUrl}/slack/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-slack-request-timestamp': timestamp, 'x-slack-signature': signature },
      body: body.replace('EvTampered', 'EvTamperex'),
    });
    expect(tampered.status).toBe(401);

    expect(await jobsOf(world)).toEqual([]);
    expect(world.slack.botReplies(world.ws.channel, event.ts)).toEqual([]);
  });

  it('answers url_verification with the challenge', async () => {
    const response = await postSigned(world, JSON.stringify({ token: 't', challenge: 'c-12345', type: 'url_verification' }));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('c-12345');
  });

  it('refuses a signed body that is not JSON, or no envelope, with 400 and X-Slack-No-Retry (it would fail the same 3 more times)', async () => {
    // Slack redelivers any non-2xx at once and after 1 and 5 minutes unless the answer says
    // `X-Slack-No-Retry: 1` (Events API, "Turning retries off").
    const { team } = world.ws;
    // A NUL in an id, which PostgreSQL cannot store in the job.
    const unstorable = JSON.stringify({ type: 'event_callback', team_id: team.id, event_id: 'Ev\u0000NUL', event: aQuestion(), authorizations: [{ team_id: team.id, user_id: team.botUserId, is_bot: true }] });
    for (const body of ['not json', 'null', '[1,2]', JSON.stringify({ type: 'event_callback', event: 'not an object' }), unstorable]) {
      const response = await postSigned(world, body);
      expect(response.status).toBe(400);
      expect(response.headers.get('x-slack-no-retry')).toBe('1');
    }
    // An event it takes is acknowledged as before, with nothing to say about retries.
    const taken = await postSigned(world, JSON.stringify({ token: 't', challenge: 'c-1', type: 'url_verification' }));
    expect(taken.status).toBe(200);
    expect(taken.headers.get('x-slack-no-retry')).toBeNull();
  });

  it('acknowledges a thread reply whose blocks are malformed or nested thousands deep with 200 (before, a 400 Slack counts as a failed delivery and retries)', async () => {
    const parent = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: 'Deploy thread' });
    const reply = () => world.slack.addMessage({ channel: world.ws.channel, user: world.ws.bob, text: '', threadTs: parent.ts });
    const envelope = (ts: string, blocksJson: string) => {
      const event = { type: 'message', channel_type: 'channel', user: world.ws.bob, text: '', blocks: '@BLOCKS@', ts, thread_ts: parent.ts, channel: world.ws.channel, event_ts: ts };
      const { team } = world.ws;
      return JSON.stringify({
        token: 't',
        team_id: team.id,
        api_app_id: team.appId,
        event,
        type: 'event_callback',
        event_id: `EvBlocks${ts.replace('.', '')}`,
        event_time: Math.floor(Date.now() / 1000),
        authorizations: [{ enterprise_id: null, team_id: team.id, user_id: team.botUserId, is_bot: true }],
      }).replace('"@BLOCKS@"', blocksJson);
    };
    // Written out as text: JSON.parse reads this depth, but reading it as blocks recursed past the stack.
    const depth = 4_000;
    const deep = `[{"type":"rich_text","elements":[${'{"type":"rich_text_quote","elements":['.repeat(depth)}${']}'.repeat(depth)}]}]`;
    for (const blocks of ['[null,{"type":"section","fields":"x"}]', deep]) {
      expect((await postSigned(world, envelope(reply().ts, blocks))).status).toBe(200);
    }
  });

  it('gives three retries of one event (X-Slack-Retry-Num 1–3) exactly one answer', async () => {
    world.openai.answer('Only once.');
    const event = aQuestion();
    const first = await sendEvent(world, event, { eventId: 'EvRetried1' });
    const retries = await Promise.all(
      [1, 2, 3].map((retryNum) => sendEvent(world, event, { eventId: 'EvRetried1', retryNum })),
    );
    expect([first, ...retries].map((r) => r.status)).toEqual([200, 200, 200, 200]);

    await eventually(() => expect(repliesIn(world, world.ws.channel, event.ts)).toEqual(['Only once.']));
    const jobs = (await settled(world)).filter((job) => (job.data as { ts?: string }).ts === event.ts);
    expect(jobs).toHaveLength(1);
    expect(repliesIn(world, world.ws.channel, event.ts)).toEqual(['Only once.']);
    expect(world.openai.calls.filter((c) => JSON.stringify(c.body).includes('alice: @Tomo hi'))).toHaveLength(1);
  });

  it('answers once when the same message arrives as app_mention and as a channel message event', async () => {
    world.openai.answer('Once for both.');
    const parent = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: 'topic' });
    const inThread = world.slack.addMessage({
      channel: world.ws.channel,
      user: world.ws.alice,
      text: `<@${world.ws.team.botUserId}> in a thread`,
      threadTs: parent.ts,
    });
    await sendEvent(world, mention(world, { ts: inThread.ts, channel: world.ws.channel, threadTs: parent.ts }));
    await sendEvent(world, {
      type: 'message',
      channel_type: 'channel',
      user: world.ws.alice,
      text: `<@${world.ws.team.botUserId}> in a thread`,
      ts: inThread.ts,
      thread_ts: parent.ts,
      channel: world.ws.channel,
    });
    await eventually(() => expect(repliesIn(world, world.ws.channel, parent.ts)).toEqual(['Once for both.']));
    await settled(world);
    expect(repliesIn(world, world.ws.channel, parent.ts)).toEqual(['Once for both.']);
  });
});
