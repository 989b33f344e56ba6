import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AesGcmSecretBox } from '../../../adapters/crypto';
import { createPgRepositories, type PgRepositories } from '../../../adapters/postgres/pg-repositories';
import { seedWorkspace, type SeededWorkspace } from '../../../adapters/slack-emulator/seed-workspace';
import { slackText } from '../../../apps/shared/messages/slack';
import { SLACK_QUEUES } from '../../../apps/shared/slack-jobs';
import { startFakeSocketMode, type EventAuthorization, type FakeSocketMode } from '../../fakes/slack/socket-mode';
import { capturingLogger } from '../../support/logger';
import { HttpSession } from '../settings/support/http-session';
import { saveDailySummary } from './support/schedules';
import { buyPlan, eventually, installThroughBrowser, jobsOf, sendEvent, settled, startSlackAppWorld, type SlackAppWorld } from '../slack-app/support/slack-app-world';

const APP_TOKEN = 'xapp-1-A0TOMO-4321-fedcba';
const ORG = 'E0GRID';

/**
 * One deactivation, several installations: an Enterprise Grid organization whose two workspaces
 * each installed Tomo. Slack delivers the `user_change` once, for one of them (its
 * `authorizations` names one); Tomo asks `apps.event.authorizations.list` with the event's
 * `event_context` and the app-level token (SLACK_APP_TOKEN, `authorizations:read`), and the
 * person's sessions, seats and summaries end in every workspace listed that Tomo is installed in.
 */
describe('A person who leaves an Enterprise Grid organization loses what they had in each of its workspaces', () => {
  let socket: FakeSocketMode;
  let world: SlackAppWorld;
  let repositories: PgRepositories;
  let logs: ReturnType<typeof capturingLogger>;
  let a: SeededWorkspace;
  let b: SeededWorkspace;

  beforeAll(async () => {
    socket = await startFakeSocketMode({ appToken: APP_TOKEN, scopes: ['connections:write', 'authorizations:read'] });
    logs = capturingLogger('warn');
    world = await startSlackAppWorld({ SLACK_APP_TOKEN: APP_TOKEN, SLACK_API_URL: socket.url }, { logger: logs.logger });
    // Every Web API call but the app-level token's goes on to the fake Slack.
    socket.upstream = world.slack.origin;
    repositories = createPgRepositories(world.app.database.orm, AesGcmSecretBox.fromEnv(world.app.config.ENCRYPTION_KEY!));
    a = seedWorkspace(world.slack, 'T0GRIDA');
    b = seedWorkspace(world.slack, 'T0GRIDB');
    for (const ws of [a, b]) expect((await installThroughBrowser(world, ws)).status).toBe(200);
    await buyPlan(world, b, { id: 'sub-grid-b', quantity: 5 });
  });
  afterAll(async () => {
    await world?.close();
    await socket?.close();
  });

  /** A person of the organization, in both workspaces under one (global) user id, as on Grid. */
  const gridPerson = (id: string) =>
    world.slack.addUser({ id, teamId: a.team.id, name: id.toLowerCase(), realName: id, enterpriseId: ORG, enterpriseTeams: [a.team.id, b.team.id], locale: 'en-US' }).id;

  const signedIn = async (ws: SeededWorkspace, userId: string) => {
    const session = new HttpSession(world.app.baseUrl);
    await session.signIn(world.slack, { teamId: ws.team.id, userId });
    expect((await session.get('/api/me')).status).toBe(200);
    return session;
  };

  const bot = (ws: SeededWorkspace): EventAuthorization => ({ enterprise_id: ORG, team_id: ws.team.id, user_id: ws.team.botUserId, is_bot: true, is_enterprise_install: false });

  /** Slack's user_change as workspace A's installation receives it, with its event_context. */
  const deactivation = (userId: string, eventContext: string) =>
    sendEvent(
      world,
      { type: 'user_change', user: { id: userId, team_id: a.team.id, name: userId.toLowerCase(), deleted: true, profile: { real_name: userId }, is_bot: false, updated: 1_765_000_000 }, cache_ts: 1_765_000_000, event_ts: '1765000000.000100' },
      { ws: a, envelope: { enterprise_id: ORG, event_context: eventContext }, authorizations: [bot(a)] },
    );

  const memberLeftJob = async (eventId: string) =>
    (await jobsOf(world, SLACK_QUEUES.slackEvent.name)).find((job) => (job.data as { eventId?: string }).eventId === eventId);

  const tomoPosts = (ws: SeededWorkspace, channel: string) =>
    world.slack.state.messages.filter((m) => m.channel === channel && m.botId === ws.team.botId).map((m) => m.text);

  it('ends their sessions, releases their seat and turns off their summary in the other workspace too, reading every page Slack lists', async () => {
    const carol = gridPerson('WCAROLGRID');
    const [carolInA, carolInB, aliceInB] = [await signedIn(a, carol), await signedIn(b, carol), await signedIn(b, b.alice)];
    const admin = await signedIn(b, b.alice);
    expect((await admin.send('PUT', `/api/settings/members/${carol}/seat`, { subscriptionId: 'sub-grid-b' })).status).toBe(200);
    await saveDailySummary(repositories, b, b.channel, carol);
    // Slack lists A, then 250 installations of the app in workspaces that never installed Tomo
    // here, then B: B comes on a later page.
    const strangers = Array.from({ length: 250 }, (_, i): EventAuthorization => ({ ...bot(b), team_id: `T0OTHER${i}`, user_id: `UBOTOTHER${i}` }));
    socket.eventAuthorizations.set('EC-CAROL', [bot(a), ...strangers, bot(b)]);

    world.slack.state.users.get(carol)!.deleted = true;
    const sent = await deactivation(carol, 'EC-CAROL');
    expect(sent.status).toBe(200);
    await eventually(async () => expect((await memberLeftJob(sent.eventId))?.state).toBe('completed'));
    await settled(world, SLACK_QUEUES.slackEvent.name);

    // Signed out of Settings in both workspaces; Alice of B stays signed in.
    for (const session of [carolInA, carolInB]) expect((await session.get('/api/me')).status).toBe(401);
    expect((await aliceInB.get('/api/me')).status).toBe(200);
    // B's seat free for someone else; B's #general told its summary is off, once.
    expect(await repositories.seatAssignments.listByMember(b.team.id, carol)).toEqual([]);
    expect(await repositories.scheduleSettings.findLatest(b.team.id, b.channel)).toMatchObject({ isSummaryEnabled: false, updatedBy: b.team.botUserId });
    expect(tomoPosts(b, b.channel)).toEqual([slackText('SLACK.SUMMARY_OWNER_GONE', { channel: `<#${b.channel}>`, owner: `<@${carol}>` }, 'en')]);
    expect((await memberLeftJob(sent.eventId))?.output).toMatchObject({ workspaces: 2, seats: 1, sessions: 2, summaries: 1 });
    // Two pages, the second asked for with the first's cursor.
    const calls = socket.authorizationLists.filter((call) => call.eventContext === 'EC-CAROL');
    expect(calls.map((call) => call.outcome)).toEqual(['ok', 'ok']);
    expect(calls[1]!.cursor).toBeDefined();
  });

  it('without authorizations:read on the app-level token, sweeps the event’s own workspace as before and says so in one warning', async () => {
    const dan = gridPerson('WDANGRID');
    const [danInA, danInB] = [await signedIn(a, dan), await signedIn(b, dan)];
    const dansChannel = world.slack.addChannel({ id: 'CDANGRIDB', teamId: b.team.id, name: 'dans-standup' }).id;
    await saveDailySummary(repositories, b, dansChannel, dan);
    socket.eventAuthorizations.set('EC-DAN', [bot(a), bot(b)]);
    socket.scopes.delete('authorizations:read');
    const warningsBefore = logs.output().split('\n').filter((line) => line.includes('apps.event.authorizations.list')).length;
    try {
      const sent = await deactivation(dan, 'EC-DAN');
      expect(sent.status).toBe(200);
      await eventually(async () => expect((await memberLeftJob(sent.eventId))?.state).toBe('completed'));
      await settled(world, SLACK_QUEUES.slackEvent.name);
      expect((await memberLeftJob(sent.eventId))?.output).toMatchObject({ workspaces: 1, sessions: 1 });
    } finally {
      socket.scopes.add('authorizations:read');
    }
    expect((await danInA.get('/api/me')).status).toBe(401);
    // B is not known to be concerned: nothing of Dan's there changes.
    expect((await danInB.get('/api/me')).status).toBe(200);
    expect(await repositories.scheduleSettings.findLatest(b.team.id, dansChannel)).toMatchObject({ isSummaryEnabled: true, updatedBy: dan });
    expect(socket.authorizationLists.filter((call) => call.eventContext === 'EC-DAN').map((call) => call.outcome)).toEqual(['missing_scope']);
    const warnings = logs.output().split('\n').filter((line) => line.includes('apps.event.authorizations.list'));
    expect(warnings).toHaveLength(warningsBefore + 1);
    expect(warnings.at(-1)).toContain('"code":"missing_scope"');
  });
});
