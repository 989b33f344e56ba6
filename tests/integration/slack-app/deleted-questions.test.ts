import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  installThroughBrowser,
  jobsOf,
  mention,
  sendEvent,
  settled,
  startSlackAppWorld,
  type SlackAppWorld,
} from './support/slack-app-world';

describe('Slack app: a question deleted before Tomo reads it (real server and worker, Slack and LLM fakes)', () => {
  let world: SlackAppWorld;

  beforeAll(async () => {
    world = await startSlackAppWorld();
    expect((await installThroughBrowser(world)).status).toBe(200);
  });
  afterAll(() => world.close());

  it('lets a mention go quietly when its message is gone (thread_not_found), without retrying it or asking the model', async () => {
    const calls = world.openai.calls.length;
    const question = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: `<@${world.ws.team.botUserId}> oops, wrong channel` });
    // Deleted by its author before the job ran: Slack still delivers the app_mention it had sent.
    world.slack.state.messages.splice(world.slack.state.messages.indexOf(question), 1);

    expect((await sendEvent(world, mention(world, { ts: question.ts, channel: world.ws.channel }))).status).toBe(200);

    const jobs = (await settled(world)).filter((job) => (job.data as { ts?: string }).ts === question.ts);
    expect(jobs.map((job) => [job.state, job.retryCount])).toEqual([['completed', 0]]);
    expect(world.openai.calls.length).toBe(calls);
    expect(world.slack.state.messages.filter((m) => m.channel === world.ws.channel && m.botId === world.ws.team.botId)).toEqual([]);
    expect(await jobsOf(world)).toHaveLength(1);
  });
});
