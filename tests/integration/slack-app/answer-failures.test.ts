import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgSubscriptionRepository } from '../../../adapters/postgres/pg-subscription-repository';
import { seedWorkspace } from '../../../adapters/slack-emulator/seed-workspace';
import {
  eventually,
  installThroughBrowser,
  mention,
  repliesIn,
  repositoriesOf,
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

  const mentionsCounted = async () =>
    (await repositoriesOf(world).usageEvents.tallyByMember(world.ws.team.id, null)).find((t) => t.memberId === world.ws.alice)?.channelMention ?? 0;
  /** Every message Tomo has in the thread, a stream still open included, as the person sees it. */
  const shownIn = (ts: string) => world.slack.botReplies(world.ws.channel, ts).map((m) => `${m.text}${m.streamState === 'streaming' ? ' [streaming]' : ''}`);
  const streamsStartedIn = (ts: string) => world.slack.callsTo('chat.startStream').filter((c) => c.params.thread_ts === ts && c.outcome === 'ok');

  it('replaces the words of a stream OpenAI cuts mid-answer with Anthropic’s whole answer: one message, one request counted', async () => {
    world.openai.answer('The first words of an answer that OpenAI never finishes.');
    world.openai.cutOffNext(30, 'destroy');
    world.anthropic.answer('The whole answer, written by the second provider.');
    // The earlier answers are counted once their jobs are done, after their words are shown.
    await settled(world);
    const counted = await mentionsCounted();
    try {
      const ts = await ask();
      const jobs = await eventually(async () => {
        const done = (await settled(world)).filter((job) => (job.data as { ts?: string }).ts === ts);
        expect(done).toHaveLength(1);
        return done;
      });
      expect(jobs[0]).toMatchObject({ state: 'completed', output: { status: 'answered', provider: 'anthropic' } });
      expect(shownIn(ts)).toEqual(['The whole answer, written by the second provider.']);
      // The cut words were in the thread (a stream of their own) before the whole answer replaced them.
      expect(streamsStartedIn(ts)).toHaveLength(2);
      expect(world.slack.statusOf(world.ws.channel, ts)).toBe('');
      await eventually(async () => expect(await mentionsCounted()).toBe(counted + 1));
    } finally {
      world.openai.reset();
      world.anthropic.reset();
    }
  });

  it('keeps the unknown-error message when every provider cuts its stream, the cut words marked as such, nothing counted', async () => {
    world.openai.answer('The first words of an answer that OpenAI never finishes.');
    world.openai.cutOffNext(30, 'destroy');
    world.anthropic.enqueue({ text: 'Anthropic starts over and breaks off as well.', cutOffAfterChars: 25, streamErrorType: 'overloaded_error' });
    const counted = await mentionsCounted();
    try {
      const ts = await ask();
      await eventually(() => expect(repliesIn(world, world.ws.channel, ts)).toContain(UNKNOWN_EN));
      const jobs = (await settled(world)).filter((job) => (job.data as { ts?: string }).ts === ts);
      expect(jobs).toHaveLength(1);
      expect(jobs[0]).toMatchObject({ state: 'completed', output: { status: 'failed', reason: 'llm_unavailable' } });
      expect(shownIn(ts)).toEqual(['Anthropic starts over and…', UNKNOWN_EN]);
      expect(world.slack.statusOf(world.ws.channel, ts)).toBe('');
      expect(await mentionsCounted()).toBe(counted);
    } finally {
      world.openai.reset();
      world.anthropic.reset();
    }
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

  it('marks an answer the model’s output limit cut (finish_reason length), so it does not read as whole', async () => {
    const anthropicCalls = world.anthropic.calls.length;
    world.openai.enqueue({ text: 'There are three steps. First, open the settings; second,', stopReason: 'max_tokens' });
    try {
      const ts = await ask();
      await eventually(() =>
        expect(repliesIn(world, world.ws.channel, ts)).toEqual([
          'There are three steps. First, open the settings; second,\n\n_(This answer was cut off: it reached the length limit for one answer. Ask me to continue for the rest.)_',
        ]),
      );
      expect(world.anthropic.calls).toHaveLength(anthropicCalls);
    } finally {
      world.openai.reset();
    }
  });

  it('says the conversation is too long when OpenAI answers context_length_exceeded, without asking Anthropic the same', async () => {
    const anthropicCalls = world.anthropic.calls.length;
    world.openai.enqueue({ failWithStatus: 400, errorKind: 'context_length' });
    try {
      const ts = await ask();
      await eventually(() =>
        expect(repliesIn(world, world.ws.channel, ts)).toEqual([
          'This conversation is too long for the AI model to read at once. Please ask again in a new thread, or with shorter text or fewer files and links.',
        ]),
      );
      expect(world.anthropic.calls).toHaveLength(anthropicCalls);
      expect(world.slack.statusOf(world.ws.channel, ts)).toBe('');
    } finally {
      world.openai.reset();
    }
  });

  const SET_UP_EN =
    "The AI provider turned down Tomo's request (it does not accept something in how Tomo is set up), so there is no answer. Asking again will not help until that is fixed: please tell your workspace admin or contact us.";

  it("gives the safety line when Azure OpenAI's content filter refuses the prompt (400 content_filter), in the asker's language, asking no one else", async () => {
    const anthropicCalls = world.anthropic.calls.length;
    world.openai.enqueue({ failWithStatus: 400, errorKind: 'content_filter' }, { failWithStatus: 400, errorKind: 'content_filter' });
    try {
      const ts = await ask();
      await eventually(() => expect(repliesIn(world, world.ws.channel, ts)).toEqual(["_(This answer was stopped by the AI provider's safety filter.)_"]));
      const jaTs = await ask(world.ws.bob);
      await eventually(() => expect(repliesIn(world, world.ws.channel, jaTs)).toEqual(['_(この回答は AI プロバイダーの安全フィルターによって中断されました。)_']));
      expect(world.anthropic.calls).toHaveLength(anthropicCalls);
      expect(world.slack.statusOf(world.ws.channel, ts)).toBe('');
    } finally {
      world.openai.reset();
    }
  });

  it('answers from Anthropic when the OpenAI key is revoked (401 invalid_api_key)', async () => {
    world.openai.failNext(401);
    world.anthropic.answer('Answered although the OpenAI key was revoked.');
    try {
      const ts = await ask();
      await eventually(() => expect(repliesIn(world, world.ws.channel, ts)).toEqual(['Answered although the OpenAI key was revoked.']));
    } finally {
      world.openai.reset();
      world.anthropic.reset();
    }
  });

  it("says Tomo's set-up is at fault, not 'try again later', when OpenAI has no such model (404) and Anthropic denies permission (403): each asked once", async () => {
    const [openaiCalls, anthropicCalls] = [world.openai.calls.length, world.anthropic.calls.length];
    world.openai.failNext(404);
    world.anthropic.failNext(403);
    try {
      const ts = await ask();
      await eventually(() => expect(repliesIn(world, world.ws.channel, ts)).toEqual([SET_UP_EN]));
      expect(world.openai.calls).toHaveLength(openaiCalls + 1);
      expect(world.anthropic.calls).toHaveLength(anthropicCalls + 1);
    } finally {
      world.openai.reset();
      world.anthropic.reset();
    }
  });

  it('answers without the last tool results when they make the request longer than the model can read (context_length_exceeded after a tool round)', async () => {
    const anthropicCalls = world.anthropic.calls.length;
    world.openai.enqueue(
      { text: 'Let me work that out.', toolCalls: [{ name: 'calculator', arguments: { expression: '6 * 7' } }] },
      // A compatible server with a small context window, or the provider counting more tokens than tiktoken.
      { failWithStatus: 400, errorKind: 'context_length' },
      { text: 'I could not read the result of my calculation, so I cannot give you the number.' },
    );
    const before = world.openai.calls.length;
    try {
      const ts = await ask();
      await eventually(() =>
        expect(repliesIn(world, world.ws.channel, ts)).toEqual(['Let me work that out.\n\nI could not read the result of my calculation, so I cannot give you the number.']),
      );
      const [first, overflowing, retried] = world.openai.calls.slice(before).map((call) => call.prompt);
      expect(first?.toolChoice).toBe('auto');
      expect(overflowing?.turns.at(-1)).toMatchObject({ role: 'tool', text: '6 * 7 = 42' });
      // Asked once more with those results left out and no more tools: the request before them fitted.
      expect(retried?.turns.at(-1)?.role).toBe('tool');
      expect(retried?.turns.at(-1)?.text).toContain('This result was left out');
      expect(retried?.toolChoice).toBe('none');
      expect(world.anthropic.calls).toHaveLength(anthropicCalls);
    } finally {
      world.openai.reset();
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
