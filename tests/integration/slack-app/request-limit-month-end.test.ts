import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
const NOVEMBER = new Date('2026-11-01T00:00:00.000Z');
const DECEMBER = new Date('2026-12-01T00:00:00.000Z');

/**
 * The monthly request limit at the month's end, through the real server and worker. The whole
 * process (server, worker, fakes, test) runs on a moved clock (only `Date`, which keeps running).
 */
describe('Slack app: the monthly request limit at the end of a month', () => {
  let world: SlackAppWorld;
  let dave: string;

  beforeAll(async () => {
    world = await startSlackAppWorld();
    expect((await installThroughBrowser(world)).status).toBe(200);
    dave = world.slack.addUser({ id: `UDAVE${world.ws.team.id.slice(1)}`, teamId: world.ws.team.id, name: 'dave', realName: 'Dave Doe', locale: 'en-US', tz: 'America/Los_Angeles' }).id;
    // The trial (14 days from the install) runs past the month's end.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await world.close();
  });

  const trialId = async () => (await repositoriesOf(world).subscriptions.listByTeam(world.ws.team.id)).find((s) => s.kind === 'trial')!.id;
  const countSince = async (member: string, since: Date) =>
    repositoriesOf(world).usageEvents.countForSeat(world.ws.team.id, await trialId(), member, since);
  /** Answered requests counted in November, or in December. */
  const used = async (member: string, month: Date): Promise<number> =>
    month === NOVEMBER ? (await countSince(member, NOVEMBER)) - (await countSince(member, DECEMBER)) : countSince(member, DECEMBER);
  const answeredBefore = async (member: string, count: number, at: Date) => {
    for (let i = 0; i < count; i += 1) {
      await repositoriesOf(world).usageEvents.record(world.ws.team.id, {
        id: randomUUID(),
        teamId: world.ws.team.id,
        memberId: member,
        subscriptionId: await trialId(),
        kind: 'channel_mention',
        occurredAt: at,
      });
    }
  };
  const ask = async (user: string) => {
    const { ws } = world;
    const question = world.slack.addMessage({ channel: ws.channel, user, text: `<@${ws.team.botUserId}> a question` });
    expect((await sendEvent(world, mention(world, { ts: question.ts, channel: ws.channel, user }))).status).toBe(200);
    const [reply] = await eventually(() => {
      const replies = repliesIn(world, ws.channel, question.ts);
      expect(replies).toHaveLength(1);
      return replies;
    }, 30_000);
    await settled(world);
    return reply!;
  };

  it('tells the reset as the moment it happens in the asker\'s own time zone and language', async () => {
    // 23:00 UTC on the 30th of November is already 08:00 on the 1st of December in Tokyo:
    // "resets on 2026-12-01" would be today there, and yet the request is refused.
    vi.setSystemTime(new Date('2026-11-30T23:00:00.000Z'));
    await answeredBefore(world.ws.bob, 20, new Date('2026-11-30T22:00:00.000Z'));
    await answeredBefore(dave, 20, new Date('2026-11-30T22:00:00.000Z'));
    world.openai.answer(ANSWER);

    expect(await ask(world.ws.bob)).toBe(
      '今月のプランのリクエスト上限（20回）に達しました。回数は2026/12/01 9:00（Asia/Tokyo）にリセットされます。' +
        // The pricing page in Japanese, as the message is.
        `さらに利用するには、ワークスペースの管理者が ${world.app.config.PUBLIC_URL}/ja/pricing でプランを変更できます。`,
    );
    // In Los Angeles the count resets in the afternoon of the 30th.
    expect(await ask(dave)).toBe(
      "You've used all 20 requests of your plan this month. The count resets on Nov 30, 2026, 4:00 PM (America/Los_Angeles). " +
        `For more, a workspace admin can change the plan at ${world.app.config.PUBLIC_URL}/pricing`,
    );
    expect(world.openai.calls).toHaveLength(0);
  });

  it('counts a request asked on the month\'s last second in that month, though answered after midnight', async () => {
    const { ws } = world;
    vi.setSystemTime(new Date('2026-11-30T23:59:59.300Z'));
    await answeredBefore(ws.alice, 19, new Date('2026-11-30T23:00:00.000Z'));
    world.openai.answer(ANSWER);
    world.openai.delayNext(2_000);

    expect(await ask(ws.alice)).toBe(ANSWER);
    expect(Date.now()).toBeGreaterThan(DECEMBER.getTime());
    expect(await used(ws.alice, NOVEMBER)).toBe(20);
    expect(await used(ws.alice, DECEMBER)).toBe(0);

    // December is whole: after 19 answers the 20th still comes.
    await answeredBefore(ws.alice, 19, new Date(Date.now()));
    expect(await ask(ws.alice)).toBe(ANSWER);
    expect(await used(ws.alice, DECEMBER)).toBe(20);
    // Bob, refused at 08:00 in Tokyo, is answered after 09:00.
    expect(await ask(ws.bob)).toBe(ANSWER);
  });
});
