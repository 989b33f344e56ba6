import { setTimeout as wait } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpSession } from './support/http-session';
import { ADMIN_A, BOT_A, startSettingsWorld, TEAM_A, type SettingsWorld } from './support/slack-world';

/**
 * The Auto replies page of a workspace with 5,000 people and 300 bots, through the real server
 * and the Slack emulator rate-limiting as Slack does (`users.conversations` is Tier 3: 50 a
 * minute, then 429 with Retry-After). At Slack's own pace reading every bot's channels takes
 * six minutes, longer than a request may take: the API answers at once with what is known and
 * the page asks again. To see the end within seconds, the test then runs the emulator's clock
 * 60 times faster than the server's: Slack's minute refills in about a real second, and the
 * server still gets every 429 and waits out every Retry-After.
 */
const PEOPLE = 5_000;
const BOTS = 300;
const SPEED = 60;
/**
 * What "at once" means here: the answer never waits on Slack's pace (six minutes for 300 bots).
 * The first one gives the reads it starts a second (a small workspace's all end in it), later ones
 * take tens of milliseconds; the rest is room for a CI machine busy with other test files.
 */
const AT_ONCE_MS = 10_000;

let world: SettingsWorld;
let ana: HttpSession;
const botId = (i: number) => `U8${String(i).padStart(6, '0')}`;
const pad = (n: number) => String(n).padStart(5, '0');
/** Slack's clock running SPEED times faster than the server's, from now on. */
const paceSpedUp = () => {
  const start = Date.now();
  world.slack.paceLikeSlack({ now: () => start + (Date.now() - start) * SPEED });
};

beforeAll(async () => {
  world = await startSettingsWorld();
  const { slack } = world;
  paceSpedUp();
  for (let i = 0; i < PEOPLE; i += 1) slack.addUser({ id: `U9${String(i).padStart(6, '0')}`, teamId: TEAM_A, name: `person${i}` });
  for (let i = 0; i < BOTS; i += 1) {
    slack.addUser({ id: botId(i), teamId: TEAM_A, name: `bot${i}`, isBot: true });
    // Its own alerts channel, which Tomo has not joined yet (an /invite is missing).
    slack.addChannel({ id: `C8A${pad(i)}`, teamId: TEAM_A, name: `alerts-${i}`, members: [botId(i)], botIsMember: false });
    // Every tenth bot also posts in a private channel with Tomo, and in one Tomo is not in.
    if (i % 10 === 0) {
      slack.addChannel({ id: `C8P${pad(i)}`, teamId: TEAM_A, name: `ops-${i}`, isPrivate: true, members: [botId(i)] });
      slack.addChannel({ id: `C8S${pad(i)}`, teamId: TEAM_A, name: `secret-${i}`, isPrivate: true, members: [botId(i)], botIsMember: false });
    }
  }
  // Ten bots share each team channel, where Tomo is.
  for (let t = 0; t < BOTS / 10; t += 1) {
    const members = Array.from({ length: 10 }, (_, k) => botId(t * 10 + k));
    slack.addChannel({ id: `C8T${pad(t)}`, teamId: TEAM_A, name: `team-${String(t).padStart(2, '0')}`, members });
  }
  ana = new HttpSession(world.app.baseUrl);
  await ana.signIn(slack, { teamId: TEAM_A, userId: ADMIN_A });
  // The signed-in frame loads /api/me first: the member list is read (and kept a minute) before the page asks.
  expect((await ana.get('/api/me')).status).toBe(200);
});
afterAll(() => world?.close());

interface Channel {
  id: string;
  name: string;
  tomoIsMember: boolean;
}
interface Row {
  botUserId: string;
  instruction: string;
  enabled: boolean;
  channels: Channel[] | null;
  channelsLoading: boolean;
  channelsFailed: boolean;
}
interface Answer {
  rows: Row[];
  channelsLoading: boolean;
  channelsRead: number;
  channelsTotal: number;
}

/** The page's data, and how long the API took to answer. */
async function load(): Promise<{ answer: Answer; ms: number }> {
  const started = Date.now();
  const response = await ana.get('/api/settings/auto-replies');
  expect(response.status).toBe(200);
  const answer = (await response.json()) as Answer;
  return { answer, ms: Date.now() - started };
}

/** Bot i's channels: the one Tomo is missing from first, then by name; the private one Tomo shares, never the one it is not in. */
function channelsOfBot(i: number): Channel[] {
  return [
    { id: `C8A${pad(i)}`, name: `alerts-${i}`, tomoIsMember: false },
    { id: 'C0GENERAL', name: 'general', tomoIsMember: true },
    ...(i % 10 === 0 ? [{ id: `C8P${pad(i)}`, name: `ops-${i}`, tomoIsMember: true }] : []),
    { id: 'C0RANDOM1', name: 'random', tomoIsMember: true },
    { id: `C8T${pad(Math.floor(i / 10))}`, name: `team-${String(Math.floor(i / 10)).padStart(2, '0')}`, tomoIsMember: true },
  ];
}

/** Every row of the answer shows either its bot's channels (all of them, right) or that they are still loading. */
function expectRowsRightOrLoading(answer: Answer): void {
  for (let i = 0; i < BOTS; i += 1) {
    const row = answer.rows.find((r) => r.botUserId === botId(i));
    if (row?.channels === null) expect(row, botId(i)).toMatchObject({ channelsLoading: true, channelsFailed: false });
    else expect(row?.channels, botId(i)).toEqual(channelsOfBot(i));
  }
}

describe('The Auto replies page of a workspace with 300 bots', () => {
  it("answers at once, before Slack has listed the bots' channels, and fills them in as the page asks again", async () => {
    // The page's own reads (not /api/me's read of Ana's channels before it).
    const earlier = world.slack.callsTo('users.conversations').length;
    const calls = () => world.slack.callsTo('users.conversations').slice(earlier);
    // Slack's own pace: 50 bots' channels a minute.
    world.slack.paceLikeSlack();

    // Cold: nothing read yet. Every bot is listed at once, the first few with their channels (read
    // in the second the answer gives them), the others still loading.
    const first = await load();
    expect(first.ms).toBeLessThan(AT_ONCE_MS);
    expect(first.answer.rows).toHaveLength(BOTS + 1);
    expect(first.answer).toMatchObject({ channelsLoading: true, channelsTotal: BOTS + 1 });
    expect(first.answer.channelsRead).toBeLessThan(BOTS / 2);
    expectRowsRightOrLoading(first.answer);

    // Three seconds at Slack's pace: the minute's allowance is spent on the first fifty or so, the
    // rest wait for Slack. The page's next ask shows those, still at once.
    await wait(3_000);
    const soon = await load();
    expect(soon.ms).toBeLessThan(AT_ONCE_MS);
    expect(soon.answer.channelsLoading).toBe(true);
    expect(soon.answer.channelsRead).toBeGreaterThan(10);
    expect(soon.answer.channelsRead).toBeLessThan(BOTS / 2);
    expectRowsRightOrLoading(soon.answer);

    // Saving a bot whose channels are not read yet stores its setting and leaves its channels
    // loading (never "in no channel"); what was already read stays shown.
    // The last in Slack's queue: at its pace minutes away.
    const waiting = soon.answer.rows.findLast((r) => r.channels === null && r.botUserId !== BOT_A)!;
    const saved = await ana.send('PUT', `/api/settings/auto-replies/${waiting.botUserId}`, { instruction: 'Summarise each alert.', enabled: true });
    expect(saved.status).toBe(200);
    const afterSave = await load();
    expect(afterSave.answer.rows.find((r) => r.botUserId === waiting.botUserId)).toMatchObject({
      instruction: 'Summarise each alert.',
      enabled: true,
      channels: null,
      channelsLoading: true,
    });
    expect(afterSave.answer.channelsRead).toBeGreaterThanOrEqual(soon.answer.channelsRead);

    // Slack sped up: the page asks every half second until nothing is loading. Each answer comes
    // at once and shows at least what the one before it did.
    paceSpedUp();
    let last = afterSave.answer;
    const deadline = Date.now() + 60_000;
    while (last.channelsLoading) {
      expect(Date.now(), `still loading: ${last.channelsRead} of ${last.channelsTotal}`).toBeLessThan(deadline);
      await wait(500);
      const next = await load();
      expect(next.ms).toBeLessThan(AT_ONCE_MS);
      expect(next.answer.channelsRead).toBeGreaterThanOrEqual(last.channelsRead);
      expectRowsRightOrLoading(next.answer);
      last = next.answer;
    }
    expect(last.channelsRead).toBe(BOTS + 1);
    for (let i = 0; i < BOTS; i += 1) expect(last.rows.find((r) => r.botUserId === botId(i))?.channels, botId(i)).toEqual(channelsOfBot(i));
    expect(last.rows.find((r) => r.botUserId === waiting.botUserId)).toMatchObject({ instruction: 'Summarise each alert.', enabled: true });

    // One read per bot (the 300 and the relay bot) plus Tomo's own, however often the page asked:
    // Slack refused some past its minute's allowance and each refusal was waited out.
    const read = calls().filter((c) => c.outcome === 'ok');
    expect(read).toHaveLength(BOTS + 2);
    expect(new Set(read.map((c) => c.params.user)).size).toBe(BOTS + 2);
    expect(calls().some((c) => c.outcome === 'ratelimited')).toBe(true);

    // Asked again: all from the cache, no call to Slack.
    const before = calls().length;
    const again = await load();
    expect(again.answer).toMatchObject({ channelsLoading: false, channelsRead: BOTS + 1 });
    expect(calls().length).toBe(before);
  }, 90_000);
});
