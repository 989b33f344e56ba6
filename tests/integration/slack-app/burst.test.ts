import { afterEach, describe, expect, it } from 'vitest';
import { loadWorkerConfig } from '../../../apps/worker/config';
import { startWorker, type RunningWorker } from '../../../apps/worker/worker';
import { testLogger } from '../../support/logger';
import { eventually, installThroughBrowser, mention, repliesIn, sendEvent, startSlackAppWorld, type SlackAppWorld } from './support/slack-app-world';

/** Many questions at once are stored together (one insert per burst) and all answered promptly. */
describe('Slack app: bursts and backlogs', () => {
  let world: SlackAppWorld | undefined;
  let worker: RunningWorker | undefined;
  afterEach(async () => {
    await worker?.stop();
    await world?.close();
    worker = undefined;
  });

  // Three per channel: Tomo posts at most about one message per second per channel after a
  // burst of three (Slack's posting pace, ADR 34), which is the rate limiter's test, not this one's.
  const questions = (w: SlackAppWorld, count: number) =>
    Array.from({ length: count }, (_, i) => {
      const channel = i < 3 ? w.ws.channel : w.slack.addChannel({ id: `CBURST${Math.floor(i / 3)}`, teamId: w.ws.team.id, name: `burst-${Math.floor(i / 3)}` }).id;
      return w.slack.addMessage({ channel, user: w.ws.alice, text: `<@${w.ws.team.botUserId}> question ${i}` });
    });

  it('answers every one of 30 mentions that arrive together', async () => {
    world = await startSlackAppWorld();
    await installThroughBrowser(world);
    world.openai.answer('An answer.');
    const asked = questions(world, 30);
    const acks = await Promise.all(asked.map((q) => sendEvent(world!, mention(world!, { ts: q.ts, channel: q.channel }))));
    expect(acks.every((a) => a.status === 200)).toBe(true);

    await eventually(() => expect(asked.filter((q) => repliesIn(world!, q.channel, q.ts).length === 1)).toHaveLength(30));
  });

  it('answers questions acknowledged while no worker ran, as soon as one starts', async () => {
    world = await startSlackAppWorld({}, { worker: false });
    await installThroughBrowser(world);
    world.openai.answer('Late, but here.');
    const asked = questions(world, 8);
    for (const q of asked) await sendEvent(world, mention(world, { ts: q.ts, channel: q.channel }));
    expect(world.slack.botReplies(asked[0]!.channel, asked[0]!.ts)).toEqual([]);

    const env = Object.fromEntries(Object.entries(world.app.config).map(([key, value]) => [key, value === undefined ? undefined : String(value)]));
    worker = await startWorker({ config: loadWorkerConfig(env), logger: testLogger, database: world.app.database, queue: world.app.queue });

    await eventually(() => expect(asked.filter((q) => repliesIn(world!, q.channel, q.ts).length === 1)).toHaveLength(8));
  });
});
