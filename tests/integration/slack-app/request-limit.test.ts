import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageWindow } from '../../../core/usage/request-limit';
import {
  eventually,
  installThroughBrowser,
  mention,
  repliesIn,
  repositoriesOf,
  sendEvent,
  settled,
  startSlackAppWorld,
  type SlackAppWorld,
} from './support/slack-app-world';

const ANSWER = 'Here is what you asked.';

/**
 * The monthly request limit holds for requests asked at the same moment: a member at 18 of the
 * trial's 20 who sends five questions together gets two answers and three refusals, not five
 * answers (the limit was checked at the start and counted at the end, so all five passed).
 */
describe('Slack app: the monthly request limit under requests asked together', () => {
  let world: SlackAppWorld;

  beforeAll(async () => {
    world = await startSlackAppWorld();
    expect((await installThroughBrowser(world)).status).toBe(200);
  });
  afterAll(async () => world.close());

  const trialId = async () => (await repositoriesOf(world).subscriptions.listByTeam(world.ws.team.id)).find((s) => s.kind === 'trial')!.id;
  const usedThisMonth = async (member: string) =>
    repositoriesOf(world).usageEvents.countForSeat(world.ws.team.id, await trialId(), member, usageWindow(new Date()).start);

  it('answers only the requests left this month when five are sent at once', async () => {
    const { ws } = world;
    const usage = repositoriesOf(world).usageEvents;
    for (let i = 0; i < 18; i += 1) {
      await usage.record(ws.team.id, {
        id: randomUUID(),
        teamId: ws.team.id,
        memberId: ws.alice,
        subscriptionId: await trialId(),
        kind: 'channel_mention',
        occurredAt: new Date(),
      });
    }
    world.openai.answer(ANSWER);
    // Every answer takes a while, so all five are being answered at the same time.
    world.openai.delayNext(1_500, { times: 5 });

    const asked = Array.from({ length: 5 }, (_, i) =>
      world.slack.addMessage({ channel: ws.channel, user: ws.alice, text: `<@${ws.team.botUserId}> question ${i}` }),
    );
    const acks = await Promise.all(asked.map((q) => sendEvent(world, mention(world, { ts: q.ts, channel: ws.channel }))));
    expect(acks.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);

    await eventually(() => expect(asked.filter((q) => repliesIn(world, ws.channel, q.ts).length === 1)).toHaveLength(5), 30_000);
    await settled(world);
    const replies = asked.map((q) => repliesIn(world, ws.channel, q.ts)[0]!);
    expect(replies.filter((r) => r === ANSWER)).toHaveLength(2);
    const refusals = replies.filter((r) => r !== ANSWER);
    expect(refusals).toHaveLength(3);
    for (const refusal of refusals) expect(refusal).toMatch(/^You've used all 20 requests of your plan this month\./);
    expect(await usedThisMonth(ws.alice)).toBe(20);
    expect(world.openai.calls).toHaveLength(2);

    // Another member's requests are their own.
    const bob = world.slack.addMessage({ channel: ws.channel, user: ws.bob, text: `<@${ws.team.botUserId}> and mine?` });
    await sendEvent(world, mention(world, { ts: bob.ts, channel: ws.channel, user: ws.bob }));
    await eventually(() => expect(repliesIn(world, ws.channel, bob.ts)).toEqual([ANSWER]));
    await settled(world);
  });

  it('gives a held request back when the answer fails, so the next one is answered', async () => {
    const { ws } = world;
    const carol = ws.bob;
    const usage = repositoriesOf(world).usageEvents;
    for (let i = await usedThisMonth(carol); i < 19; i += 1) {
      await usage.record(ws.team.id, {
        id: randomUUID(),
        teamId: ws.team.id,
        memberId: carol,
        subscriptionId: await trialId(),
        kind: 'channel_mention',
        occurredAt: new Date(),
      });
    }
    // Both providers are down: the answer fails (Bob reads Japanese).
    world.openai.reset();
    world.openai.failAlways(500);
    world.anthropic.failAlways(500);
    const failed = world.slack.addMessage({ channel: ws.channel, user: carol, text: `<@${ws.team.botUserId}> first` });
    await sendEvent(world, mention(world, { ts: failed.ts, channel: ws.channel, user: carol }));
    await eventually(() => expect(repliesIn(world, ws.channel, failed.ts)).toHaveLength(1), 30_000);
    await settled(world);
    expect(repliesIn(world, ws.channel, failed.ts)[0]).toMatch(/^不明なエラーが発生しました。/);
    expect(await usedThisMonth(carol)).toBe(19);

    world.openai.reset();
    world.anthropic.reset();
    world.openai.answer(ANSWER);
    const next = world.slack.addMessage({ channel: ws.channel, user: carol, text: `<@${ws.team.botUserId}> again` });
    await sendEvent(world, mention(world, { ts: next.ts, channel: ws.channel, user: carol }));
    await eventually(() => expect(repliesIn(world, ws.channel, next.ts)).toEqual([ANSWER]));
    // The request is counted once the answer is finished, after its last words were posted.
    await settled(world);
    expect(await usedThisMonth(carol)).toBe(20);
  });
});
