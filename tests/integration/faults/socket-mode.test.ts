import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSocketMode, type FakeSocketMode } from '../../fakes/slack/socket-mode';
import { eventually } from '../slack-app/support/slack-app-world';
import { askInChannel, startFaultWorld, type FaultWorld, type Question } from './support/fault-world';

/**
 * Socket Mode seen from the compiled server (`node dist/server.js`) and worker, with Slack's
 * own SDK on one side and a fake Slack Socket Mode server on the other: what Slack really
 * sends (payloads without an inner event, frames Tomo cannot read, the `warning` before a
 * connection is recycled) must neither stop the server nor leave it without a connection.
 */
const APP_TOKEN = 'xapp-1-A0TOMO-1234-faults';

describe('Socket Mode in the compiled server', () => {
  let socket: FakeSocketMode;
  let world: FaultWorld;

  beforeAll(async () => {
    socket = await startFakeSocketMode({ appToken: APP_TOKEN });
    world = await startFaultWorld({ teams: 1, socketMode: { fake: socket, appToken: APP_TOKEN } });
    await world.startWorker();
    world.openai.answer('Answered over the socket.');
  }, 120_000);
  afterAll(async () => {
    await world?.close();
    await socket?.close();
  });

  const ask = async (label: string): Promise<Question> => {
    const question = askInChannel(world, world.workspaces[0]!, label);
    const ack = await socket.send('events_api', JSON.parse(question.body) as Record<string, unknown>, { timeoutMs: 5_000 });
    expect(ack.payload ?? {}).toEqual({});
    return question;
  };
  const answered = (question: Question) =>
    eventually(
      () => expect(world.slack.botReplies(question.ws.channel, question.ts).map((m) => m.text)).toEqual(['Answered over the socket.']),
      30_000,
    );

  it('keeps serving after a payload without an inner event (app_rate_limited) and after frames it cannot read', async () => {
    await socket.waitForConnections(1);
    const [ws] = world.workspaces;
    // Slack's notice that it dropped this workspace's events: an Events API payload with no `event`.
    const notice = await socket.send(
      'events_api',
      { token: 'legacy-verification-token', type: 'app_rate_limited', team_id: ws!.team.id, minute_rate_limited: 1518467820, api_app_id: ws!.team.appId },
      { timeoutMs: 5_000 },
    );
    expect(notice.payload ?? {}).toEqual({});
    // Frames no Slack documents: not JSON, JSON that is no object, an envelope without its payload.
    for (const frame of ['a frame that is not JSON, about a secret plan', 'null', '42', '{"type":"events_api","envelope_id":"E-no-payload"}', '{"type":"interactive"}']) {
      socket.sendRaw(frame);
    }

    const question = await ask('still there after odd frames? secret plan');
    await answered(question);
    expect(world.server.child.exitCode).toBeNull();
    expect(socket.connections).toBe(1);
    await eventually(() => expect(world.server.output()).toContain('Slack dropped events'), 10_000);
    // Nothing anyone wrote reaches the log, and no stack trace does.
    expect(world.logs()).not.toContain('secret plan');
    expect(world.server.output()).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('opens the next connection when Slack warns of a refresh, before the old one closes', async () => {
    const before = socket.connections;
    // Slack keeps delivering on the warned connection for a while (about 10 s), then closes it.
    await socket.warnAndRecycle(3_000);
    expect(socket.connections).toBe(before + 1);
    expect(socket.liveSockets()).toBe(1);
    // So an event Slack sends right after the old connection closed has somewhere to go.
    const question = await ask('after the refresh');
    await answered(question);
    expect(socket.opens.map((open) => open.outcome).every((outcome) => outcome === 'ok')).toBe(true);
  }, 60_000);
});

describe('Socket Mode while PostgreSQL is away', () => {
  let socket: FakeSocketMode;
  let world: FaultWorld;

  beforeAll(async () => {
    socket = await startFakeSocketMode({ appToken: APP_TOKEN });
    world = await startFaultWorld({ teams: 1, ownPostgres: true, socketMode: { fake: socket, appToken: APP_TOKEN } });
    const worker = await world.startWorker();
    await eventually(() => expect(worker.app.output()).toContain('worker started'), 60_000);
    world.openai.answer('Answered once the database was back.');
  }, 120_000);
  afterAll(async () => {
    await world?.close();
    await socket?.close();
  });

  it('leaves an envelope it cannot store unacknowledged, so Slack delivers it again, and answers the redelivery once', async () => {
    await socket.waitForConnections(1);
    const question = askInChannel(world, world.workspaces[0]!, 'asked while the database is down');
    const envelope = JSON.parse(question.body) as Record<string, unknown>;
    await world.postgres!.stop();
    // Slack waits 3 s for the acknowledgement; none comes (HTTP would answer 5xx).
    await expect(socket.send('events_api', envelope, { timeoutMs: 4_000 })).rejects.toThrow(/no acknowledgement/);
    await world.postgres!.start();
    // Slack's retry (retry_attempt 1) is acknowledged once the job can be stored.
    await eventually(async () => expect((await socket.send('events_api', envelope, { retryAttempt: 1, timeoutMs: 4_000 })).payload ?? {}).toEqual({}), 60_000);
    await eventually(
      () => expect(world.slack.botReplies(question.ws.channel, question.ts).map((m) => m.text)).toEqual(['Answered once the database was back.']),
      60_000,
    );
    expect(world.server.child.exitCode).toBeNull();
    expect(world.logs()).not.toContain('asked while the database is down');
  }, 150_000);
});
