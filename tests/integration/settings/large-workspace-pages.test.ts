import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpSession } from './support/http-session';
import { ADMIN_A, ADMIN_B, startSettingsWorld, TEAM_A, TEAM_B, type SettingsWorld } from './support/slack-world';

/**
 * The admin pages of a large workspace through the real server and the Slack emulator: Acme
 * grows to 5,000 people, 300 bots and 2,000 channels (many private); Globex has 1,000 people
 * and Slack fails one page of their listing.
 */
const PEOPLE = 5_000;
const BOTS = 300;
const CHANNELS = 2_000;
const UNKNOWN = 'An unknown error has occurred. Please try again later or contact us.';

let world: SettingsWorld;
let ana: HttpSession;
let bea: HttpSession;

beforeAll(async () => {
  world = await startSettingsWorld();
  const { slack } = world;
  for (let i = 0; i < PEOPLE; i += 1) {
    slack.addUser({ id: `U9${String(i).padStart(6, '0')}`, teamId: TEAM_A, name: `person${i}`, realName: `Person ${i}`, title: i % 2 === 0 ? 'Engineer' : 'Designer' });
  }
  for (let i = 0; i < BOTS; i += 1) slack.addUser({ id: `U8${String(i).padStart(6, '0')}`, teamId: TEAM_A, name: `bot${i}`, isBot: true });
  for (let i = 0; i < CHANNELS; i += 1) {
    // Two in five private; Ana is in every tenth of those.
    const isPrivate = i % 5 < 2;
    slack.addChannel({ id: `C9${String(i).padStart(6, '0')}`, teamId: TEAM_A, name: `channel-${i}`, isPrivate, ...(isPrivate ? { members: i % 10 === 0 ? [ADMIN_A, world.teamA.botUserId] : [world.teamA.botUserId] } : {}) });
  }
  for (let i = 0; i < 1_000; i += 1) slack.addUser({ id: `U7${String(i).padStart(6, '0')}`, teamId: TEAM_B, name: `globex${i}` });
  ana = new HttpSession(world.app.baseUrl);
  await ana.signIn(slack, { teamId: TEAM_A, userId: ADMIN_A });
  bea = new HttpSession(world.app.baseUrl);
  await bea.signIn(slack, { teamId: TEAM_B, userId: ADMIN_B });
});
afterAll(() => world?.close());

interface MemberRow {
  memberId: string;
  authority: string;
}

describe('The Members page of a workspace with 5,000 members', () => {
  it('lists every member once however many tabs ask at once, admins first and bots last', async () => {
    const before = world.slack.callsTo('users.list').length;
    const answers = await Promise.all(Array.from({ length: 8 }, () => ana.get('/api/settings/members')));
    const pages = (await Promise.all(answers.map((a) => a.json()))) as { rows: MemberRow[] }[];
    for (const page of pages) {
      // Ana, Mo, the relay bot and the 5,300 added; not Tomo itself.
      expect(page.rows).toHaveLength(3 + PEOPLE + BOTS);
    }
    const rows = pages[0]!.rows;
    expect(rows[0]).toMatchObject({ memberId: ADMIN_A });
    expect(rows.slice(-(BOTS + 1)).every((r) => r.memberId.startsWith('U8') || r.memberId === 'U0BOTRELY')).toBe(true);
    // One listing of 27 pages of 200, shared by the eight requests.
    expect(world.slack.callsTo('users.list').length - before).toBe(Math.ceil((3 + PEOPLE + BOTS + 1) / 200));
  });

  it("lists every channel Ana may see in the pickers, not the private ones she is not in", async () => {
    const listed = ((await (await ana.get('/api/slack/get-channels-list')).json()) as { channels: { id: string }[] }).channels;
    const publicCount = (CHANNELS * 3) / 5;
    const hers = CHANNELS / 10;
    // The two seeded public channels, the public ones added, and the private ones she is in.
    expect(listed).toHaveLength(2 + publicCount + hers);
    const me = (await (await ana.get('/api/me')).json()) as { channels: unknown[]; members: unknown[]; isAdmin: boolean };
    expect(me.channels).toHaveLength(2 + publicCount + hers);
    expect(me.members).toHaveLength(3 + PEOPLE + BOTS + 1);
    expect(me.isAdmin).toBe(true);
  });
});

describe('When Slack fails a page of the member listing', () => {
  it("the admin sees the unknown-error text on Members, Usage and a seat change, not the permission message or a partial list", async () => {
    // Pages 1 and 2 arrive, page 3 fails: nothing of the listing is shown as if complete.
    world.slack.failNext('users.list', 'internal_error', { after: 2 });
    const me = (await (await bea.get('/api/me')).json()) as { isAdmin: boolean; membersFailed?: boolean; members: unknown[] };
    expect(me).toMatchObject({ isAdmin: false, membersFailed: true, members: [] });
    world.slack.failNext('users.list', 'internal_error', { times: 3 });
    for (const [method, path] of [
      ['GET', '/api/settings/members'],
      ['GET', '/api/settings/usage'],
      ['PUT', '/api/settings/members/U7000001/seat'],
    ] as const) {
      const response = method === 'GET' ? await bea.get(path) : await bea.send(method, path, { subscriptionId: null });
      expect(response.status, path).toBe(502);
      expect(((await response.json()) as { error: { message: string } }).error.message, path).toBe(UNKNOWN);
    }
    // Once Slack answers again, the whole list is there.
    const page = (await (await bea.get('/api/settings/members')).json()) as { rows: MemberRow[] };
    expect(page.rows).toHaveLength(1 + 1_000);
  });
});
