import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLACK_QUEUES } from '../../../apps/shared/slack-jobs';
import { startFakeSocketMode, type FakeSocketMode } from '../../fakes/slack/socket-mode';
import { startTestApp } from '../../support/app';
import {
  eventually,
  installThroughBrowser,
  jobsOf,
  mention,
  repliesIn,
  sendEvent,
  settled,
  startSlackAppWorld,
  type SlackAppWorld,
} from './support/slack-app-world';

const APP_TOKEN = 'xapp-1-A0TOMO-1234-abcdef';

describe('Socket Mode (SLACK_APP_TOKEN): the same ingress as HTTP, over a WebSocket', () => {
  let socket: FakeSocketMode;
  let world: SlackAppWorld;

  beforeAll(async () => {
    socket = await startFakeSocketMode({ appToken: APP_TOKEN });
    world = await startSlackAppWorld({ SLACK_APP_TOKEN: APP_TOKEN, SLACK_API_URL: socket.url });
    // Every Web API call but apps.connections.open goes on to the fake Slack.
    socket.upstream = world.slack.origin;
    await installThroughBrowser(world);
  });
  afterAll(async () => {
    await world?.close();
    await socket?.close();
  });

  const envelopeFor = (event: Record<string, unknown>, eventId: string) => ({
    token: 'legacy-verification-token',
    team_id: world.ws.team.id,
    api_app_id: world.ws.team.appId,
    event,
    type: 'event_callback',
    event_id: eventId,
    event_time: Math.floor(Date.now() / 1000),
    authorizations: [{ enterprise_id: null, team_id: world.ws.team.id, user_id: world.ws.team.botUserId, is_bot: true }],
  });

  const aQuestion = () => {
    const message = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: `<@${world.ws.team.botUserId}> hi` });
    return mention(world, { ts: message.ts, channel: world.ws.channel });
  };

  it('opens the connection at start with the app token and completes the hello handshake', () => {
    expect(socket.opens[0]).toEqual({ token: APP_TOKEN, outcome: 'ok' });
    expect(socket.connections).toBe(1);
    expect(socket.openSockets()).toBe(1);
  });

  it('acknowledges a mention envelope and answers it in the thread; a redelivery adds no second answer', async () => {
    world.openai.answer('Hello over the socket.');
    const event = aQuestion();
    const ack = await socket.send('events_api', envelopeFor(event, 'EvSocket1'));
    expect(ack.payload ?? {}).toEqual({});
    expect(socket.acks.map((a) => a.envelope_id)).toContain(ack.envelope_id);

    await eventually(() => expect(repliesIn(world, world.ws.channel, event.ts)).toEqual(['Hello over the socket.']));
    // Slack redelivers an envelope it thinks was lost (retry_attempt 1), and the same event may
    // also come over HTTP: the event id dedupes both.
    await socket.send('events_api', envelopeFor(event, 'EvSocket1'), { retryAttempt: 1 });
    expect((await sendEvent(world, event, { eventId: 'EvSocket1' })).status).toBe(200);
    const jobs = (await settled(world)).filter((job) => (job.data as { ts?: string }).ts === event.ts);
    expect(jobs).toHaveLength(1);
    expect(repliesIn(world, world.ws.channel, event.ts)).toEqual(['Hello over the socket.']);
  });

  it('routes an interactive envelope to the same handler registry: Refresh on App Home publishes it again', async () => {
    const published = () => world.slack.callsTo('views.publish').filter((c) => c.params.user_id === world.ws.alice).length;
    const before = published();
    const ack = await socket.send('interactive', {
      type: 'block_actions',
      team: { id: world.ws.team.id, domain: 'acme' },
      user: { id: world.ws.alice, team_id: world.ws.team.id },
      api_app_id: world.ws.team.appId,
      trigger_id: `trig-socket-${Date.now()}`,
      container: { type: 'view', view_id: 'V1' },
      view: { id: 'V1', type: 'home' },
      actions: [{ action_id: 'home.refresh', block_id: 'b1', type: 'button', action_ts: `${Date.now() / 1000}` }],
    });
    expect(ack.payload ?? {}).toEqual({});
    await eventually(() => expect(published()).toBe(before + 1));
    // A slash command (Tomo has none) and a malformed interaction are acknowledged and run nothing.
    await socket.send('slash_commands', { command: '/nothing', team_id: world.ws.team.id, user_id: world.ws.alice });
    await socket.send('interactive', { type: 'block_actions' });
    await settled(world, SLACK_QUEUES.slackEvent.name);
    expect(published()).toBe(before + 1);
  });

  it('reconnects with a fresh URL when the socket drops, and when Slack asks it to', async () => {
    const opensBefore = socket.opens.length;
    socket.drop();
    await socket.waitForConnections(2);
    expect(socket.opens.length).toBe(opensBefore + 1);
    expect(socket.openSockets()).toBe(1);

    world.openai.answer('Still here after the drop.');
    const afterDrop = aQuestion();
    await socket.send('events_api', envelopeFor(afterDrop, 'EvSocket2'));
    await eventually(() => expect(repliesIn(world, world.ws.channel, afterDrop.ts)).toEqual(['Still here after the drop.']));

    socket.askToReconnect();
    await socket.waitForConnections(3);
    expect(socket.opens.slice(opensBefore).map((o) => o.outcome)).toEqual(['ok', 'ok']);
    world.openai.answer('And after the refresh.');
    const afterRefresh = aQuestion();
    await socket.send('events_api', envelopeFor(afterRefresh, 'EvSocket3'));
    await eventually(() => expect(repliesIn(world, world.ws.channel, afterRefresh.ts)).toEqual(['And after the refresh.']));
    expect((await jobsOf(world)).length).toBeGreaterThanOrEqual(3);
  }, 40_000);
});

describe('Socket Mode start-up failures', () => {
  it('stops start-up with one sentence when Slack refuses the app token', async () => {
    const socket = await startFakeSocketMode({ appToken: APP_TOKEN });
    try {
      await expect(startTestApp({ SLACK_APP_TOKEN: 'xapp-1-not-the-token', SLACK_API_URL: socket.url }, { worker: false })).rejects.toThrow(
        /^Socket Mode could not connect with SLACK_APP_TOKEN \(.*invalid_auth\)$/,
      );
      expect(socket.opens.map((o) => o.outcome)).toEqual(['invalid_auth']);
    } finally {
      await socket.close();
    }
  });

  it('refuses a token that is not an app-level token before connecting', async () => {
    await expect(startTestApp({ SLACK_APP_TOKEN: 'xoxb-a-bot-token' }, { worker: false })).rejects.toThrow(
      'Invalid configuration: SLACK_APP_TOKEN must be an app-level token starting with xapp- (Basic Information → App-Level Tokens) (got "***")',
    );
  });
});
