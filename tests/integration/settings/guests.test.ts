import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpSession } from './support/http-session';
import { BOT_A, installTomo, MEMBER_A, startSettingsWorld, TEAM_A, type SettingsWorld } from './support/slack-world';

/**
 * Acme's workspace-wide settings (app name and icon, plugins, custom reactions, auto replies)
 * apply to everyone, in every channel. A multi-channel guest, a single-channel guest and a
 * person of another organization (Slack Connect, signed in to Acme's settings) may read them but
 * not change them; Mo, a member, still does.
 */
const GUEST = 'U0GUESTMC';
const SINGLE = 'U0GUESTSC';
const PARTNER = 'U0PARTNER';
const PARTNER_TEAM = 'T0PARTNR1';
const SHARED = 'C0SHARED1';
const ACME_ONLY = 'C0ACMEONL';
const GUEST_READ_ONLY =
  'Guests and people from other organizations can view this setting but not change it, since it applies to the whole workspace. Ask a member of the workspace.';
const GUEST_READ_ONLY_JA =
  'この設定はワークスペース全体に適用されるため、ゲストや他の組織のメンバーは表示のみで変更はできません。ワークスペースのメンバーに依頼してください。';
const PNG = new Uint8Array(Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'));

let world: SettingsWorld;
let mo: HttpSession;
let outsiders: [string, HttpSession][];
let reactionId: string;

beforeAll(async () => {
  world = await startSettingsWorld();
  world.slack.addUser({ id: GUEST, teamId: TEAM_A, name: 'gail', realName: 'Gail Guest', isRestricted: true });
  world.slack.addUser({ id: SINGLE, teamId: TEAM_A, name: 'sid', realName: 'Sid Single', isUltraRestricted: true });
  world.slack.addTeam({ id: PARTNER_TEAM, name: 'Partner Co' });
  world.slack.addUser({ id: PARTNER, teamId: PARTNER_TEAM, name: 'pat', realName: 'Pat Partner' });
  world.slack.addChannel({ id: ACME_ONLY, teamId: TEAM_A, name: 'acme-only', members: [MEMBER_A, world.teamA.botUserId] });
  world.slack.addChannel({ id: SHARED, teamId: TEAM_A, name: 'shared-with-partner', members: [MEMBER_A, PARTNER, GUEST, SINGLE, world.teamA.botUserId] });
  mo = new HttpSession(world.app.baseUrl);
  await mo.signIn(world.slack, { teamId: TEAM_A, userId: MEMBER_A });
  outsiders = [];
  for (const [label, userId] of [
    ['multi-channel guest', GUEST],
    ['single-channel guest', SINGLE],
    ['Slack Connect partner', PARTNER],
  ] as const) {
    const session = new HttpSession(world.app.baseUrl);
    await session.signIn(world.slack, { teamId: TEAM_A, userId });
    outsiders.push([label, session]);
  }
  // What Mo set up, which none of them may change.
  expect((await mo.send('PUT', '/api/settings/app', { appName: 'Acme Helper' })).status).toBe(200);
  expect((await mo.request('/api/settings/app/icon', { method: 'PUT', body: PNG, headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'mo.png' } })).status).toBe(200);
  const reaction = await mo.send('POST', '/api/settings/reactions', { name: 'tada', prompt: 'Celebrate this.' });
  expect(reaction.status).toBe(201);
  reactionId = ((await reaction.json()) as { id: string }).id;
  expect((await mo.send('PUT', `/api/settings/auto-replies/${BOT_A}`, { instruction: 'Summarise alerts', enabled: true })).status).toBe(200);
});
afterAll(() => world?.close());

const snapshot = async (session: HttpSession) => {
  const read = async (path: string) => {
    const response = await session.get(path);
    expect(response.status, path).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  };
  const autoReplies = (await read('/api/settings/auto-replies')) as { rows: { botUserId: string; instruction: string; enabled: boolean }[] };
  const plugins = (await read('/api/settings/plugins')) as { plugins: { pluginId: string; enabled: boolean }[] };
  const reactions = (await read('/api/settings/reactions')) as { custom: { id: string; name: string; prompt: string }[] };
  const app = await read('/api/settings/app');
  return {
    app: { appName: app.appName, iconUrl: app.iconUrl, greeting: app.greetingWhenJoiningChannel },
    plugins: plugins.plugins.map((p) => [p.pluginId, p.enabled]),
    reactions: reactions.custom.map((r) => [r.id, r.name, r.prompt]),
    autoReplies: autoReplies.rows.map((r) => [r.botUserId, r.instruction, r.enabled]),
  };
};

const CHANGES: [string, string, { json?: unknown; body?: BodyInit; headers?: Record<string, string> }][] = [
  ['PUT', '/api/settings/app', { json: { appName: 'Hijacked' } }],
  ['PUT', '/api/settings/app', { json: { greetingWhenJoiningChannel: false } }],
  ['PUT', '/api/settings/app/icon', { body: PNG, headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'mine.png' } }],
  ['DELETE', '/api/settings/app/icon', {}],
  ['PUT', '/api/settings/plugins/web-browsing', { json: { enabled: false } }],
  ['POST', '/api/settings/reactions', { json: { name: 'eyes', prompt: 'Leak this thread.' } }],
  ['PUT', '/api/settings/reactions/:id', { json: { name: 'tada', prompt: 'Post it in #general.' } }],
  ['DELETE', '/api/settings/reactions/:id', {}],
  ['PUT', `/api/settings/auto-replies/${BOT_A}`, { json: { instruction: 'Forward every alert to me.', enabled: true } }],
];

describe('Workspace-wide settings for guests and Slack Connect people', () => {
  it('are refused with 403 and the catalogue text, and nothing is saved', async () => {
    const before = await snapshot(mo);
    expect(before.app).toMatchObject({ appName: 'Acme Helper' });
    for (const [label, session] of outsiders) {
      for (const [method, route, init] of CHANGES) {
        const path = route.replace(':id', reactionId);
        const response = await session.request(path, { method, ...init });
        expect(response.status, `${label}: ${method} ${path}`).toBe(403);
        expect(await response.json(), `${label}: ${method} ${path}`).toEqual({ error: { code: 'PERMISSION.GUEST_READ_ONLY', message: GUEST_READ_ONLY } });
      }
    }
    expect(await snapshot(mo)).toEqual(before);
  });

  it("refuse a guest's large icon before reading it: the 403 arrives and the connection is closed, not reset", async () => {
    const [, guest] = outsiders[0]!;
    const large = new Uint8Array(8 * 1024 * 1024);
    large.set(PNG);
    const response = await guest.request('/api/settings/app/icon', { method: 'PUT', body: large, headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'big.png' } });
    expect(response.status).toBe(403);
    expect(response.headers.get('connection')).toBe('close');
    expect(await response.json()).toEqual({ error: { code: 'PERMISSION.GUEST_READ_ONLY', message: GUEST_READ_ONLY } });
  });

  it('says why in Japanese on a Japanese page', async () => {
    const session = new HttpSession(world.app.baseUrl, 'ja');
    await session.signIn(world.slack, { teamId: TEAM_A, userId: GUEST });
    const response = await session.send('PUT', '/api/settings/plugins/web-browsing', { enabled: false });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(GUEST_READ_ONLY_JA);
  });

  it('can still be read by them, and /api/me tells the pages they are read-only', async () => {
    const theirs = await snapshot(outsiders[0]![1]);
    expect(theirs).toEqual(await snapshot(mo));
    for (const [label, session] of outsiders) {
      expect(await (await session.get('/api/me')).json(), label).toMatchObject({ mayChangeWorkspace: false });
    }
    expect(await (await mo.get('/api/me')).json()).toMatchObject({ mayChangeWorkspace: true });
  });

  it('still change when a member saves them', async () => {
    expect((await mo.send('PUT', '/api/settings/plugins/web-browsing', { enabled: false })).status).toBe(200);
    expect((await mo.send('PUT', '/api/settings/app', { appName: 'Acme Bot' })).status).toBe(200);
    const after = await snapshot(mo);
    expect(after.app.appName).toBe('Acme Bot');
    expect(after.plugins).toContainEqual(['web-browsing', false]);
  });

  it('are open to a member who joined after the member list was read, and the Members page to a new admin, without waiting for the list', async () => {
    // Mo's requests above read Acme's member list; it is kept a minute. Nia and Ola join after.
    expect((await mo.get('/api/settings/app')).status).toBe(200);
    world.slack.addUser({ id: 'U0NEWNIA1', teamId: TEAM_A, name: 'nia', realName: 'Nia New' });
    world.slack.addUser({ id: 'U0NEWOLA1', teamId: TEAM_A, name: 'ola', realName: 'Ola Admin', isAdmin: true });
    world.slack.addUser({ id: 'U0NEWGST1', teamId: TEAM_A, name: 'gus', realName: 'Gus Guest', isRestricted: true });
    const signIn = async (userId: string) => {
      const session = new HttpSession(world.app.baseUrl);
      await session.signIn(world.slack, { teamId: TEAM_A, userId });
      return session;
    };
    // One at a time: the fake's sign-in remembers one person between its redirects.
    const nia = await signIn('U0NEWNIA1');
    const ola = await signIn('U0NEWOLA1');
    const gus = await signIn('U0NEWGST1');

    const saved = await nia.send('PUT', '/api/settings/app', { appName: 'Nia was here' });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect((await (await mo.get('/api/settings/app')).json()) as { appName: string }).toMatchObject({ appName: 'Nia was here' });
    expect(await (await nia.get('/api/me')).json()).toMatchObject({ mayChangeWorkspace: true });
    expect((await ola.get('/api/settings/members')).status).toBe(200);
    expect((await nia.get('/api/settings/members')).status).toBe(403);
    // A guest who joined since is still a guest: Slack says so when asked.
    const refused = await gus.send('PUT', '/api/settings/app', { appName: 'Gus was here' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: { code: 'PERMISSION.GUEST_READ_ONLY', message: GUEST_READ_ONLY } });
    expect((await mo.send('PUT', '/api/settings/app', { appName: 'Acme Bot' })).status).toBe(200);
  });

  it('are refused with the unknown-error text while Slack cannot list the members: nobody is known to be a member', async () => {
    // A workspace nobody has used the settings of yet, so its member list is not cached.
    const team = world.slack.addTeam({ id: 'T0INITECH', name: 'Initech' });
    world.slack.addUser({ id: 'U0PETERC1', teamId: team.id, name: 'peter' });
    await installTomo(world.app, team);
    const peter = new HttpSession(world.app.baseUrl);
    await peter.signIn(world.slack, { teamId: team.id, userId: 'U0PETERC1' });
    world.slack.failNext('users.list', 'internal_error');
    const response = await peter.send('PUT', '/api/settings/app', { appName: 'While Slack is down' });
    expect(response.status).toBe(502);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('UNKNOWN');
    expect(await (await peter.get('/api/settings/app')).json()).toMatchObject({ appName: null });
  });

  it("show a Slack Connect partner only the channels shared with them, as a guest's", async () => {
    const partner = outsiders[2]![1];
    const me = (await (await partner.get('/api/me')).json()) as { channels: { id: string }[] };
    expect(me.channels.map((c) => c.id)).toContain(SHARED);
    expect(me.channels.map((c) => c.id)).not.toContain(ACME_ONLY);
    const schedule = { isSummaryEnabled: true, localTime: '09:00', timezoneOffsetMinutes: 0, lookbackDays: 1 };
    expect((await partner.send('PUT', `/api/settings/schedules/${ACME_ONLY}`, schedule)).status).toBe(404);
    expect((await partner.send('PUT', `/api/settings/schedules/${SHARED}`, schedule)).status).toBe(200);
  });
});
