import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgInstructionRepository } from '../../../adapters/postgres/pg-instruction-repository';
import { translate } from '../../../apps/shared/messages';
import { HttpSession } from './support/http-session';
import { ADMIN_A, ADMIN_B, MEMBER_A, startSettingsWorld, TEAM_A, TEAM_B, type SettingsWorld } from './support/slack-world';

/**
 * Channel instructions whose channel Slack no longer lists for Tomo: #old-board was archived,
 * #exec-offsite is private and Tomo was taken out of it, C0DELETED was deleted. Nothing tells
 * whether they were private, so only an admin (Ana) is told of them, without their text, to
 * delete them; Mo, a member, sees nothing of them. #mo-private is private, listed, with Tomo
 * and Mo in it but not Ana: it is no "unlisted" channel, and stays hidden from her as before.
 */
const GONE = 'C0GONE';
const KICKED = 'C0KICKED';
const DELETED = 'C0DELETED';
const MO_PRIVATE = 'C0MOPRIV';
const OTHER_TEAMS = 'C0GONEB';
const secret = (id: string) => `Secret words of ${id}: the merger closes on Friday`;
let world: SettingsWorld;
let repository: PgInstructionRepository;
let ana: HttpSession;
let mo: HttpSession;

interface Row {
  targetId: string;
  targetName: string;
  name: string;
  text?: string;
  createdByName: string | null;
  createdAt: string | null;
  updatedByName: string | null;
  updatedAt: string | null;
}
interface Page {
  channels: Row[];
  unlistedChannels?: Row[];
}

const save = (teamId: string, targetId: string, by: string) => {
  const at = new Date('2026-11-02T09:30:00Z');
  return repository.save(teamId, { teamId, level: 'channel', targetId, name: `rules of ${targetId}`, text: secret(targetId), createdBy: by, createdAt: at, updatedBy: by, updatedAt: at });
};
const stored = (teamId: string, targetId: string) => repository.find(teamId, 'channel', targetId);
const page = async (session: HttpSession) => {
  const response = await session.get('/api/settings/instructions');
  expect(response.status).toBe(200);
  const text = await response.text();
  return { text, body: JSON.parse(text) as Page };
};

beforeAll(async () => {
  world = await startSettingsWorld();
  const { slack } = world;
  slack.addChannel({ id: GONE, teamId: TEAM_A, name: 'old-board', isArchived: true });
  slack.addChannel({ id: KICKED, teamId: TEAM_A, name: 'exec-offsite', isPrivate: true, members: [ADMIN_A], botIsMember: false });
  slack.addChannel({ id: MO_PRIVATE, teamId: TEAM_A, name: 'mo-private', isPrivate: true, members: [MEMBER_A, world.teamA.botUserId] });
  slack.addChannel({ id: OTHER_TEAMS, teamId: TEAM_B, name: 'globex-old', isArchived: true });
  repository = new PgInstructionRepository(world.app.database.orm);
  for (const id of [GONE, KICKED, DELETED, MO_PRIVATE]) await save(TEAM_A, id, MEMBER_A);
  await save(TEAM_B, OTHER_TEAMS, ADMIN_B);
  ana = new HttpSession(world.app.baseUrl);
  await ana.signIn(slack, { teamId: TEAM_A, userId: ADMIN_A });
  mo = new HttpSession(world.app.baseUrl);
  await mo.signIn(slack, { teamId: TEAM_A, userId: MEMBER_A });
  // #general is listed: its instruction is shown as ever, text and all.
  expect((await ana.send('PUT', '/api/settings/instructions/channel', { targetId: 'C0GENERAL', name: 'general', text: 'Be brief.' })).status).toBe(200);
});
afterAll(() => world?.close());

describe('Channel instructions of channels Slack no longer lists', () => {
  it('are listed for an admin as "<id>: (No Name)", with who wrote them when, and never their text', async () => {
    const { text, body } = await page(ana);
    const unlisted = body.unlistedChannels ?? [];
    expect(unlisted.map((r) => r.targetId).sort()).toEqual([DELETED, GONE, KICKED]);
    const gone = unlisted.find((r) => r.targetId === GONE)!;
    expect(gone).toMatchObject({
      targetName: 'C0GONE: (No Name)',
      name: 'rules of C0GONE',
      createdByName: 'Mo Member',
      createdAt: '2026-11-02T09:30:00.000Z',
      updatedByName: 'Mo Member',
      updatedAt: '2026-11-02T09:30:00.000Z',
    });
    expect(gone).not.toHaveProperty('text');
    for (const id of [GONE, KICKED, DELETED, MO_PRIVATE, OTHER_TEAMS]) expect(text).not.toContain(secret(id));
    // Not among the channels either, nor the private channel Tomo is in and Ana is not, nor another workspace's.
    expect(text).not.toContain(MO_PRIVATE);
    expect(text).not.toContain(OTHER_TEAMS);
    expect(body.channels.map((c) => [c.targetId, c.text])).toEqual([['C0GENERAL', 'Be brief.']]);
  });

  it('are named in the page language on /ja', async () => {
    const ja = new HttpSession(world.app.baseUrl, 'ja');
    await ja.signIn(world.slack, { teamId: TEAM_A, userId: ADMIN_A });
    const { body } = await page(ja);
    expect(body.unlistedChannels?.find((r) => r.targetId === GONE)?.targetName).toBe('C0GONE: (名前なし)');
  });

  it('are nothing to a member: not listed, and deleting one is refused with the permission message', async () => {
    const { text, body } = await page(mo);
    expect(body).not.toHaveProperty('unlistedChannels');
    expect(text).not.toContain(GONE);
    for (const locale of ['en', 'ja'] as const) {
      const session = locale === 'en' ? mo : new HttpSession(world.app.baseUrl, locale);
      if (locale === 'ja') await session.signIn(world.slack, { teamId: TEAM_A, userId: MEMBER_A });
      const refused = await session.send('DELETE', `/api/settings/instructions/channel?targetId=${GONE}&unlisted=true`);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ error: { code: 'PERMISSION.ADMIN_REQUIRED', message: translate('PERMISSION.ADMIN_REQUIRED', {}, locale) } });
    }
    // Without the flag, as before: no such channel for him.
    expect((await mo.send('DELETE', `/api/settings/instructions/channel?targetId=${GONE}`)).status).toBe(404);
    expect((await stored(TEAM_A, GONE))?.text).toBe(secret(GONE));
  });

  it("cannot reach another workspace's instruction, nor a listed private channel the admin is not in", async () => {
    for (const id of [OTHER_TEAMS, MO_PRIVATE]) {
      const response = await ana.send('DELETE', `/api/settings/instructions/channel?targetId=${id}&unlisted=true`);
      expect(response.status, id).toBe(404);
    }
    expect((await stored(TEAM_B, OTHER_TEAMS))?.text).toBe(secret(OTHER_TEAMS));
    expect((await stored(TEAM_A, MO_PRIVATE))?.text).toBe(secret(MO_PRIVATE));
    // Globex's owner does not see Acme's either, only her own.
    const bea = new HttpSession(world.app.baseUrl);
    await bea.signIn(world.slack, { teamId: TEAM_B, userId: ADMIN_B });
    expect((await page(bea)).body.unlistedChannels?.map((r) => r.targetId)).toEqual([OTHER_TEAMS]);
    // Naming Acme as the team changes nothing (the session's team decides).
    expect((await bea.send('DELETE', `/api/settings/instructions/channel?targetId=${GONE}&unlisted=true&teamId=${TEAM_A}`)).status).toBe(403);
    expect((await bea.send('DELETE', `/api/settings/instructions/channel?targetId=${GONE}&unlisted=true`)).status).toBe(404);
    expect((await stored(TEAM_A, GONE))?.text).toBe(secret(GONE));
  });

  it('can be deleted by an admin, after which it is gone for good', async () => {
    // The ordinary delete still goes by the channels she sees: not this one.
    expect((await ana.send('DELETE', `/api/settings/instructions/channel?targetId=${GONE}`)).status).toBe(404);
    const deleted = await ana.send('DELETE', `/api/settings/instructions/channel?targetId=${GONE}&unlisted=true`);
    expect(deleted.status).toBe(204);
    expect(await stored(TEAM_A, GONE)).toBeNull();
    expect((await page(ana)).body.unlistedChannels?.map((r) => r.targetId).sort()).toEqual([DELETED, KICKED]);
    expect((await ana.send('DELETE', `/api/settings/instructions/channel?targetId=${GONE}&unlisted=true`)).status).toBe(404);
    expect((await stored(TEAM_A, KICKED))?.text).toBe(secret(KICKED));
  });

  it('is refused for a level other than channel, or without a channel id', async () => {
    for (const path of ['/api/settings/instructions/user?targetId=U0MEMBERA&unlisted=true', '/api/settings/instructions/channel?unlisted=true']) {
      expect((await ana.send('DELETE', path)).status, path).toBe(404);
    }
    expect((await ana.send('DELETE', `/api/settings/instructions/channel?targetId=${KICKED}&unlisted=yes`)).status).toBe(400);
    expect((await stored(TEAM_A, KICKED))?.text).toBe(secret(KICKED));
  });
});
