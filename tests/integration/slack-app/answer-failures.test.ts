import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgSubscriptionRepository } from '../../../adapters/postgres/pg-subscription-repository';
import { seedWorkspace } from '../../../adapters/slack-emulator/seed-workspace';
import {
  eventually,
  installThroughBrowser,
  mention,
  repliesIn,
  sendEvent,
  settled,
  startSlackAppWorld,
  type SlackAppWorld,
} from './support/slack-app-world';

const UNKNOWN_EN = 'An unknown error has occurred. Please try again later or contact us.';
const UNKNOWN_JA = '不明なエラーが発生しました。しばらくしてからもう一度お試しいただくか、お問い合わせください。';

describe('Slack app: when the model or the plan says no', () => {
  let world: SlackAppWorld;

  beforeAll(async () => {
    world = await startSlackAppWorld();
    await installThroughBrowser(world);
  });
  afterAll(() => world.close());

  const ask = async (user = world.ws.alice) => {
    const message = world.slack.addMessage({ channel: world.ws.channel, user, text: `<@${world.ws.team.botUserId}> help` });
    await sendEvent(world, mention(world, { ts: message.ts, channel: world.ws.channel, user }));
    return message.ts;
  };

  it('falls back to Anthropic when OpenAI answers 500, and the person gets the answer', async () => {
    world.openai.failNext(500);
    world.anthropic.answer('Answered by the second provider.');
    const ts = await ask();
    await eventually(() => expect(repliesIn(world, world.ws.channel, ts)).toEqual(['Answered by the second provider.']));
    expect(world.anthropic.calls).toHaveLength(1);
  });

  it('posts the unknown-error message once, clears the status, and does not retry, when both providers are down', async () => {
    world.openai.failAlways(500);
    world.anthropic.failAlways(529);
    try {
      const ts = await ask();
      await eventually(() => expect(repliesIn(world, world.ws.channel, ts)).toEqual([UNKNOWN_EN]));
      const jobs = (await settled(world)).filter((job) => (job.data as { ts?: string }).ts === ts);
      expect(jobs).toHaveLength(1);
      expect(jobs[0]).toMatchObject({ state: 'completed', output: { status: 'failed', reason: 'llm_unavailable' } });
      expect(repliesIn(world, world.ws.channel, ts)).toEqual([UNKNOWN_EN]);
      expect(world.slack.statusOf(world.ws.channel, ts)).toBe('');

      // In the asker's language (Bob's Slack is in Japanese).
      const jaTs = await ask(world.ws.bob);
      await eventually(() => expect(repliesIn(world, world.ws.channel, jaTs)).toEqual([UNKNOWN_JA]));
    } finally {
      world.openai.reset();
      world.anthropic.reset();
    }
  });

  it('tells the asker the trial is over and how to buy a plan, without asking a model', async () => {
    const other = seedWorkspace(world.slack, 'T0TRIAL');
    await installThroughBrowser(world, other);
    const subscriptions = new PgSubscriptionRepository(world.app.database.orm);
    for (const trial of await subscriptions.listByTeam(other.team.id)) {
      await subscriptions.save(other.team.id, { ...trial, currentPeriodEnd: new Date(Date.now() - 86_400_000) });
    }
    const calls = world.openai.calls.length + world.anthropic.calls.length;

    const message = world.slack.addMessage({ channel: other.channel, user: other.alice, text: `<@${other.team.botUserId}> hi` });
    await sendEvent(world, mention(world, { ts: message.ts, channel: other.channel }, other), { ws: other });

    await eventually(() =>
      expect(repliesIn(world, other.channel, message.ts)).toEqual([
        `Your free trial of Tomo has ended. To keep using Tomo, a workspace admin can buy a plan at ${world.app.config.PUBLIC_URL}/pricing`,
      ]),
    );
    expect(world.openai.calls.length + world.anthropic.calls.length).toBe(calls);
  });
});
