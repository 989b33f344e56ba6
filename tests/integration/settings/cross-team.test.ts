import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgAppCustomizationRepository } from '../../../adapters/postgres/pg-app-customization-repository';
import { PgAutoReplySettingsRepository } from '../../../adapters/postgres/pg-auto-reply-settings-repository';
import { PgInstructionRepository } from '../../../adapters/postgres/pg-instruction-repository';
import { PgPluginSettingsRepository } from '../../../adapters/postgres/pg-plugin-settings-repository';
import { PgReactionSettingsRepository } from '../../../adapters/postgres/pg-reaction-settings-repository';
import { PgScheduleSettingsRepository } from '../../../adapters/postgres/pg-schedule-settings-repository';
import { PgSeatAssignmentRepository } from '../../../adapters/postgres/pg-seat-assignment-repository';
import { PgUsageEventRepository } from '../../../adapters/postgres/pg-usage-event-repository';
import { HttpSession } from './support/http-session';
import { ADMIN_A, ADMIN_B, MEMBER_A, buyPlan, startSettingsWorld, TEAM_A, TEAM_B, type SettingsWorld } from './support/slack-world';

/**
 * Ana is an admin of Acme (team A). Globex (team B) has data on every settings page. Ana
 * tries every settings endpoint against Globex: naming its team, its ids, its members,
 * channels, subscription and reactions. Nothing of Globex is read or changed.
 */
let world: SettingsWorld;
let ana: HttpSession;
const when = new Date('2026-03-01T10:00:00Z');
const SECRET = 'GLOBEX-SECRET';

async function snapshotB() {
  const { orm } = world.app.database;
  return {
    app: await new PgAppCustomizationRepository(orm).find(TEAM_B),
    autoReplies: await new PgAutoReplySettingsRepository(orm).listLatest(TEAM_B),
    instructions: await Promise.all(
      (['workspace', 'channel', 'user'] as const).map((level) => new PgInstructionRepository(orm).listByLevel(TEAM_B, level)),
    ),
    plugins: await new PgPluginSettingsRepository(orm).list(TEAM_B),
    reactions: await new PgReactionSettingsRepository(orm).list(TEAM_B),
    schedules: await new PgScheduleSettingsRepository(orm).listLatest(TEAM_B),
    seats: await new PgSeatAssignmentRepository(orm).listByTeam(TEAM_B),
  };
}

beforeAll(async () => {
  world = await startSettingsWorld();
  const { orm } = world.app.database;
  world.slack.addUser({ id: 'U0GLOBOT1', teamId: TEAM_B, name: 'globot', realName: 'Globex Bot', isBot: true });
  await buyPlan(world.app, TEAM_B, { id: 'sub-globex', planKey: 'gpt50', seats: 5 });
  await buyPlan(world.app, TEAM_A, { id: 'sub-acme', planKey: 'gpt50', seats: 5 });
  await new PgAppCustomizationRepository(orm).save(TEAM_B, {
    teamId: TEAM_B, appName: SECRET, iconKey: null, greetingWhenJoiningChannel: false, updatedBy: ADMIN_B, updatedAt: when,
  });
  await new PgAutoReplySettingsRepository(orm).append(TEAM_B, {
    teamId: TEAM_B, botUserId: 'U0GLOBOT1', botName: 'Globex Bot', instruction: SECRET, enabled: true, updatedBy: ADMIN_B, updatedAt: when,
  });
  const instructions = new PgInstructionRepository(orm);
  for (const [level, targetId] of [['workspace', null], ['channel', 'C0SECRETB'], ['user', ADMIN_B]] as const) {
    await instructions.save(TEAM_B, {
      teamId: TEAM_B, level, targetId, name: SECRET, text: SECRET, createdBy: ADMIN_B, createdAt: when, updatedBy: ADMIN_B, updatedAt: when,
    });
  }
  await new PgPluginSettingsRepository(orm).save(TEAM_B, { teamId: TEAM_B, pluginId: 'calculator', enabled: false, updatedBy: ADMIN_B, updatedAt: when });
  await new PgReactionSettingsRepository(orm).save(TEAM_B, {
    teamId: TEAM_B, id: 'reaction-globex', name: 'globex', prompt: SECRET, category: 'custom', updatedBy: ADMIN_B, updatedAt: when,
  });
  await new PgScheduleSettingsRepository(orm).append(TEAM_B, {
    teamId: TEAM_B, channelId: 'C0SECRETB', channelName: 'globex-secrets', isSummaryEnabled: true, startTimeUtc: '05:00', lookbackDays: 2, timezoneOffsetMinutes: 0, timeZone: null, updatedBy: ADMIN_B, updatedAt: when,
  });
  await new PgSeatAssignmentRepository(orm).assignIfSeatAvailable(
    TEAM_B,
    { teamId: TEAM_B, subscriptionId: 'sub-globex', memberId: ADMIN_B, memberKind: 'user', planKey: 'gpt50', assignmentKind: 'manual', assignedBy: ADMIN_B, assignedAt: when },
    5,
  );
  await new PgUsageEventRepository(orm).record(TEAM_B, {
    id: 'usage-globex', teamId: TEAM_B, memberId: ADMIN_B, subscriptionId: 'sub-globex', kind: 'direct_message', occurredAt: new Date(),
  });
  ana = new HttpSession(world.app.baseUrl);
  await ana.signIn(world.slack, { teamId: TEAM_A, userId: ADMIN_A });
});
afterAll(() => world?.close());

// Every settings endpoint, aimed at Globex's data in every way a request can name it.
const attempts: [method: string, path: string, body?: unknown][] = [
  ['GET', `/api/settings/app?teamId=${TEAM_B}`],
  ['PUT', '/api/settings/app', { teamId: TEAM_B, appName: 'pwned' }],
  ['PUT', `/api/settings/app?teamId=${TEAM_B}`, { appName: 'pwned' }],
  ['GET', `/api/settings/app/icon?teamId=${TEAM_B}`],
  ['DELETE', `/api/settings/app/icon?teamId=${TEAM_B}`],
  ['GET', `/api/settings/auto-replies?teamId=${TEAM_B}`],
  ['PUT', '/api/settings/auto-replies/U0GLOBOT1', { instruction: 'pwned', enabled: true }],
  ['PUT', '/api/settings/auto-replies/U0GLOBOT1', { teamId: TEAM_B, instruction: 'pwned', enabled: true }],
  ['GET', `/api/settings/instructions?teamId=${TEAM_B}`],
  ['PUT', '/api/settings/instructions/workspace', { teamId: TEAM_B, name: 'pwned', text: 'pwned' }],
  ['PUT', '/api/settings/instructions/channel', { targetId: 'C0SECRETB', name: 'pwned', text: 'pwned' }],
  ['PUT', '/api/settings/instructions/user', { targetId: ADMIN_B, name: 'pwned', text: 'pwned' }],
  ['DELETE', '/api/settings/instructions/channel?targetId=C0SECRETB'],
  // As a channel Acme's Slack does not list: still Acme's rows only.
  ['DELETE', '/api/settings/instructions/channel?targetId=C0SECRETB&unlisted=true'],
  ['DELETE', `/api/settings/instructions/user?targetId=${ADMIN_B}`],
  ['DELETE', `/api/settings/instructions/workspace?teamId=${TEAM_B}`],
  ['POST', '/api/settings/instructions/metrics', { teamId: TEAM_B, level: 'channel', targetId: 'C0SECRETB', text: 'x' }],
  ['GET', `/api/settings/integrations?teamId=${TEAM_B}`],
  ['GET', `/api/settings/members?teamId=${TEAM_B}`],
  ['GET', '/api/settings/members?subscriptionId=sub-globex'],
  ['PUT', `/api/settings/members/${ADMIN_A}/seat`, { subscriptionId: 'sub-globex' }],
  ['PUT', `/api/settings/members/${ADMIN_B}/seat`, { subscriptionId: 'sub-globex' }],
  ['PUT', `/api/settings/members/${ADMIN_B}/seat`, { subscriptionId: 'sub-acme' }],
  ['DELETE', `/api/settings/members/${ADMIN_B}/seat?subscriptionId=sub-globex`],
  ['GET', `/api/settings/plugins?teamId=${TEAM_B}`],
  ['PUT', '/api/settings/plugins/calculator', { teamId: TEAM_B, enabled: true }],
  ['GET', `/api/settings/reactions?teamId=${TEAM_B}`],
  ['POST', '/api/settings/reactions', { teamId: TEAM_B, name: 'pwned', prompt: 'pwned' }],
  ['PUT', '/api/settings/reactions/reaction-globex', { name: 'globex', prompt: 'pwned' }],
  ['DELETE', '/api/settings/reactions/reaction-globex'],
  ['GET', `/api/settings/schedules?teamId=${TEAM_B}`],
  ['PUT', '/api/settings/schedules/C0SECRETB', { isSummaryEnabled: false, localTime: '01:00', timezoneOffsetMinutes: 0, lookbackDays: 1 }],
  ['GET', `/api/settings/usage?teamId=${TEAM_B}`],
  ['GET', `/api/settings/subscription?teamId=${TEAM_B}`],
];

describe('Signed in as team A, every settings endpoint against team B', () => {
  it('reads nothing of team B and changes nothing of it', async () => {
    const before = await snapshotB();
    for (const [method, path, body] of attempts) {
      const response = await ana.send(method, path, body);
      const text = await response.text();
      const label = `${method} ${path} ${JSON.stringify(body ?? '')}`;
      // Naming team B is refused outright; B's ids are simply not found in A's workspace.
      if (path.includes(TEAM_B) || JSON.stringify(body ?? {}).includes(TEAM_B)) expect(response.status, label).toBe(403);
      else if (method !== 'GET') expect([400, 403, 404], label).toContain(response.status);
      // A GET may ignore an unknown id (the members page then has no subscription selected).
      else expect(JSON.parse(text).selectedSubscriptionId ?? null, label).toBeNull();
      for (const leak of [SECRET, 'Globex', 'globex-secrets', 'sub-globex', 'Bea Boss', ADMIN_B]) {
        if (path.includes(leak) || JSON.stringify(body ?? {}).includes(leak)) continue;
        expect(text, `${label} leaked ${leak}`).not.toContain(leak);
      }
    }
    expect(await snapshotB()).toEqual(before);
  });

  it("shows team A's own pages without any of team B's data", async () => {
    for (const page of ['app', 'auto-replies', 'instructions', 'integrations', 'members', 'plugins', 'reactions', 'schedules', 'usage', 'subscription']) {
      const response = await ana.get(`/api/settings/${page}`);
      expect(response.status, page).toBe(200);
      const text = await response.text();
      for (const leak of [SECRET, 'Globex', 'globex', 'sub-globex', ADMIN_B, 'C0SECRETB', 'U0GLOBOT1']) {
        expect(text, `${page} leaked ${leak}`).not.toContain(leak);
      }
    }
  });

  it('refuses every other signed-in call that names team B, not only the settings ones', async () => {
    // Signed in as Ana (team A): the session decides the team, so naming Globex anywhere is a 403.
    const others: [method: string, path: string, body?: unknown][] = [
      ['GET', `/api/me?teamId=${TEAM_B}`],
      ['GET', `/api/session?team_id=${TEAM_B}`],
      ['GET', `/api/get-youtube-videos?teamId=${TEAM_B}`],
      ['GET', `/api/auth/request/github?teamId=${TEAM_B}`],
      ['POST', '/api/auth/revoke/github', { teamId: TEAM_B }],
      ['GET', `/api/stripe/get-a-product?plan=standard&teamId=${TEAM_B}`],
      ['GET', `/api/slack/get-team-info?teamId=${TEAM_B}`],
    ];
    for (const [method, path, body] of others) {
      const response = await ana.send(method, path, body);
      const label = `${method} ${path}`;
      expect(response.status, label).toBe(403);
      expect(await response.json(), label).toEqual({
        error: { code: 'TEAM_MISMATCH', message: 'This request names a different Slack workspace from the one you are signed in to.' },
      });
    }
    // Naming its own team is no refusal.
    const own = await ana.get(`/api/me?teamId=${TEAM_A}`);
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ teamId: TEAM_A });
  });
  it("refuses a channel list asked for another person, even when the query names Ana first and then someone else", async () => {
    // `?userId=a&userId=b` reaches the route as an array: a check of one string let it through.
    for (const query of [`userId=${MEMBER_A}`, `userId=${ADMIN_A}&userId=${MEMBER_A}`, `userId=${ADMIN_A}&userId=${ADMIN_B}`]) {
      const response = await ana.get(`/api/slack/get-channels-list?${query}`);
      expect(response.status, query).toBe(403);
      expect(await response.json(), query).toEqual({
        error: { code: 'USER_MISMATCH', message: 'This request names a different Slack user from the one you are signed in as.' },
      });
    }
    // Her own id, once or repeated, is no refusal.
    for (const query of [`userId=${ADMIN_A}`, `userId=${ADMIN_A}&userId=${ADMIN_A}`]) {
      const response = await ana.get(`/api/slack/get-channels-list?${query}`);
      expect(response.status, query).toBe(200);
      expect(await response.json(), query).toHaveProperty('channels');
    }
  });
});
