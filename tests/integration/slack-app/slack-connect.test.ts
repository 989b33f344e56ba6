import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  installThroughBrowser,
  jobsOf,
  mention,
  repliesIn,
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

  beforeAll(async () => {
    world = await startSlackAppWorld();
    expect((await installThroughBrowser(world)).status).toBe(200);
    world.slack.addTeam({ id: externalTeam, name: 'Partner Inc' });
    world.slack.addUser({ id: carol, teamId: externalTeam, name: 'carol', realName: 'Carol Partner', locale: 'en-US' });
  });
  afterAll(() => world.close());

  it('answers a mention whose asker Slack does not let it see, instead of failing the job until it gives up', async () => {
    world.openai.answer('The release is on Friday.');
    const question = world.slack.addMessage({ channel: world.ws.channel, user: carol, text: `<@${world.ws.team.botUserId}> when is the release?` });
    // Every profile lookup of this answer is refused the way Slack refuses a hidden person.
    world.slack.failNext('users.info', 'user_not_visible', { times: 100 });

    const event = { ...mention(world, { ts: question.ts, channel: world.ws.channel, user: carol }), user_team: externalTeam, source_team: externalTeam };
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
});
