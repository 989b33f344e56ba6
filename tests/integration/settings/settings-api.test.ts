import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgSeatAssignmentRepository } from '../../../adapters/postgres/pg-seat-assignment-repository';
import { PgUsageEventRepository } from '../../../adapters/postgres/pg-usage-event-repository';
import { translate } from '../../../apps/shared/messages';
import { HttpSession } from './support/http-session';
import { ADMIN_A, BOT_A, buyPlan, installTomo, MEMBER_A, startSettingsWorld, TEAM_A, type SettingsWorld } from './support/slack-world';

let world: SettingsWorld;
let admin: HttpSession;
let member: HttpSession;
let adminJa: HttpSession;

beforeAll(async () => {
  world = await startSettingsWorld();
  // Deactivated in Slack after being given a seat (below).
  world.slack.addUser({ id: GONE_A, teamId: TEAM_A, name: 'gone', realName: 'Gil Gone', deleted: true });
  const base = world.app.baseUrl;
  admin = new HttpSession(base, 'en');
  adminJa = new HttpSession(base, 'ja');
  member = new HttpSession(base, 'en');
  await admin.signIn(world.slack, { teamId: TEAM_A, userId: ADMIN_A });
  await adminJa.signIn(world.slack, { teamId: TEAM_A, userId: ADMIN_A });
  await member.signIn(world.slack, { teamId: TEAM_A, userId: MEMBER_A });
  await buyPlan(world.app, TEAM_A, { id: 'sub-a-entry', planKey: 'gpt50_4k_50r', seats: 2 });
});
afterAll(() => world?.close());

const GONE_A = 'U0GONEA01';
const message = async (response: Response) => ((await response.json()) as { error: { message: string } }).error.message;

describe('App settings', () => {
  it('starts from the defaults and saves name and greeting', async () => {
    expect(await (await member.get('/api/settings/app')).json()).toMatchObject({
      appName: null,
      effectiveAppName: 'Tomo',
      greetingWhenJoiningChannel: true,
      iconUrl: null,
    });
    const saved = await member.send('PUT', '/api/settings/app', { appName: 'Acme Helper', greetingWhenJoiningChannel: false });
    expect(saved.status).toBe(200);
    expect(await (await admin.get('/api/settings/app')).json()).toMatchObject({
      appName: 'Acme Helper',
      greetingWhenJoiningChannel: false,
      updatedByName: 'Mo Member',
    });
  });

  it('refuses a name over 50 characters and reverts to the default when cleared', async () => {
    const long = await admin.send('PUT', '/api/settings/app', { appName: 'x'.repeat(51) });
    expect(long.status).toBe(400);
    expect(await message(long)).toBe(translate('APP_NAME.TOO_LONG', { max: 50 }, 'en'));
    expect((await admin.send('PUT', '/api/settings/app', { appName: '日'.repeat(50) })).status).toBe(200);
    await admin.send('PUT', '/api/settings/app', { appName: '' });
    expect(await (await admin.get('/api/settings/app')).json()).toMatchObject({ appName: null, effectiveAppName: 'Tomo' });
  });

  it('uploads, serves and removes an icon; the checks answer with the exact spec messages', async () => {
    // A real 1 × 1 PNG: the bytes are checked as well as the name.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    const upload = (name: string | null, body: Buffer, session = admin) =>
      session.request('/api/settings/app/icon', {
        method: 'PUT',
        headers: { 'content-type': 'application/octet-stream', ...(name ? { 'x-file-name': encodeURIComponent(name) } : {}) },
        body: new Uint8Array(body),
      });

    expect(await message(await upload(null, png))).toBe('No file is selected. Please select a file.');
    expect(await message(await upload('icon.png', Buffer.alloc(0)))).toBe('No file is selected. Please select a file.');
    expect(await message(await upload('icon', png))).toBe(
      'The file name does not have an extension. Please select a file with an extension.',
    );
    expect(await message(await upload('icon.gif', png))).toBe(
      'The file extension (gif) is not allowed. Please select a file with an allowed extension. Allowed extensions are jpg, jpeg, png.',
    );
    expect(await message(await upload('icon.gif', png, adminJa))).toBe(
      translate('ICON.EXTENSION_NOT_ALLOWED', { ext: 'gif', list: 'jpg, jpeg, png' }, 'ja'),
    );

    const ok = await upload('アイコン.PNG', png);
    expect(ok.status).toBe(200);
    const { iconUrl } = (await ok.json()) as { iconUrl: string };
    const served = await admin.get(iconUrl);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png);

    const removed = await admin.send('DELETE', '/api/settings/app/icon');
    expect((await removed.json()).iconUrl).toBeNull();
    expect((await admin.get(iconUrl)).status).toBe(404);
  });

  it('refuses a file that is not the image its name says, or declares a giant image, and keeps the icon it had', async () => {
    const upload = (name: string, body: Uint8Array, session = admin) =>
      session.request('/api/settings/app/icon', {
        method: 'PUT',
        headers: { 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(name) },
        body: new Uint8Array(body),
      });
    const png = await sharp({ create: { width: 3, height: 2, channels: 3, background: '#f80' } }).png().toBuffer();
    const jpeg = await sharp({ create: { width: 3, height: 2, channels: 3, background: '#f80' } }).jpeg().toBuffer();
    const kept = await upload('kept.png', png);
    expect(kept.status).toBe(200);
    const { iconUrl } = (await kept.json()) as { iconUrl: string };
    // 1,000,000 × 1,000,000 pixels declared in a few dozen bytes: a decompression bomb for whoever draws it.
    const bomb = Buffer.from(png);
    bomb.writeUInt32BE(1_000_000, 16);
    bomb.writeUInt32BE(1_000_000, 20);

    const refused: [string, Uint8Array, string][] = [
      ['page.png', Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>'), 'This file is named .png but is not a PNG image. Please select a PNG or JPEG image.'],
      ['logo.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'This file is named .png but is not a PNG image. Please select a PNG or JPEG image.'],
      ['photo.png', jpeg, 'This file is named .png but is not a PNG image. Please select a PNG or JPEG image.'],
      ['photo.JPG', png, 'This file is named .jpg but is not a JPEG image. Please select a PNG or JPEG image.'],
      ['cut.png', png.subarray(0, 20), 'This file is named .png but is not a PNG image. Please select a PNG or JPEG image.'],
      ['bomb.png', bomb, 'The image is 1000000 × 1000000 pixels, over the limit of 10000 pixels on each side. Please select a smaller image.'],
    ];
    for (const [name, body, text] of refused) {
      const response = await upload(name, body);
      expect(response.status, name).toBe(400);
      expect(await message(response), name).toBe(text);
    }
    const ja = await upload('page.png', Buffer.from('<html></html>'), adminJa);
    expect(await message(ja)).toBe('このファイルは拡張子が .png ですが、PNG 画像ではありません。PNG または JPEG の画像を選択してください。');

    // Nothing refused replaced the icon; a real JPEG is taken.
    expect((await admin.get('/api/settings/app')).status).toBe(200);
    expect(((await (await admin.get('/api/settings/app')).json()) as { iconUrl: string }).iconUrl).toBe(iconUrl);
    expect(Buffer.from(await (await admin.get(iconUrl)).arrayBuffer())).toEqual(png);
    const photo = await upload('photo.jpeg', jpeg);
    expect(photo.status).toBe(200);
    const served = await admin.get(((await photo.json()) as { iconUrl: string }).iconUrl);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(jpeg);
    await admin.send('DELETE', '/api/settings/app/icon');
  });

  it('tells the size limit with the spec message before reading a too large file', async () => {
    const n = 52_428_801;
    const response = await admin.request('/api/settings/app/icon', {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'huge.png' },
      body: new Uint8Array(n),
    });
    expect(response.status).toBe(400);
    expect(await message(response)).toBe(
      'The file size (52428801 bytes) exceeds the limit of 52428800 bytes. Please select a file with a smaller size.',
    );
  });
});

describe('Auto replies', () => {
  it('lists the workspace bots (not Tomo) and saves an instruction per bot', async () => {
    const before = await (await member.get('/api/settings/auto-replies')).json();
    expect(before.rows).toEqual([expect.objectContaining({ number: 1, botUserId: BOT_A, botName: 'Relay Bot', enabled: false, updatedAt: null })]);
    // The bot's channels, read from Slack (a small workspace's within the first answer's second,
    // unless the machine is very busy), each saying whether Tomo is there.
    await expect
      .poll(async () => (await (await member.get('/api/settings/auto-replies')).json()).rows[0])
      .toMatchObject({
        channels: [
          { id: 'C0GENERAL', name: 'general', tomoIsMember: true },
          { id: 'C0RANDOM1', name: 'random', tomoIsMember: true },
        ],
        channelsLoading: false,
        channelsFailed: false,
      });

    const missing = await member.send('PUT', `/api/settings/auto-replies/${BOT_A}`, { instruction: ' ', enabled: true });
    expect(missing.status).toBe(400);
    expect(await message(missing)).toBe(translate('AUTO_REPLY.INSTRUCTION_REQUIRED', {}, 'en'));
    const notBot = await member.send('PUT', `/api/settings/auto-replies/${ADMIN_A}`, { instruction: 'x', enabled: true });
    expect(notBot.status).toBe(400);

    expect((await member.send('PUT', `/api/settings/auto-replies/${BOT_A}`, { instruction: 'Summarise alerts', enabled: true })).status).toBe(200);
    const after = await (await admin.get('/api/settings/auto-replies')).json();
    expect(after.rows[0]).toMatchObject({ instruction: 'Summarise alerts', enabled: true, updatedByName: 'Mo Member' });
  });
});

describe('Instructions', () => {
  it('lets only admins change the workspace-wide instruction', async () => {
    const denied = await member.send('PUT', '/api/settings/instructions/workspace', { name: 'Tone', text: 'Be brief.' });
    expect(denied.status).toBe(403);
    expect(await message(denied)).toBe(translate('PERMISSION.ADMIN_REQUIRED', {}, 'en'));
    expect((await admin.send('PUT', '/api/settings/instructions/workspace', { name: 'Tone', text: 'Be brief.' })).status).toBe(200);
    expect((await member.send('DELETE', '/api/settings/instructions/workspace')).status).toBe(403);
    const system = await admin.send('PUT', '/api/settings/instructions/system', { name: 'x', text: 'y' });
    expect(system.status).toBe(403);
  });

  it('saves channel and own user instructions for members, with metrics', async () => {
    expect((await member.send('PUT', '/api/settings/instructions/channel', { targetId: 'C0GENERAL', name: 'General', text: 'Answer in English.' })).status).toBe(200);
    expect((await member.send('PUT', '/api/settings/instructions/user', { name: 'Me', text: 'Call me Mo.' })).status).toBe(200);
    expect((await member.send('PUT', '/api/settings/instructions/user', { targetId: ADMIN_A, name: 'Ana', text: 'x' })).status).toBe(403);
    expect((await member.send('PUT', '/api/settings/instructions/channel', { targetId: 'C0SECRETB', name: 'x', text: 'y' })).status).toBe(404);
    const empty = await member.send('PUT', '/api/settings/instructions/channel', { targetId: 'C0RANDOM1', name: 'x', text: '  ' });
    expect(await message(empty)).toBe(translate('INSTRUCTIONS.TEXT_REQUIRED', {}, 'en'));

    const page = await (await member.get('/api/settings/instructions')).json();
    expect(page.workspace).toMatchObject({ name: 'Tone', text: 'Be brief.', createdByName: 'Ana Admin' });
    expect(page.channels).toEqual([expect.objectContaining({ targetId: 'C0GENERAL', targetName: 'general', name: 'General' })]);
    expect(page.users).toEqual([expect.objectContaining({ targetId: MEMBER_A, text: 'Call me Mo.' })]);
    const metrics = page.channels[0].metrics;
    expect(metrics).toMatchObject({ this: 'Answer in English.'.length, limit: 10_000, softTokenLimit: 2048 });
    expect(metrics.total).toBeGreaterThan(metrics.this);
    expect(metrics.totalTokens).toBeGreaterThan(metrics.thisTokens);
    expect(page.system.readOnly).toBe(true);
    // Tomo's own words, which the Japanese page renders in Japanese with the app's name.
    expect(page.system).toMatchObject({ builtIn: true, appName: expect.any(String) });
    expect(page.system.text).toContain(`You are ${page.system.appName},`);

    const live = await (await member.send('POST', '/api/settings/instructions/metrics', { level: 'user', text: 'Hello there' })).json();
    expect(live.this).toBe(11);
  });
});

describe('Members (admins only)', () => {
  it('shows the permission message and 403 to a member', async () => {
    const denied = await member.get('/api/settings/members');
    expect(denied.status).toBe(403);
    expect(await message(denied)).toBe(
      `Please make sure you're signed in with either "Primary Owner", "Owner", or "Admin" permissions to view and manage this Members' Settings page`,
    );
    expect((await member.send('PUT', `/api/settings/members/${MEMBER_A}/seat`, { subscriptionId: 'sub-a-entry' })).status).toBe(403);
    expect((await member.send('DELETE', `/api/settings/members/${MEMBER_A}/seat?subscriptionId=sub-a-entry`)).status).toBe(403);
  });

  it('assigns and removes seats, with the summary and search', async () => {
    const page = await (await admin.get('/api/settings/members')).json();
    expect(page.selectedSubscriptionId).toBe('sub-a-entry');
    expect(page.summary).toMatchObject({ assigned: 0, totalSeats: 2, available: 2 });
    expect(page.rows.map((r: { memberId: string }) => r.memberId)).toEqual(expect.arrayContaining([ADMIN_A, MEMBER_A, BOT_A]));

    expect((await admin.send('PUT', `/api/settings/members/${MEMBER_A}/seat`, { subscriptionId: 'sub-a-entry' })).status).toBe(200);
    const after = await (await admin.get('/api/settings/members?subscriptionId=sub-a-entry')).json();
    expect(after.summary).toMatchObject({ assigned: 1, manual: 1, available: 1 });
    expect(after.rows[0]).toMatchObject({ memberId: MEMBER_A, assignButton: 'remove', updatedByName: 'Ana Admin' });

    const found = await (await admin.get('/api/settings/members?q=MO%20MEM')).json();
    expect(found.rows.map((r: { memberId: string }) => r.memberId)).toEqual([MEMBER_A]);
    // Spaces around the query are not part of it; spaces alone are no search (as Schedules and Reactions).
    const padded = await (await admin.get('/api/settings/members?q=%20mo%20mem%20')).json();
    expect(padded.rows.map((r: { memberId: string }) => r.memberId)).toEqual([MEMBER_A]);
    const blank = await (await admin.get('/api/settings/members?q=%20%20')).json();
    expect(blank.rows.map((r: { memberId: string }) => r.memberId)).toEqual(after.rows.map((r: { memberId: string }) => r.memberId));
    const none = await admin.send('PUT', `/api/settings/members/${ADMIN_A}/seat`, { subscriptionId: null });
    expect(await message(none)).toBe(translate('SEATS.NO_SUBSCRIPTION_SELECTED', {}, 'en'));

    expect((await admin.send('DELETE', `/api/settings/members/${MEMBER_A}/seat?subscriptionId=sub-a-entry`)).status).toBe(204);
    expect((await (await admin.get('/api/settings/members')).json()).summary.assigned).toBe(0);
  });

  it('lists a deactivated Slack account that still holds a seat, so the admin can free the seat for someone else', async () => {
    const seats = new PgSeatAssignmentRepository(world.app.database.orm);
    const assignment = {
      teamId: TEAM_A,
      subscriptionId: 'sub-a-entry',
      memberId: GONE_A,
      memberKind: 'user' as const,
      planKey: 'gpt50_4k_50r' as const,
      assignmentKind: 'manual' as const,
      assignedBy: ADMIN_A,
      assignedAt: new Date(),
    };
    expect(await seats.assignIfSeatAvailable(TEAM_A, assignment, 2)).toBe('assigned');

    const page = await (await admin.get('/api/settings/members')).json();
    expect(page.summary).toMatchObject({ assigned: 1, available: 1 });
    expect(page.rows.filter((r: { assignButton: string }) => r.assignButton === 'remove')).toEqual([
      expect.objectContaining({ memberId: GONE_A, authority: 'other' }),
    ]);

    expect((await admin.send('DELETE', `/api/settings/members/${GONE_A}/seat?subscriptionId=sub-a-entry`)).status).toBe(204);
    const after = await (await admin.get('/api/settings/members')).json();
    expect(after.summary).toMatchObject({ assigned: 0, available: 2 });
    expect(after.rows.map((r: { memberId: string }) => r.memberId)).not.toContain(GONE_A);
  });
});

describe('Plugins', () => {
  it('lists the six plugins on by default and keeps a change', async () => {
    const before = await (await member.get('/api/settings/plugins')).json();
    expect(before.plugins).toHaveLength(6);
    expect(before.plugins.every((p: { enabled: boolean }) => p.enabled)).toBe(true);
    expect((await member.send('PUT', '/api/settings/plugins/web-browsing', { enabled: false })).status).toBe(200);
    expect((await member.send('PUT', '/api/settings/plugins/teleport', { enabled: false })).status).toBe(404);
    const after = await (await admin.get('/api/settings/plugins')).json();
    expect(after.plugins.find((p: { pluginId: string }) => p.pluginId === 'web-browsing')).toMatchObject({ enabled: false, updatedByName: 'Mo Member' });
  });
});

describe('Reactions', () => {
  it('validates name, prompt and uniqueness with the spec texts, then adds, edits and deletes', async () => {
    const noName = await member.send('POST', '/api/settings/reactions', { name: ' ', prompt: 'x' });
    expect(await message(noName)).toBe('Reaction name is required');
    const noPrompt = await member.send('POST', '/api/settings/reactions', { name: 'tada', prompt: '' });
    expect(await message(noPrompt)).toBe('Prompt text is required');
    const preset = await member.send('POST', '/api/settings/reactions', { name: ':jp:', prompt: 'x' });
    expect(await message(preset)).toBe('This reaction name already exists');
    const ja = await adminJa.send('POST', '/api/settings/reactions', { name: '', prompt: 'x' });
    expect(await message(ja)).toBe(translate('REACTION.NAME_REQUIRED', {}, 'ja'));

    const created = await member.send('POST', '/api/settings/reactions', { name: 'tada', prompt: 'Celebrate this.', category: 'custom' });
    expect(created.status).toBe(201);
    const createdBody = await created.json();
    const { id } = createdBody;
    // The answer names who saved it as every list does, not by their Slack user ID.
    expect(createdBody).toMatchObject({ updatedBy: MEMBER_A, updatedByName: 'Mo Member' });
    const dup = await admin.send('POST', '/api/settings/reactions', { name: 'TADA', prompt: 'again' });
    expect(await message(dup)).toBe('This reaction name already exists');
    const updated = await admin.send('PUT', `/api/settings/reactions/${id}`, { name: 'tada', prompt: 'Cheer loudly.' });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ updatedByName: 'Ana Admin' });
    const list = await (await member.get('/api/settings/reactions')).json();
    expect(list.custom).toEqual([expect.objectContaining({ id, name: 'tada', prompt: 'Cheer loudly.', category: 'custom' })]);
    expect(list.preset.length).toBeGreaterThan(10);
    // What each preset does, for the page to say in its language; the prompt stays as the model reads it.
    expect(list.preset).toContainEqual({
      name: 'flag-hk',
      prompt: expect.stringMatching(/^Translate the message into Cantonese \(Traditional Chinese characters\)\./),
      category: 'translation',
      does: 'translate',
      language: 'yue-Hant',
    });
    expect(list.preset).toContainEqual(expect.objectContaining({ name: 'memo', category: 'explanation', does: 'summarise' }));
    expect((await member.send('DELETE', `/api/settings/reactions/${id}`)).status).toBe(204);
    expect((await member.send('DELETE', `/api/settings/reactions/${id}`)).status).toBe(404);
  });
});

describe('Schedules', () => {
  it('lists channels with defaults and saves a local time as UTC', async () => {
    const page = await (await member.get('/api/settings/schedules')).json();
    expect(page.defaults).toEqual({ localTime: '01:30', lookbackDays: 1 });
    expect(page.rows.map((r: { channelName: string }) => r.channelName).sort()).toEqual(['general', 'random']);

    for (const localTime of ['25:00', '9:30', '12:60', 'noon']) {
      const bad = await member.send('PUT', '/api/settings/schedules/C0GENERAL', {
        isSummaryEnabled: true,
        localTime,
        timezoneOffsetMinutes: -540,
        lookbackDays: 1,
      });
      expect(await message(bad), localTime).toBe('Invalid local time format. Expected HH:mm.');
    }
    const ja = await adminJa.send('PUT', '/api/settings/schedules/C0GENERAL', { isSummaryEnabled: true, localTime: '24:00', timezoneOffsetMinutes: 0, lookbackDays: 1 });
    expect(await message(ja)).toBe(translate('SCHEDULE.INVALID_LOCAL_TIME', {}, 'ja'));
    for (const lookbackDays of [0, 31, 1.5, 'three', null]) {
      const bad = await member.send('PUT', '/api/settings/schedules/C0GENERAL', { isSummaryEnabled: true, localTime: '09:00', timezoneOffsetMinutes: 0, lookbackDays });
      expect(await message(bad), String(lookbackDays)).toBe('Lookback days must be a whole number from 1 to 30.');
    }

    const saved = await member.send('PUT', '/api/settings/schedules/C0GENERAL', {
      isSummaryEnabled: true,
      localTime: '10:30',
      timezoneOffsetMinutes: -540,
      lookbackDays: 3,
    });
    expect(await saved.json()).toMatchObject({ startTimeUtc: '01:30' });
    const after = await (await admin.get('/api/settings/schedules')).json();
    expect(after.rows.find((r: { channelId: string }) => r.channelId === 'C0GENERAL')).toMatchObject({
      isSummaryEnabled: true,
      startTimeUtc: '01:30',
      lookbackDays: 3,
      updatedByName: 'Mo Member',
    });
    expect((await member.send('PUT', '/api/settings/schedules/C0SECRETB', { isSummaryEnabled: true, localTime: '10:30', timezoneOffsetMinutes: 0, lookbackDays: 1 })).status).toBe(404);
  });

  it("keeps the browser's IANA time zone, and refuses one Intl does not know with the catalogue's message", async () => {
    for (const timeZone of ['Mars/Olympus_Mons', '+09:00', 42, 'x'.repeat(100)]) {
      const bad = await member.send('PUT', '/api/settings/schedules/C0RANDOM1', { isSummaryEnabled: true, localTime: '09:00', timezoneOffsetMinutes: 0, timeZone, lookbackDays: 1 });
      expect(bad.status, String(timeZone)).toBe(400);
      expect(await message(bad), String(timeZone)).toBe('Unknown time zone. Expected an IANA time zone name such as Asia/Tokyo.');
    }
    const ja = await adminJa.send('PUT', '/api/settings/schedules/C0RANDOM1', { isSummaryEnabled: true, localTime: '09:00', timezoneOffsetMinutes: 0, timeZone: 'Nowhere/Land', lookbackDays: 1 });
    expect(await message(ja)).toBe(translate('SCHEDULE.INVALID_TIME_ZONE', {}, 'ja'));

    // Saved in summer in New York (the browser's offset then is 240): 09:00 EDT is 13:00 UTC.
    const saved = await member.send('PUT', '/api/settings/schedules/C0RANDOM1', {
      isSummaryEnabled: true,
      localTime: '09:00',
      timezoneOffsetMinutes: 240,
      timeZone: 'America/New_York',
      lookbackDays: 1,
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ timeZone: 'America/New_York' });
    const row = (await (await member.get('/api/settings/schedules')).json()).rows.find((r: { channelId: string }) => r.channelId === 'C0RANDOM1');
    expect(row).toMatchObject({ localTime: '09:00', timeZone: 'America/New_York' });
  });
});

describe('Usage (admins only)', () => {
  it('shows the permission message and 403 to a member', async () => {
    const denied = await member.get('/api/settings/usage');
    expect(denied.status).toBe(403);
    expect(await message(denied)).toBe(
      `Please make sure you're signed in with either "Primary Owner", "Owner", or "Admin" permissions to view this Usage Settings page`,
    );
  });

  it("says 'No data available', then ranks members by usage", async () => {
    expect(await (await admin.get('/api/settings/usage?period=last_1_month')).json()).toMatchObject({ noData: true, message: 'No data available' });
    const usage = new PgUsageEventRepository(world.app.database.orm);
    const now = new Date();
    let n = 0;
    const add = (memberId: string, kind: 'channel_mention' | 'direct_message' | 'reaction') =>
      usage.record(TEAM_A, { id: `ue-${(n += 1)}`, teamId: TEAM_A, memberId, subscriptionId: null, kind, occurredAt: now });
    await add(MEMBER_A, 'channel_mention');
    await add(MEMBER_A, 'direct_message');
    await add(ADMIN_A, 'reaction');
    const report = await (await admin.get('/api/settings/usage?period=all_time')).json();
    expect(report.ranking[0]).toMatchObject({ rank: 1, userName: 'Mo Member', title: 'Engineer', channel: 1, dm: 1, reaction: 0 });
    expect(report.summary).toEqual({ totalUsers: 2, totalUsage: 3, averageUsage: 1.5 });
    expect((await admin.get('/api/settings/usage?period=forever')).status).toBe(400);
  });
});

describe('Subscription and integrations', () => {
  it('shows the current plan with seats and renewal, and the integration cards', async () => {
    const page = await (await member.get('/api/settings/subscription')).json();
    expect(page.current).toEqual([expect.objectContaining({ planDisplayName: 'Entry', quantity: 2, autoRenew: true })]);
    const cards = await (await member.get('/api/settings/integrations')).json();
    expect(cards.integrations).toHaveLength(19);
    // Only Slack's app is configured here (sign-in): its card offers to connect, the rest are work in progress.
    const states = Object.fromEntries(cards.integrations.map((c: { id: string; state: string }) => [c.id, c.state]));
    expect(states.slack).toBe('disconnected');
    expect(Object.entries(states).filter(([id]) => id !== 'slack').every(([, state]) => state === 'inactive')).toBe(true);
  });
});

describe('Changes that name a channel', () => {
  it('tell a workspace without Tomo to install it first, and say so when Slack cannot list the channels', async () => {
    const team = world.slack.addTeam({ id: 'T0NOTOMO1', name: 'Umbrella' });
    world.slack.addUser({ id: 'U0ALICE01', teamId: team.id, name: 'alice', email: 'alice@umbrella.test' });
    const alice = new HttpSession(world.app.baseUrl, 'en');
    await alice.signIn(world.slack, { teamId: team.id, userId: 'U0ALICE01' });
    const notInstalled = 'Tomo is not installed in your Slack workspace yet. Install it first.';
    const schedule = await alice.send('PUT', '/api/settings/schedules/C0GENERAL', { isSummaryEnabled: true, localTime: '01:30', timezoneOffsetMinutes: 0, lookbackDays: 1 });
    expect(schedule.status).toBe(409);
    expect(await message(schedule)).toBe(notInstalled);
    const instruction = await alice.send('PUT', '/api/settings/instructions/channel', { targetId: 'C0GENERAL', text: 'Be brief.' });
    expect(instruction.status).toBe(409);
    expect(await message(instruction)).toBe(notInstalled);
    const removal = await alice.send('DELETE', '/api/settings/instructions/channel?targetId=C0GENERAL');
    expect(removal.status).toBe(409);

    // Installed now, its channels not yet listed (and so not cached): Slack fails the list.
    await installTomo(world.app, team);
    world.slack.failNext('conversations.list', 'internal_error');
    const failed = await alice.send('PUT', '/api/settings/schedules/C0GENERAL', { isSummaryEnabled: true, localTime: '01:30', timezoneOffsetMinutes: 0, lookbackDays: 1 });
    expect(failed.status).toBe(502);
    expect(await message(failed)).toBe(translate('UNKNOWN', {}, 'en'));
  });
});

describe('Text too long for a field', () => {
  it('says how long it may be, in the person’s language, instead of "required", and saves nothing', async () => {
    const reactionName = await member.send('POST', '/api/settings/reactions', { name: 'x'.repeat(120), prompt: 'Celebrate.' });
    expect(reactionName.status).toBe(400);
    expect(await message(reactionName)).toBe('The reaction name must be 100 characters or fewer.');
    const promptJa = await adminJa.send('POST', '/api/settings/reactions', { name: 'confetti', prompt: 'x'.repeat(20_000) });
    expect(await message(promptJa)).toBe('プロンプトは10000文字以内で入力してください。');
    expect(((await (await member.get('/api/settings/reactions')).json()) as { custom: { name: string }[] }).custom.map((r) => r.name)).not.toContain('confetti');

    const autoReply = await member.send('PUT', `/api/settings/auto-replies/${BOT_A}`, { instruction: 'x'.repeat(20_000), enabled: true });
    expect(autoReply.status).toBe(400);
    expect(await message(autoReply)).toBe('The instruction must be 10000 characters or fewer.');

    // Pasted far past the limit: the same message as just past it, with the text's length.
    const instruction = await member.send('PUT', '/api/settings/instructions/user', { name: 'Me', text: 'x'.repeat(100_001) });
    expect(instruction.status).toBe(400);
    expect(await message(instruction)).toBe('The instruction has 100001 characters; the limit is 10000 characters.');
    const metrics = await member.send('POST', '/api/settings/instructions/metrics', { level: 'user', text: 'x'.repeat(100_001) });
    expect(metrics.status).toBe(200);
  });
});
