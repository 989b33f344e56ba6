import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedWorkspace } from '../../../adapters/slack-emulator/seed-workspace';
import { translate } from '../../../apps/shared/messages';
import {
  buyPlan,
  endTrial,
  eventually,
  installThroughBrowser,
  jobsOf,
  mention,
  repliesIn,
  repositoriesOf,
  sendEvent,
  settled,
  startSlackAppWorld,
  type SlackAppWorld,
} from './support/slack-app-world';

/**
 * Who is asking, as Slack names them: Slackbot posting a reminder someone set, and on Enterprise
 * Grid a person of another organization in a Slack Connect channel. Each workspace here is on a
 * paid plan of one seat, filled by whoever asks first (automatic assignment), so a seat taken by
 * the wrong asker is a seat the workspace's own people lose.
 */
describe('Slack app: who takes a seat (real server and worker, Slack and LLM fakes)', () => {
  let world: SlackAppWorld;

  beforeAll(async () => {
    world = await startSlackAppWorld();
  });
  afterAll(() => world.close());

  it('lets a Slackbot reminder that mentions Tomo take no seat and get no answer, leaving the seat to the workspace’s people', async () => {
    const ws = seedWorkspace(world.slack, 'T0REMIND');
    expect((await installThroughBrowser(world, ws)).status).toBe(200);
    await endTrial(world, ws);
    await buyPlan(world, ws, { id: 'sub-remind', quantity: 1 });
    // users.list lists Slackbot with is_bot false (Slack's user type page; Slack API's own word).
    world.slack.addUser({ id: 'USLACKBOT', teamId: ws.team.id, name: 'slackbot', realName: 'Slackbot' });
    const calls = world.openai.calls.length;

    // `/remind #general @Tomo summarise the standup every weekday at 9am`, as Slack posts it when due:
    // by USLACKBOT with bot_id B01 and no subtype; the app_mention and the channel message alike.
    const text = `Reminder: <@${ws.team.botUserId}> summarise the standup.`;
    const reminder = world.slack.addMessage({ channel: ws.channel, user: 'USLACKBOT', botId: 'B01', text });
    const shape = { user: 'USLACKBOT', bot_id: 'B01', text, team: ws.team.id };
    expect((await sendEvent(world, { ...mention(world, { ts: reminder.ts, channel: ws.channel }, ws), ...shape }, { ws })).status).toBe(200);
    const message = { type: 'message', channel_type: 'channel', channel: ws.channel, ts: reminder.ts, event_ts: reminder.ts, ...shape };
    expect((await sendEvent(world, message, { ws })).status).toBe(200);
    await settled(world);

    expect(repliesIn(world, ws.channel, reminder.ts)).toEqual([]);
    expect(world.openai.calls.length).toBe(calls);
    expect(await repositoriesOf(world).seatAssignments.listByTeam(ws.team.id)).toEqual([]);
    expect((await jobsOf(world)).filter((job) => (job.data as { ts?: string }).ts === reminder.ts)).toEqual([]);

    world.openai.answer('Here is the standup summary.');
    const own = world.slack.addMessage({ channel: ws.channel, user: ws.alice, text: `<@${ws.team.botUserId}> summarise the standup` });
    expect((await sendEvent(world, mention(world, { ts: own.ts, channel: ws.channel }, ws), { ws })).status).toBe(200);
    await eventually(() => expect(repliesIn(world, ws.channel, own.ts)).toEqual(['Here is the standup summary.']));
    expect(await repositoriesOf(world).seatAssignments.listByTeam(ws.team.id)).toEqual([
      expect.objectContaining({ memberId: ws.alice, assignmentKind: 'automatic', subscriptionId: 'sub-remind' }),
    ]);
  });

  /**
   * A Grid workspace's event in a channel shared with another organization: the envelope names
   * the host's organization (`enterprise_id`, `authorizations[0].enterprise_id`), the partner's
   * message their own workspace (`user_team`, `source_team`), and users.info their own `team_id`
   * (no `enterprise_user`: they are not of the host's organization).
   */
  it('gives a person of another organization no seat of a Grid workspace’s paid plan (their user_team was ignored on Grid) and tells them why', async () => {
    const host = seedWorkspace(world.slack, 'T0GRIDHOST');
    expect((await installThroughBrowser(world, host)).status).toBe(200);
    await endTrial(world, host);
    await buyPlan(world, host, { id: 'sub-grid', quantity: 1 });
    const partnerTeam = 'T0OUTSIDE';
    world.slack.addTeam({ id: partnerTeam, name: 'Outside Inc' });
    const erin = world.slack.addUser({ id: 'UERINOUTSIDE', teamId: partnerTeam, name: 'erin', realName: 'Erin Outside', locale: 'en-US' }).id;
    const colleague = world.slack.addUser({ id: 'W0GRIDCOLL', teamId: host.team.id, name: 'gus', realName: 'Gus Grid', locale: 'en-US', enterpriseId: 'E0HOSTORG' }).id;
    const grid = {
      envelope: { enterprise_id: 'E0HOSTORG', context_team_id: host.team.id, context_enterprise_id: 'E0HOSTORG', is_ext_shared_channel: true },
      authorizations: [{ enterprise_id: 'E0HOSTORG', team_id: host.team.id, user_id: host.team.botUserId, is_bot: true, is_enterprise_install: false }],
      ws: host,
    };
    const calls = world.openai.calls.length;

    const asked = world.slack.addMessage({ channel: host.channel, user: erin, text: `<@${host.team.botUserId}> can I use you?` });
    const event = { ...mention(world, { ts: asked.ts, channel: host.channel, user: erin }, host), user_team: partnerTeam, source_team: partnerTeam, team: partnerTeam };
    expect((await sendEvent(world, event, grid)).status).toBe(200);

    await eventually(() => expect(repliesIn(world, host.channel, asked.ts)).toEqual([translate('ENTITLEMENT.OTHER_WORKSPACE', {}, 'en')]));
    expect(world.openai.calls.length).toBe(calls);
    expect(await repositoriesOf(world).seatAssignments.listByTeam(host.team.id)).toEqual([]);

    // A person of the host's organization (W… id, user_team naming the organization) still takes it.
    world.openai.answer('Yes, Gus.');
    const own = world.slack.addMessage({ channel: host.channel, user: colleague, text: `<@${host.team.botUserId}> and me?` });
    const ownEvent = { ...mention(world, { ts: own.ts, channel: host.channel, user: colleague }, host), user_team: 'E0HOSTORG', source_team: host.team.id, team: host.team.id };
    expect((await sendEvent(world, ownEvent, grid)).status).toBe(200);
    await eventually(() => expect(repliesIn(world, host.channel, own.ts)).toEqual(['Yes, Gus.']));
    expect(await repositoriesOf(world).seatAssignments.listByTeam(host.team.id)).toEqual([
      expect.objectContaining({ memberId: colleague, assignmentKind: 'automatic', subscriptionId: 'sub-grid' }),
    ]);
  });
});
