import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpSession } from './support/http-session';
import { ADMIN_A, startSettingsWorld, TEAM_A, type SettingsWorld } from './support/slack-world';

/**
 * The Auto replies page of a workspace with 5,000 people and 300 bots, through the real server
 * and the Slack emulator rate-limiting as Slack does (`users.conversations` is Tier 3: 50 a
 * minute, then 429 with Retry-After). The emulator's clock runs 60 times faster than the
 * server's, so Slack's minute refills in about a real second: the server still gets every 429
 * and waits out every Retry-After, and the test counts calls, not time.
 */
const PEOPLE = 5_000;
const BOTS = 300;
const SPEED = 60;

let world: SettingsWorld;
let ana: HttpSession;
const botId = (i: number) => `U8${String(i).padStart(6, '0')}`;

beforeAll(async () => {
  world = await startSettingsWorld();
  const { slack } = world;
  const start = Date.now();
  slack.paceLikeSlack({ now: () => start + (Date.now() - start) * SPEED });
  for (let i = 0; i < PEOPLE; i += 1) slack.addUser({ id: `U9${String(i).padStart(6, '0')}`, teamId: TEAM_A, name: `person${i}` });
  for (let i = 0; i < BOTS; i += 1) {
    slack.addUser({ id: botId(i), teamId: TEAM_A, name: `bot${i}`, isBot: true });
    // Its own alerts channel, which Tomo has not joined yet (an /invite is missing).
    slack.addChannel({ id: `C8A${String(i).padStart(5, '0')}`, teamId: TEAM_A, name: `alerts-${i}`, members: [botId(i)], botIsMember: false });
    // Every tenth bot also posts in a private channel with Tomo, and in one Tomo is not in.
    if (i % 10 === 0) {
      slack.addChannel({ id: `C8P${String(i).padStart(5, '0')}`, teamId: TEAM_A, name: `ops-${i}`, isPrivate: true, members: [botId(i)] });
      slack.addChannel({ id: `C8S${String(i).padStart(5, '0')}`, teamId: TEAM_A, name: `secret-${i}`, isPrivate: true, members: [botId(i)], botIsMember: false });
    }
  }
  // Ten bots share each team channel, where Tomo is.
  for (let t = 0; t < BOTS / 10; t += 1) {
    const members = Array.from({ length: 10 }, (_, k) => botId(t * 10 + k));
    slack.addChannel({ id: `C8T${String(t).padStart(5, '0')}`, teamId: TEAM_A, name: `team-${String(t).padStart(2, '0')}`, members });
  }
  ana = new HttpSession(world.app.baseUrl);
  await ana.signIn(slack, { teamId: TEAM_A, userId: ADMIN_A });
});
afterAll(() => world?.close());

interface Row {
  botUserId: string;
  channels: { id: string; name: string; tomoIsMember: boolean }[] | null;
}

describe('The Auto replies page of a workspace with 300 bots', () => {
  it("lists every bot's channels, reading them at Slack's pace instead of all at once", async () => {
    const calls = () => world.slack.callsTo('users.conversations');
    const response = await ana.get('/api/settings/auto-replies');
    expect(response.status).toBe(200);
    const rows = ((await response.json()) as { rows: Row[] }).rows;
    for (let i = 0; i < BOTS; i += 1) {
      const row = rows.find((r) => r.botUserId === botId(i));
      // The channel Tomo is missing from first, then by name (#general and #random have everyone);
      // the private one Tomo shares, never the private one Tomo is not in.
      expect(row?.channels, botId(i)).toEqual([
        { id: `C8A${String(i).padStart(5, '0')}`, name: `alerts-${i}`, tomoIsMember: false },
        { id: 'C0GENERAL', name: 'general', tomoIsMember: true },
        ...(i % 10 === 0 ? [{ id: `C8P${String(i).padStart(5, '0')}`, name: `ops-${i}`, tomoIsMember: true }] : []),
        { id: 'C0RANDOM1', name: 'random', tomoIsMember: true },
        { id: `C8T${String(Math.floor(i / 10)).padStart(5, '0')}`, name: `team-${String(Math.floor(i / 10)).padStart(2, '0')}`, tomoIsMember: true },
      ]);
    }
    // One read per bot (the 300 and the relay bot) plus Tomo's own, one page each: Slack refused
    // some past its minute's allowance and each refusal was waited out, only a few in flight at a time.
    expect(calls().filter((c) => c.outcome === 'ok')).toHaveLength(BOTS + 2);
    const refused = calls().filter((c) => c.outcome === 'ratelimited').length;
    expect(refused).toBeGreaterThan(0);
    expect(refused).toBeLessThan(BOTS / 5);

    // Read again within the minute: from the cache, no call to Slack.
    const before = calls().length;
    const again = ((await (await ana.get('/api/settings/auto-replies')).json()) as { rows: Row[] }).rows;
    expect(again.filter((r) => r.botUserId.startsWith('U8')).every((r) => r.channels !== null && r.channels.length >= 4)).toBe(true);
    expect(calls().length).toBe(before);
  });
});
