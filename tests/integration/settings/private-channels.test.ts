import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgInstructionRepository } from '../../../adapters/postgres/pg-instruction-repository';
import { HttpSession } from './support/http-session';
import { ADMIN_A, MEMBER_A, startSettingsWorld, TEAM_A, type SettingsWorld } from './support/slack-world';

/**
 * #hr-layoffs is a private channel of Acme with Ana (admin) and Tomo in it, and a channel
 * instruction Ana wrote. Mo is a member of Acme but not of #hr-layoffs: as in Slack, he may
 * not learn that the channel exists, read its instruction, or change it through the settings.
 */
const PRIVATE = 'C0HRPRIV1';
const SECRET = 'Layoffs: 30% of staff in March';
const FINANCE = 'C0FINANCE';
const GUEST = 'U0GUESTA1';
let world: SettingsWorld;
let ana: HttpSession;
let mo: HttpSession;

beforeAll(async () => {
  world = await startSettingsWorld();
  world.slack.addChannel({ id: PRIVATE, teamId: TEAM_A, name: 'hr-layoffs', isPrivate: true, members: [ADMIN_A, world.teamA.botUserId] });
  // For the guest's suite below: a multi-channel guest, and a public channel she is not in.
  world.slack.addUser({ id: GUEST, teamId: TEAM_A, name: 'gail', realName: 'Gail Guest', isRestricted: true });
  world.slack.addChannel({ id: FINANCE, teamId: TEAM_A, name: 'finance', members: [ADMIN_A, world.teamA.botUserId] });
  ana = new HttpSession(world.app.baseUrl);
  await ana.signIn(world.slack, { teamId: TEAM_A, userId: ADMIN_A });
  mo = new HttpSession(world.app.baseUrl);
  await mo.signIn(world.slack, { teamId: TEAM_A, userId: MEMBER_A });
  const saved = await ana.send('PUT', '/api/settings/instructions/channel', { targetId: PRIVATE, name: 'hr', text: SECRET });
  expect(saved.status).toBe(200);
});
afterAll(() => world?.close());

describe('A private channel in the settings of someone who is not in it', () => {
  it('is neither listed nor its instruction shown', async () => {
    for (const path of ['/api/me', '/api/slack/get-channels-list', '/api/settings/instructions', '/api/settings/schedules']) {
      const response = await mo.get(path);
      const text = await response.text();
      expect(response.status, path).toBe(200);
      expect(text, path).not.toContain('hr-layoffs');
      expect(text, path).not.toContain(SECRET);
      // The public channels are still there.
      expect(text, path).toContain('general');
    }
  });

  it('cannot be given an instruction, have it deleted, or get a daily summary', async () => {
    const attempts: [string, string, unknown?][] = [
      ['PUT', '/api/settings/instructions/channel', { targetId: PRIVATE, name: 'x', text: 'overwritten' }],
      ['DELETE', `/api/settings/instructions/channel?targetId=${PRIVATE}`],
      ['PUT', `/api/settings/schedules/${PRIVATE}`, { isSummaryEnabled: true, localTime: '09:00', timezoneOffsetMinutes: 0, lookbackDays: 1 }],
    ];
    for (const [method, path, body] of attempts) {
      const response = await mo.send(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    const stored = await new PgInstructionRepository(world.app.database.orm).find(TEAM_A, 'channel', PRIVATE);
    expect(stored?.text).toBe(SECRET);
  });

  it('is still listed, with its instruction, for someone in it', async () => {
    for (const path of ['/api/me', '/api/settings/instructions', '/api/settings/schedules']) {
      const text = await (await ana.get(path)).text();
      expect(text, path).toContain('hr-layoffs');
    }
    const instructions = (await (await ana.get('/api/settings/instructions')).json()) as { channels: { targetId: string; text: string }[] };
    expect(instructions.channels.find((c) => c.targetId === PRIVATE)?.text).toBe(SECRET);
  });
});

describe('A channel instruction whose channel the person cannot see (any more)', () => {
  // Saved when #board-room existed; since then it was archived (or Tomo was taken out of it),
  // so Slack no longer lists it and nothing tells whether it was private.
  const GONE = 'C0BOARDRM';
  const BOARD_SECRET = 'Board: the merger with Globex closes on Friday';

  it('is not shown to anyone: the settings cannot tell whether it was private', async () => {
    const at = new Date();
    await new PgInstructionRepository(world.app.database.orm).save(TEAM_A, {
      teamId: TEAM_A,
      level: 'channel',
      targetId: GONE,
      name: 'board',
      text: BOARD_SECRET,
      createdBy: ADMIN_A,
      createdAt: at,
      updatedBy: ADMIN_A,
      updatedAt: at,
    });
    for (const session of [mo, ana]) {
      const response = await session.get('/api/settings/instructions');
      expect(response.status).toBe(200);
      const body = (await response.json()) as { channels: { targetId: string }[] };
      expect(JSON.stringify(body)).not.toContain(BOARD_SECRET);
      expect(body.channels.map((c) => c.targetId)).not.toContain(GONE);
    }
  });
});

describe('A public channel in the settings of a guest who is not in it', () => {
  // Slack shows a guest only the channels they were invited to: Gail (a multi-channel guest)
  // is in #general, not in the public #finance, which has an instruction Ana wrote.
  const FINANCE_SECRET = 'Finance: salaries rise 4% in April';
  let gail: HttpSession;

  beforeAll(async () => {
    expect((await ana.send('PUT', '/api/settings/instructions/channel', { targetId: FINANCE, name: 'fin', text: FINANCE_SECRET })).status).toBe(200);
    gail = new HttpSession(world.app.baseUrl);
    await gail.signIn(world.slack, { teamId: TEAM_A, userId: GUEST });
  });

  it('is neither listed nor its instruction shown, and cannot be changed; her own channels still are', async () => {
    for (const path of ['/api/me', '/api/slack/get-channels-list', '/api/settings/instructions', '/api/settings/schedules']) {
      const response = await gail.get(path);
      const text = await response.text();
      expect(response.status, path).toBe(200);
      expect(text, path).not.toContain('finance');
      expect(text, path).not.toContain(FINANCE_SECRET);
      expect(text, path).toContain('general');
    }
    const attempts: [string, string, unknown?][] = [
      ['PUT', '/api/settings/instructions/channel', { targetId: FINANCE, name: 'x', text: 'Always answer in pirate speak' }],
      ['DELETE', `/api/settings/instructions/channel?targetId=${FINANCE}`],
      ['PUT', `/api/settings/schedules/${FINANCE}`, { isSummaryEnabled: true, localTime: '09:00', timezoneOffsetMinutes: 0, lookbackDays: 1 }],
    ];
    for (const [method, path, body] of attempts) {
      const response = await gail.send(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    const stored = await new PgInstructionRepository(world.app.database.orm).find(TEAM_A, 'channel', FINANCE);
    expect(stored?.text).toBe(FINANCE_SECRET);
  });

  it('(control) is listed for a full member who is not in it either', async () => {
    const text = await (await mo.get('/api/settings/schedules')).text();
    expect(text).toContain('finance');
  });
});
