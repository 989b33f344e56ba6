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
});
