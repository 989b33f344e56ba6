import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TomoMetrics } from '../../../adapters/metrics/prometheus-metrics';
import { socketModeConnection } from '../../../adapters/slack/socket-mode-connection';
import { SLACK_QUEUES } from '../../../apps/shared/slack-jobs';
import { startFakeSocketMode, type FakeSocketMode } from '../../fakes/slack/socket-mode';
import { startTestApp } from '../../support/app';
import { capturingLogger } from '../../support/logger';
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

describe('Socket Mode turned off in the Slack app settings (disconnect reason link_disabled)', () => {
  const RECHECK_SECONDS = 8;
  let socket: FakeSocketMode;
  let world: SlackAppWorld;
  const log = capturingLogger('info');
  const metrics = new TomoMetrics({ process: 'server' });

  beforeAll(async () => {
    socket = await startFakeSocketMode({ appToken: APP_TOKEN });
    world = await startSlackAppWorld(
      { SLACK_APP_TOKEN: APP_TOKEN, SLACK_API_URL: socket.url, SOCKET_MODE_RECHECK_SECONDS: String(RECHECK_SECONDS) },
      { logger: log.logger, metrics },
    );
    socket.upstream = world.slack.origin;
    await installThroughBrowser(world);
  });
  afterAll(async () => {
    await world?.close();
    await socket?.close();
  });

  const readyz = async () => {
    const response = await fetch(`${world.app.baseUrl}/readyz`);
    return { status: response.status, body: (await response.json()) as Record<string, string> };
  };
  const offWarnings = () => log.output().split('\n').filter((line) => line.includes("Socket Mode is turned off in the Slack app's settings"));
  const gauge = async () => (await metrics.render()).split('\n').filter((line) => line.startsWith('tomo_slack_socket_mode{') && line.endsWith(' 1'));

  it('says so once, stays ready for HTTP, checks again slowly instead of reconnecting, and reconnects once Socket Mode is on again', async () => {
    expect(await readyz()).toEqual({ status: 200, body: { status: 'ready', socketMode: 'connected' } });

    await socket.turnOff();
    const opensAtOff = socket.opens.length;
    await eventually(async () => expect((await readyz()).body.socketMode).toBe('off'));
    // Still ready: the HTTP request URLs (where Slack delivers once Socket Mode is off) are served.
    expect((await readyz()).status).toBe(200);
    expect(await gauge()).toEqual([expect.stringMatching(/state="off"/)]);
    const [warning] = offWarnings();
    expect(JSON.parse(warning!)).toMatchObject({ level: 40, reason: 'link_disabled', recheckSeconds: RECHECK_SECONDS });
    expect(warning).toContain(`reconnects within ${RECHECK_SECONDS} seconds`);

    // The SDK alone would call apps.connections.open again after 5 s, and every few seconds after.
    await new Promise((resolve) => setTimeout(resolve, (RECHECK_SECONDS - 2) * 1000));
    expect(socket.opens.length).toBe(opensAtOff);
    // One look per interval: a URL, a socket told link_disabled at once, and nothing more said.
    await eventually(() => expect(socket.refusedWhileOff).toBe(1), 5_000);
    expect(socket.opens.length).toBe(opensAtOff + 1);
    expect((await readyz()).body.socketMode).toBe('off');
    expect(offWarnings()).toHaveLength(1);

    socket.turnOn();
    const connectionsBefore = socket.connections;
    await socket.waitForConnections(connectionsBefore + 1, (RECHECK_SECONDS + 5) * 1000);
    await eventually(async () => expect(await readyz()).toEqual({ status: 200, body: { status: 'ready', socketMode: 'connected' } }));
    expect(await gauge()).toEqual([expect.stringMatching(/state="connected"/)]);
    expect(log.output()).toContain('Socket Mode is on again');
    expect(socket.refusedWhileOff).toBe(1);

    // Events arrive over the socket again.
    world.openai.answer('Back on the socket.');
    const message = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: `<@${world.ws.team.botUserId}> back?` });
    const event = mention(world, { ts: message.ts, channel: world.ws.channel });
    await socket.send('events_api', {
      token: 'legacy-verification-token',
      team_id: world.ws.team.id,
      api_app_id: world.ws.team.appId,
      event,
      type: 'event_callback',
      event_id: 'EvSocketBack',
      event_time: Math.floor(Date.now() / 1000),
      authorizations: [{ enterprise_id: null, team_id: world.ws.team.id, user_id: world.ws.team.botUserId, is_bot: true }],
    });
    await eventually(() => expect(repliesIn(world, world.ws.channel, event.ts)).toEqual(['Back on the socket.']));
    // A drop after the recovery is reconnected by the SDK as before.
    socket.drop();
    await socket.waitForConnections(connectionsBefore + 2);
    expect(offWarnings()).toHaveLength(1);
    expect(log.output()).not.toContain(APP_TOKEN);
  }, 60_000);
});

describe('Socket Mode start-up failures', () => {
  it('starts while Socket Mode is turned off: the server serves HTTP and /readyz says Socket Mode is off', async () => {
    const socket = await startFakeSocketMode({ appToken: APP_TOKEN });
    await socket.turnOff();
    const app = await startTestApp({ SLACK_APP_TOKEN: APP_TOKEN, SLACK_API_URL: socket.url }, { worker: false });
    try {
      const response = await fetch(`${app.baseUrl}/readyz`);
      expect({ status: response.status, body: await response.json() }).toEqual({ status: 200, body: { status: 'ready', socketMode: 'off' } });
      expect(socket.opens.map((o) => o.outcome)).toEqual(['ok']);
      expect(socket.refusedWhileOff).toBe(1);
    } finally {
      await app.close();
      await socket.close();
    }
  });

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

describe('Socket Mode reconnects that fail', () => {
  let socket: FakeSocketMode;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => void unhandled.push(reason);
  const connect = () =>
    socketModeConnection(
      { appToken: APP_TOKEN, slackApiUrl: socket.url, logger: log.logger, clientPingTimeoutMs: 200 },
      { onEvent: () => Promise.resolve(), onInteraction: () => Promise.resolve(undefined) },
    );
  const log = capturingLogger('info');
  // The SDK reconnects with start() and never handles its failure: a rejection the process sees.
  const afterRejectionsSettle = () => new Promise((resolve) => setTimeout(resolve, 200));

  beforeAll(async () => {
    socket = await startFakeSocketMode({ appToken: APP_TOKEN });
    // First, before the suite's own listener (which turns it into an uncaught error).
    process.prependListener('unhandledRejection', onUnhandled);
  });
  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await socket?.close();
  });

  it('a reconnect Slack refuses (invalid_auth) is tried again until it connects, and the process never sees a rejection', async () => {
    const connection = connect();
    try {
      await connection.start();
      socket.refuseOpens(1);
      socket.drop();
      await socket.waitForConnections(2);
      expect(socket.opens.map((o) => o.outcome)).toEqual(['ok', 'invalid_auth', 'ok']);
      await eventually(() => expect(connection.state()).toBe('connected'));
      expect(log.output()).toContain('Socket Mode could not reconnect; trying again');
      await afterRejectionsSettle();
      expect(unhandled).toEqual([]);
    } finally {
      await connection.stop();
    }
  });

  it('stopping while a reconnect waits for hello leaves no rejection behind', async () => {
    const connection = connect();
    await connection.start();
    const opens = socket.opens.length;
    // The socket drops; the reconnect gets a URL and opens a socket whose hello has not come yet.
    socket.withholdHello(1);
    socket.drop();
    await eventually(() => expect({ opens: socket.opens.length, open: socket.openSockets() }).toEqual({ opens: opens + 1, open: 1 }));
    expect(connection.state()).toBe('reconnecting');

    await connection.stop();
    await afterRejectionsSettle();
    expect(unhandled).toEqual([]);
    expect(socket.openSockets()).toBe(0);
    expect(socket.opens).toHaveLength(opens + 1);
  });
});
