import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgAutoReplySettingsRepository } from '../../../adapters/postgres/pg-auto-reply-settings-repository';
import { PgUsageEventRepository } from '../../../adapters/postgres/pg-usage-event-repository';
import { HttpSession } from './support/http-session';
import { ADMIN_A, startSettingsWorld, TEAM_A, type SettingsWorld } from './support/slack-world';

/**
 * A member or channel without a name shows "<id>: (No Name)" and a bot gone from the workspace
 * 'Unknown Bot' (spec 3): on /ja/settings in the catalogue's Japanese ('<id>: (名前なし)',
 * '不明なボット'), like every other catalogue text of the page, and in English on /settings.
 */
const NAMELESS_MEMBER = 'U0NONAME1';
const NAMELESS_CHANNEL = 'C0NONAME1';
const GONE_BOT = 'U0BOTGONE';
const STRANGER = 'U0STRANGE';

let world: SettingsWorld;
let en: HttpSession;
let ja: HttpSession;

beforeAll(async () => {
  world = await startSettingsWorld();
  // Slack gives every user a `name`; the spec's fallback still ends in the id when all are empty.
  // An admin, so the settings they save are shown as saved by '<id>: (No Name)'.
  world.slack.addUser({ id: NAMELESS_MEMBER, teamId: TEAM_A, name: '', realName: '', isAdmin: true });
  world.slack.addChannel({ id: NAMELESS_CHANNEL, teamId: TEAM_A });
  en = new HttpSession(world.app.baseUrl, 'en');
  ja = new HttpSession(world.app.baseUrl, 'ja');
  await en.signIn(world.slack, { teamId: TEAM_A, userId: ADMIN_A });
  await ja.signIn(world.slack, { teamId: TEAM_A, userId: ADMIN_A });
  // An auto reply saved for a bot since removed from the workspace, and usage by someone Slack no longer lists.
  await new PgAutoReplySettingsRepository(world.app.database.orm).append(TEAM_A, {
    teamId: TEAM_A,
    botUserId: GONE_BOT,
    botName: 'Old Bot',
    instruction: 'Summarise alerts',
    enabled: true,
    updatedBy: ADMIN_A,
    updatedAt: new Date(),
  });
  await new PgUsageEventRepository(world.app.database.orm).record(TEAM_A, {
    id: 'ue-stranger',
    teamId: TEAM_A,
    memberId: STRANGER,
    subscriptionId: null,
    kind: 'direct_message',
    occurredAt: new Date(),
  });
});
afterAll(() => world?.close());

const json = async (session: HttpSession, path: string) => {
  const response = await session.get(path);
  expect(response.status, path).toBe(200);
  return response.json();
};

describe('names Slack does not give, in the page language', () => {
  it("Auto replies: 'Unknown Bot' / '不明なボット'", async () => {
    const row = (page: { rows: { botUserId: string; botName: string }[] }) => page.rows.find((r) => r.botUserId === GONE_BOT);
    expect(row(await json(en, '/api/settings/auto-replies'))).toMatchObject({ botName: 'Unknown Bot' });
    expect(row(await json(ja, '/api/settings/auto-replies'))).toMatchObject({ botName: '不明なボット' });
  });

  it("Schedules, Instructions and the user context: a channel without a name is '<id>: (No Name)' / '<id>: (名前なし)'", async () => {
    const schedule = (page: { rows: { channelId: string; channelName: string }[] }) => page.rows.find((r) => r.channelId === NAMELESS_CHANNEL)?.channelName;
    expect(schedule(await json(en, '/api/settings/schedules'))).toBe('C0NONAME1: (No Name)');
    expect(schedule(await json(ja, '/api/settings/schedules'))).toBe('C0NONAME1: (名前なし)');
    const option = (page: { channelOptions: { id: string; name: string }[] }) => page.channelOptions.find((c) => c.id === NAMELESS_CHANNEL)?.name;
    expect(option(await json(ja, '/api/settings/instructions'))).toBe('C0NONAME1: (名前なし)');
    const me = await json(ja, '/api/me');
    expect(me.channels.find((c: { id: string }) => c.id === NAMELESS_CHANNEL)?.name).toBe('C0NONAME1: (名前なし)');
    expect(me.members.find((m: { id: string }) => m.id === NAMELESS_MEMBER)?.display_name).toBe('U0NONAME1: (名前なし)');
  });

  it("Members: a member without any name is '<id>: (No Name)' / '<id>: (名前なし)', and found by those words", async () => {
    const name = (page: { rows: { memberId: string; memberName: string }[] }) => page.rows.find((r) => r.memberId === NAMELESS_MEMBER)?.memberName;
    expect(name(await json(en, '/api/settings/members'))).toBe('U0NONAME1: (No Name)');
    expect(name(await json(ja, '/api/settings/members'))).toBe('U0NONAME1: (名前なし)');
    const found = await json(ja, `/api/settings/members?q=${encodeURIComponent('名前なし')}`);
    expect(found.rows.map((r: { memberId: string }) => r.memberId)).toEqual([NAMELESS_MEMBER]);
  });

  it("Reactions, App and Plugins: what a member without any name saved is '<id>: (No Name)' / '<id>: (名前なし)'", async () => {
    const nameless = new HttpSession(world.app.baseUrl, 'ja');
    await nameless.signIn(world.slack, { teamId: TEAM_A, userId: NAMELESS_MEMBER });
    const saved = await nameless.send('POST', '/api/settings/reactions', { name: 'haiku', prompt: 'Answer as a haiku' });
    expect(saved.status).toBe(201);
    expect((await saved.json()).updatedByName).toBe('U0NONAME1: (名前なし)');
    const reaction = (page: { custom: { name: string; updatedByName: string }[] }) => page.custom.find((r) => r.name === 'haiku')?.updatedByName;
    expect(reaction(await json(en, '/api/settings/reactions'))).toBe('U0NONAME1: (No Name)');
    expect(reaction(await json(ja, '/api/settings/reactions'))).toBe('U0NONAME1: (名前なし)');

    const renamed = await nameless.send('PUT', '/api/settings/app', { appName: 'Haiku' });
    expect(renamed.status).toBe(200);
    expect((await renamed.json()).updatedByName).toBe('U0NONAME1: (名前なし)');
    expect((await json(en, '/api/settings/app')).updatedByName).toBe('U0NONAME1: (No Name)');
    expect((await json(ja, '/api/settings/app')).updatedByName).toBe('U0NONAME1: (名前なし)');

    const plugins = await nameless.send('PUT', '/api/settings/plugins/calculator', { enabled: false });
    expect(plugins.status).toBe(200);
    const plugin = (page: { plugins: { pluginId: string; updatedByName: string | null }[] }) => page.plugins.find((p) => p.pluginId === 'calculator')?.updatedByName;
    expect(plugin(await plugins.json())).toBe('U0NONAME1: (名前なし)');
    expect(plugin(await json(en, '/api/settings/plugins'))).toBe('U0NONAME1: (No Name)');
    expect(plugin(await json(ja, '/api/settings/plugins'))).toBe('U0NONAME1: (名前なし)');
  });

  it("Usage: someone Slack does not list is '<id>: (No Name)' / '<id>: (名前なし)'", async () => {
    const user = (page: { ranking: { memberId: string; userName: string }[] }) => page.ranking.find((r) => r.memberId === STRANGER)?.userName;
    expect(user(await json(en, '/api/settings/usage'))).toBe('U0STRANGE: (No Name)');
    expect(user(await json(ja, '/api/settings/usage'))).toBe('U0STRANGE: (名前なし)');
  });
});
