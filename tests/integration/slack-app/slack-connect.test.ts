import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedWorkspace } from '../../../adapters/slack-emulator/seed-workspace';
import { translate } from '../../../apps/shared/messages';
import { SLACK_QUEUES } from '../../../apps/shared/slack-jobs';
import type { FakeMessage } from '../../../adapters/slack-emulator/fake-slack';
import {
  buyPlan,
  endTrial,
  eventually,
  installThroughBrowser,
  jobsOf,
  mention,
  postInteraction,
  repliesIn,
  repositoriesOf,
  sendEvent,
  settled,
  startSlackAppWorld,
  type SlackAppWorld,
} from './support/slack-app-world';

/**
 * Slack Connect: a channel shared with another organization. Its people's events reach Tomo
 * with `user_team`/`source_team` naming their own workspace, and Slack may not show Tomo
 * their profile: `users.info` answers `user_not_visible` ("The requested user is not visible
 * to the calling user").
 */
describe('Slack app: people of another organization in a shared channel (real server and worker, Slack and LLM fakes)', () => {
  let world: SlackAppWorld;
  const externalTeam = 'T0PARTNER';
  const carol = 'UCAROLPARTNER';
  /** A partner's person whose profile Slack will not show Tomo. */
  const dave = 'UDAVEHIDDEN';

  beforeAll(async () => {
    world = await startSlackAppWorld();
    expect((await installThroughBrowser(world)).status).toBe(200);
    world.slack.addTeam({ id: externalTeam, name: 'Partner Inc' });
    world.slack.addUser({ id: carol, teamId: externalTeam, name: 'carol', realName: 'Carol Partner', locale: 'en-US' });
    world.slack.addUser({ id: dave, teamId: externalTeam, name: 'dave', seenFromOtherWorkspaces: 'hidden' });
  });
  afterAll(() => world.close());

  /**
   * "Save as PDF" used by Carol in the host's shared channel, as Slack sends it: `team` and
   * `user.team_id` name her own workspace (which did not install Tomo); the message carries its
   * author's workspace in `team`, like every message object of a shared channel.
   */
  const partnerShortcut = (message: FakeMessage, authorTeam: string, callbackId = 'save_as_pdf_thread') => ({
    type: 'message_action',
    callback_id: callbackId,
    trigger_id: `${Date.now()}.${Math.random().toString(36).slice(2)}`,
    response_url: world.slack.responseUrl(message.channel, carol),
    team: { id: externalTeam, domain: 'partner' },
    channel: { id: message.channel, name: 'general' },
    user: { id: carol, name: 'carol', team_id: externalTeam },
    message_ts: message.ts,
    message: { type: 'message', user: message.user, team: authorTeam, ts: message.ts, text: message.text },
  });

  it('makes the PDF a partner asks for with the host workspace’s installation (their own `team` never installed Tomo)', async () => {
    const note = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: 'Shipping checklist for the partner' });
    expect((await postInteraction(world, partnerShortcut(note, world.ws.team.id))).status).toBe(200);

    await eventually(() => expect(world.slack.thread(world.ws.channel, note.ts).flatMap((m) => m.files ?? []).map((f) => f.mimetype)).toEqual(['application/pdf']), 20_000);
    await settled(world, SLACK_QUEUES.slackPdf.name);
    const jobs = (await jobsOf(world, SLACK_QUEUES.slackPdf.name)).filter((job) => (job.data as { messageTs?: string }).messageTs === note.ts);
    expect(jobs.map((job) => [job.state, (job.data as { teamId?: string }).teamId])).toEqual([['completed', world.ws.team.id]]);
  });

  it('tells a partner, in English and Japanese, when no workspace of the shortcut installed Tomo, instead of doing nothing', async () => {
    const theirs = world.slack.addMessage({ channel: world.ws.channel, user: carol, text: 'A note from the partner side' });
    const before = world.slack.ephemeralsFor(carol).length;
    expect((await postInteraction(world, partnerShortcut(theirs, externalTeam, 'save_as_pdf'))).status).toBe(200);

    await eventually(() => expect(world.slack.ephemeralsFor(carol).length).toBe(before + 1));
    const [told] = world.slack.ephemeralsFor(carol).slice(before);
    expect(told).toEqual({ channel: world.ws.channel, user: carol, text: `${translate('PDF.NOT_INSTALLED', {}, 'en')}\n${translate('PDF.NOT_INSTALLED', {}, 'ja')}` });
    const jobs = (await jobsOf(world, SLACK_QUEUES.slackPdf.name)).filter((job) => (job.data as { messageTs?: string }).messageTs === theirs.ts);
    expect(jobs).toEqual([]);
  });

  it('answers a mention whose asker Slack does not let it see, instead of failing the job until it gives up', async () => {
    world.openai.answer('The release is on Friday.');
    // Every profile lookup of this answer is refused the way Slack refuses a hidden person.
    const question = world.slack.addMessage({ channel: world.ws.channel, user: dave, text: `<@${world.ws.team.botUserId}> when is the release?` });

    const event = { ...mention(world, { ts: question.ts, channel: world.ws.channel, user: dave }), user_team: externalTeam, source_team: externalTeam };
    expect((await sendEvent(world, event)).status).toBe(200);

    await eventually(() => expect(repliesIn(world, world.ws.channel, question.ts)).toEqual(['The release is on Friday.']), 20_000);
    await settled(world);
    const jobs = (await jobsOf(world)).filter((job) => (job.data as { ts?: string }).ts === question.ts);
    expect(jobs.map((job) => job.state)).toEqual(['completed']);
    expect(jobs[0]!.retryCount).toBe(0);
  });

  it('streams a partner’s answer to them as a person of their own workspace (recipient_team_id is theirs, not the host’s)', async () => {
    world.openai.answer('Here is the plan.');
    const question = world.slack.addMessage({ channel: world.ws.channel, user: carol, text: `<@${world.ws.team.botUserId}> the plan?` });
    const event = { ...mention(world, { ts: question.ts, channel: world.ws.channel, user: carol }), user_team: externalTeam, source_team: externalTeam };
    expect((await sendEvent(world, event)).status).toBe(200);

    await eventually(() => expect(repliesIn(world, world.ws.channel, question.ts)).toEqual(['Here is the plan.']));
    const started = world.slack.callsTo('chat.startStream').filter((call) => call.params.thread_ts === question.ts);
    expect(started.map((call) => [call.params.recipient_user_id, call.params.recipient_team_id])).toEqual([[carol, externalTeam]]);
  });

  it('still names the host workspace for its own people (an event whose user_team is the installation’s)', async () => {
    world.openai.answer('Hello Alice.');
    const question = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: `<@${world.ws.team.botUserId}> hi` });
    const event = { ...mention(world, { ts: question.ts, channel: world.ws.channel }), user_team: world.ws.team.id, source_team: world.ws.team.id };
    expect((await sendEvent(world, event)).status).toBe(200);

    await eventually(() => expect(repliesIn(world, world.ws.channel, question.ts)).toEqual(['Hello Alice.']));
    const started = world.slack.callsTo('chat.startStream').filter((call) => call.params.thread_ts === question.ts);
    expect(started.map((call) => call.params.recipient_team_id)).toEqual([world.ws.team.id]);
  });

  it('gives a partner no seat of the host’s paid plan (the Members page could neither show nor free it) and tells them why', async () => {
    const host = seedWorkspace(world.slack, 'T0HOST');
    expect((await installThroughBrowser(world, host)).status).toBe(200);
    await endTrial(world, host);
    await buyPlan(world, host, { id: 'sub-host-1', quantity: 1 });
    const calls = world.openai.calls.length;

    const asked = world.slack.addMessage({ channel: host.channel, user: carol, text: `<@${host.team.botUserId}> can I use you?` });
    const event = { ...mention(world, { ts: asked.ts, channel: host.channel, user: carol }, host), user_team: externalTeam, source_team: externalTeam };
    expect((await sendEvent(world, event, { ws: host })).status).toBe(200);

    const refusal = translate('ENTITLEMENT.OTHER_WORKSPACE', {}, 'en');
    await eventually(() => expect(repliesIn(world, host.channel, asked.ts)).toEqual([refusal]));
    expect(world.openai.calls.length).toBe(calls);
    expect(await repositoriesOf(world).seatAssignments.listByTeam(host.team.id)).toEqual([]);

    // The host's own member still finds the seat free.
    world.openai.answer('Yes, you can.');
    const own = world.slack.addMessage({ channel: host.channel, user: host.alice, text: `<@${host.team.botUserId}> and me?` });
    expect((await sendEvent(world, mention(world, { ts: own.ts, channel: host.channel }, host), { ws: host })).status).toBe(200);
    await eventually(() => expect(repliesIn(world, host.channel, own.ts)).toEqual(['Yes, you can.']));
    expect(await repositoriesOf(world).seatAssignments.listByTeam(host.team.id)).toEqual([
      expect.objectContaining({ memberId: host.alice, assignmentKind: 'automatic', subscriptionId: 'sub-host-1' }),
    ]);
  });

  /** reaction_added as Slack sends it: no `user_team`, whoever reacts. */
  const reactionBy = (user: string, message: FakeMessage, reaction = 'jp') => ({
    type: 'reaction_added',
    user,
    reaction,
    item_user: message.user,
    item: { type: 'message', channel: message.channel, ts: message.ts },
    event_ts: `${Date.now() / 1000}`,
  });

  it('gives a partner’s emoji reaction no seat of the host’s paid plan either: their profile names their workspace, or Slack hides them', async () => {
    const host = seedWorkspace(world.slack, 'T0HOSTR');
    expect((await installThroughBrowser(world, host)).status).toBe(200);
    await endTrial(world, host);
    await buyPlan(world, host, { id: 'sub-host-r', quantity: 1 });
    world.slack.join(host.channel, carol);
    world.slack.join(host.channel, dave);
    const calls = world.openai.calls.length;
    const refusal = translate('ENTITLEMENT.OTHER_WORKSPACE', {}, 'en');

    for (const reactor of [carol, dave]) {
      const message = world.slack.addMessage({ channel: host.channel, user: host.alice, text: `Please translate this (${reactor})` });
      const before = world.slack.ephemeralsFor(reactor).length;
      expect((await sendEvent(world, reactionBy(reactor, message), { ws: host })).status).toBe(200);
      await eventually(() => expect(world.slack.ephemeralsFor(reactor).slice(before).map((e) => e.text)).toEqual([refusal]), 20_000);
      expect(world.slack.botReplies(host.channel, message.ts)).toEqual([]);
    }
    await settled(world, SLACK_QUEUES.slackReaction.name);
    expect(world.openai.calls.length).toBe(calls);
    expect(await repositoriesOf(world).seatAssignments.listByTeam(host.team.id)).toEqual([]);

    // The host's own member still finds the seat free, by a reaction too.
    world.openai.answer('翻訳です。');
    const own = world.slack.addMessage({ channel: host.channel, user: host.alice, text: 'Translate me' });
    expect((await sendEvent(world, reactionBy(host.bob, own), { ws: host })).status).toBe(200);
    await eventually(() => expect(repliesIn(world, host.channel, own.ts)).toEqual(['翻訳です。']), 20_000);
    expect(await repositoriesOf(world).seatAssignments.listByTeam(host.team.id)).toEqual([
      expect.objectContaining({ memberId: host.bob, assignmentKind: 'automatic', subscriptionId: 'sub-host-r' }),
    ]);
  });
});
