import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AesGcmSecretBox } from '../../../adapters/crypto';
import { createPgRepositories, type PgRepositories } from '../../../adapters/postgres/pg-repositories';
import { seedWorkspace, type SeededWorkspace } from '../../../adapters/slack-emulator/seed-workspace';
import { slackText } from '../../../apps/shared/messages/slack';
import { SLACK_QUEUES } from '../../../apps/shared/slack-jobs';
import { ANA, MO, startFakeIntegrations, type FakeIntegrations } from '../../fakes/integrations/fake-integrations';
import { capturingLogger } from '../../support/logger';
import { HttpSession } from '../settings/support/http-session';
import { saveDailySummary } from './support/schedules';
import { buyPlan, eventually, installThroughBrowser, jobsOf, sendEvent, settled, startSlackAppWorld, type SlackAppWorld } from '../slack-app/support/slack-app-world';

/**
 * A person deactivated in Slack (Slack's `user_change` with `user.deleted: true`, as it sends
 * it: the whole user object, not an id): their integration connections are revoked at the
 * providers and deleted, their seats released and their Settings sessions ended. Everyone else
 * keeps theirs.
 */
describe('A person who leaves the workspace loses their connections, seat and sessions', () => {
  let world: SlackAppWorld;
  let fake: FakeIntegrations;
  let repositories: PgRepositories;
  const logs = capturingLogger('warn');

  beforeAll(async () => {
    fake = await startFakeIntegrations();
    world = await startSlackAppWorld({ ...fake.env(['google', 'github']), OPENAI_IMAGE_MODEL: 'none' }, { logger: logs.logger });
    repositories = createPgRepositories(world.app.database.orm, AesGcmSecretBox.fromEnv(world.app.config.ENCRYPTION_KEY!));
  });
  afterAll(async () => {
    await world?.close();
    await fake?.close();
  });

  async function connect(ws: SeededWorkspace, userId: string, provider: string, account = ANA): Promise<string> {
    const session = new HttpSession(world.app.baseUrl);
    await session.signIn(world.slack, { teamId: ws.team.id, userId });
    fake.oauth.signInAs(provider === 'github' ? 'github' : 'google', account);
    const start = await session.get(`/api/auth/request/${provider}`);
    const consent = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    expect((await session.get(consent.headers.get('location')!.replace(world.app.baseUrl, ''))).status).toBe(303);
    return (await repositories.oauthTokens.findLatest(ws.team.id, userId, provider))!.accessToken!;
  }

  /** The admin (Alice) assigns seats on the Members page. */
  async function assignSeats(ws: SeededWorkspace, subscriptionId: string, memberIds: string[]): Promise<void> {
    await buyPlan(world, ws, { id: subscriptionId, quantity: 3 });
    const admin = new HttpSession(world.app.baseUrl);
    await admin.signIn(world.slack, { teamId: ws.team.id, userId: ws.alice });
    for (const memberId of memberIds) expect((await admin.send('PUT', `/api/settings/members/${memberId}/seat`, { subscriptionId })).status).toBe(200);
  }

  /** Slack's user_change for a member (deactivated or not). */
  const userChange = (ws: SeededWorkspace, userId: string, deleted: boolean) => ({
    type: 'user_change',
    user: { id: userId, team_id: ws.team.id, name: 'bob', deleted, profile: { real_name: 'Bob Baker', title: deleted ? '' : 'Engineer' }, is_bot: false, updated: 1_765_000_000 },
    cache_ts: 1_765_000_000,
    event_ts: '1765000000.000100',
  });

  const rowsOf = async (teamId: string, userId: string) =>
    ((await world.app.database.orm.em
      .getConnection()
      .execute(`select count(*)::int as n from oauth_tokens_history where team_id = '${teamId}' and user_id = '${userId}'`)) as { n: number }[])[0]!.n;

  const memberLeftJobs = async (teamId: string) =>
    (await jobsOf(world, SLACK_QUEUES.slackEvent.name)).filter((job) => {
      const data = job.data as { kind?: string; teamId?: string };
      return data.kind === 'member_left' && data.teamId === teamId;
    });

  it('revokes and deletes their connections and releases their seat; a second delivery does nothing more', async () => {
    const ws = seedWorkspace(world.slack, 'T0LEFT');
    expect((await installThroughBrowser(world, ws)).status).toBe(200);
    await assignSeats(ws, 'sub-left', [ws.alice, ws.bob]);
    // Two Google services on one account (one grant) and GitHub; Alice's GitHub stays hers.
    const bobsTokens = [await connect(ws, ws.bob, 'google-docs', MO), await connect(ws, ws.bob, 'google-calendar', MO), await connect(ws, ws.bob, 'github', MO)];
    const alicesToken = await connect(ws, ws.alice, 'github');
    expect(await rowsOf(ws.team.id, ws.bob)).toBeGreaterThan(0);

    const first = await sendEvent(world, userChange(ws, ws.bob, true), { ws });
    expect(first.status).toBe(200);
    await eventually(async () => expect(await rowsOf(ws.team.id, ws.bob)).toBe(0));
    await settled(world, SLACK_QUEUES.slackEvent.name);
    for (const token of bobsTokens) expect(fake.oauth.tokens.get(token)?.revoked).toBe(true);
    expect((await repositories.seatAssignments.listByMember(ws.team.id, ws.bob))).toEqual([]);
    // Alice keeps her connection (not revoked at GitHub) and her seat.
    expect(fake.oauth.tokens.get(alicesToken)?.revoked).toBe(false);
    expect(await repositories.oauthTokens.findLatest(ws.team.id, ws.alice, 'github')).toMatchObject({ accessToken: alicesToken, status: 'connected' });
    expect((await repositories.seatAssignments.listByMember(ws.team.id, ws.alice)).map((s) => s.subscriptionId)).toEqual(['sub-left']);

    // Slack delivers it again (a retry of the same event, and the same news under a new event id).
    const revokedSoFar = fake.oauth.revoked.length;
    expect((await sendEvent(world, userChange(ws, ws.bob, true), { ws, eventId: first.eventId, retryNum: 1 })).status).toBe(200);
    expect((await sendEvent(world, userChange(ws, ws.bob, true), { ws })).status).toBe(200);
    await eventually(async () => expect(await memberLeftJobs(ws.team.id)).toHaveLength(2));
    await settled(world, SLACK_QUEUES.slackEvent.name);
    const jobs = await memberLeftJobs(ws.team.id);
    // Google's grant revoked once, by the last of its services; GitHub's grant deleted.
    expect(jobs.find((job) => (job.data as { eventId: string }).eventId === first.eventId)).toMatchObject({ state: 'completed', output: { revoked: 2, seats: 1 } });
    expect(jobs.find((job) => (job.data as { eventId: string }).eventId !== first.eventId)).toMatchObject({ state: 'completed', output: { revoked: 0, connections: 0, seats: 0 } });
    expect(fake.oauth.revoked.length).toBe(revokedSoFar);
    expect(await rowsOf(ws.team.id, ws.bob)).toBe(0);
    expect(await repositories.oauthTokens.findLatest(ws.team.id, ws.alice, 'github')).toMatchObject({ accessToken: alicesToken });
    expect(await repositories.seatAssignments.listByMember(ws.team.id, ws.alice)).toHaveLength(1);
  });

  it('signs them out of Settings at once, every session of theirs; another person stays signed in', async () => {
    const ws = seedWorkspace(world.slack, 'T0LEFTSIGN');
    expect((await installThroughBrowser(world, ws)).status).toBe(200);
    const bobsLaptop = new HttpSession(world.app.baseUrl);
    await bobsLaptop.signIn(world.slack, { teamId: ws.team.id, userId: ws.bob });
    const bobsPhone = new HttpSession(world.app.baseUrl);
    await bobsPhone.signIn(world.slack, { teamId: ws.team.id, userId: ws.bob });
    const alice = new HttpSession(world.app.baseUrl);
    await alice.signIn(world.slack, { teamId: ws.team.id, userId: ws.alice });
    expect((await bobsLaptop.get('/api/me')).status).toBe(200);

    // Only the event tells: Slack's member list (which a request of Bob's would read) still shows
    // him active, and no request of his comes between the deactivation and the check below.
    expect((await sendEvent(world, userChange(ws, ws.bob, true), { ws })).status).toBe(200);
    await eventually(async () => expect(await memberLeftJobs(ws.team.id)).toHaveLength(1));
    await settled(world, SLACK_QUEUES.slackEvent.name);

    for (const device of [bobsLaptop, bobsPhone]) {
      const me = await device.get('/api/me');
      expect(me.status).toBe(401);
      expect((await me.json()).error.code).toBe('AUTH.TEAM_ID_MISSING');
    }
    expect((await alice.get('/api/me')).status).toBe(200);
    expect((await memberLeftJobs(ws.team.id))[0]).toMatchObject({ state: 'completed', output: { sessions: 2 } });
  });

  it('a provider refusing the revocation does not stop the others, nor keep its token here', async () => {
    const ws = seedWorkspace(world.slack, 'T0LEFTDOWN');
    expect((await installThroughBrowser(world, ws)).status).toBe(200);
    const github = await connect(ws, ws.bob, 'github', MO);
    const drive = await connect(ws, ws.bob, 'google-drive', MO);
    fake.oauth.revokeDown.add('github');
    try {
      expect((await sendEvent(world, userChange(ws, ws.bob, true), { ws })).status).toBe(200);
      await eventually(async () => expect(await rowsOf(ws.team.id, ws.bob)).toBe(0));
      await settled(world, SLACK_QUEUES.slackEvent.name);
    } finally {
      fake.oauth.revokeDown.delete('github');
    }
    expect(fake.oauth.tokens.get(drive)?.revoked).toBe(true);
    expect(fake.oauth.tokens.get(github)?.revoked).toBe(false);
    expect(await repositories.oauthTokens.findLatest(ws.team.id, ws.bob, 'github')).toBeNull();
  });

  const tomoPosts = (ws: SeededWorkspace, channel: string) =>
    world.slack.state.messages.filter((m) => m.channel === channel && m.botId === ws.team.botId).map((m) => m.text);

  it('turns off the summaries they own at once and tells each channel once; their next run says nothing more', async () => {
    const ws = seedWorkspace(world.slack, 'T0LEFTSUM');
    expect((await installThroughBrowser(world, ws)).status).toBe(200);
    const archived = world.slack.addChannel({ id: 'CARCHSUM', teamId: ws.team.id, name: 'old-project', isArchived: true }).id;
    const alices = world.slack.addChannel({ id: 'CALICESUM', teamId: ws.team.id, name: 'alices-standup' }).id;
    await saveDailySummary(repositories, ws, ws.channel, ws.bob);
    await saveDailySummary(repositories, ws, archived, ws.bob);
    await saveDailySummary(repositories, ws, alices, ws.alice);

    world.slack.state.users.get(ws.bob)!.deleted = true;
    expect((await sendEvent(world, userChange(ws, ws.bob, true), { ws })).status).toBe(200);
    await eventually(async () => expect(await repositories.scheduleSettings.findLatest(ws.team.id, ws.channel)).toMatchObject({ isSummaryEnabled: false }));
    await settled(world, SLACK_QUEUES.slackEvent.name);

    // Off, by Tomo, and #general told once, in the installer's (Alice's) language, as the run would.
    const note = slackText('SLACK.SUMMARY_OWNER_GONE', { channel: `<#${ws.channel}>`, owner: `<@${ws.bob}>` }, 'en');
    expect(tomoPosts(ws, ws.channel)).toEqual([note]);
    expect(await repositories.scheduleSettings.findLatest(ws.team.id, ws.channel)).toMatchObject({ isSummaryEnabled: false, updatedBy: ws.team.botUserId });
    // An archived channel takes no message: off all the same, nothing said (as the run does).
    expect(await repositories.scheduleSettings.findLatest(ws.team.id, archived)).toMatchObject({ isSummaryEnabled: false });
    expect(tomoPosts(ws, archived)).toEqual([]);
    // Alice's summary stays hers and on.
    expect(await repositories.scheduleSettings.findLatest(ws.team.id, alices)).toMatchObject({ isSummaryEnabled: true, updatedBy: ws.alice });
    expect((await memberLeftJobs(ws.team.id))[0]).toMatchObject({ state: 'completed', output: { summaries: 2, workspaces: 1 } });

    // The summary's own run for today, and the news delivered again: neither tells anyone a second time.
    const now = new Date();
    await world.app.queue.send(SLACK_QUEUES.slackSummary.name, { teamId: ws.team.id, channelId: ws.channel, runAt: now.toISOString(), day: now.toISOString().slice(0, 10) });
    expect((await sendEvent(world, userChange(ws, ws.bob, true), { ws })).status).toBe(200);
    await eventually(async () => expect(await memberLeftJobs(ws.team.id)).toHaveLength(2));
    await settled(world, SLACK_QUEUES.slackSummary.name);
    await settled(world, SLACK_QUEUES.slackEvent.name);
    expect(tomoPosts(ws, ws.channel)).toEqual([note]);
    const bobsDm = [...world.slack.state.channels.values()].find((c) => c.teamId === ws.team.id && c.isIm && c.user === ws.bob);
    expect(bobsDm ? tomoPosts(ws, bobsDm.id) : []).toEqual([]);
    expect((await memberLeftJobs(ws.team.id)).map((job) => (job.output as { summaries?: number }).summaries).sort()).toEqual([0, 2]);
  });

  it('without SLACK_APP_TOKEN, sweeps the workspace the event names and says once that other installations were not asked', async () => {
    const ws = seedWorkspace(world.slack, 'T0LEFTNOAPP');
    expect((await installThroughBrowser(world, ws)).status).toBe(200);
    const bobs = new HttpSession(world.app.baseUrl);
    await bobs.signIn(world.slack, { teamId: ws.team.id, userId: ws.bob });
    const notSet = () => logs.output().split('\n').filter((line) => line.includes('SLACK_APP_TOKEN is not set')).length;
    const before = notSet();
    // As Slack sends it: with the event's context, for apps.event.authorizations.list.
    expect((await sendEvent(world, userChange(ws, ws.bob, true), { ws, envelope: { event_context: '4-eyJldCI6InVzZXJfY2hhbmdlIn0' } })).status).toBe(200);
    await eventually(async () => expect(await memberLeftJobs(ws.team.id)).toHaveLength(1));
    await settled(world, SLACK_QUEUES.slackEvent.name);
    expect((await bobs.get('/api/me')).status).toBe(401);
    expect((await memberLeftJobs(ws.team.id))[0]).toMatchObject({ state: 'completed', output: { workspaces: 1, sessions: 1 } });
    expect(notSet()).toBe(before + 1);
  });

  it('a user_change of an active person (a profile edit) changes nothing; only their deactivation does', async () => {
    const ws = seedWorkspace(world.slack, 'T0LEFTNOT');
    expect((await installThroughBrowser(world, ws)).status).toBe(200);
    await assignSeats(ws, 'sub-left-not', [ws.bob]);
    const token = await connect(ws, ws.bob, 'github', MO);

    expect((await sendEvent(world, userChange(ws, ws.bob, false), { ws })).status).toBe(200);
    await settled(world, SLACK_QUEUES.slackEvent.name);
    expect(await memberLeftJobs(ws.team.id)).toEqual([]);
    expect(fake.oauth.tokens.get(token)?.revoked).toBe(false);
    expect(await repositories.oauthTokens.findLatest(ws.team.id, ws.bob, 'github')).toMatchObject({ accessToken: token, status: 'connected' });
    expect(await repositories.seatAssignments.listByMember(ws.team.id, ws.bob)).toHaveLength(1);

    expect((await sendEvent(world, userChange(ws, ws.bob, true), { ws })).status).toBe(200);
    await eventually(async () => expect(await repositories.seatAssignments.listByMember(ws.team.id, ws.bob)).toEqual([]));
    expect(fake.oauth.tokens.get(token)?.revoked).toBe(true);
    expect(await repositories.oauthTokens.findLatest(ws.team.id, ws.bob, 'github')).toBeNull();
  });
});
