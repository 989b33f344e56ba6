import { beforeEach, describe, expect, it } from 'vitest';
import { InMemoryChatWorkspace } from '../../../adapters/memory/in-memory-chat-platform';
import { InMemoryEgressAuditLog } from '../../../adapters/memory/in-memory-egress-audit-log';
import { InMemoryProcessedEventLog } from '../../../adapters/memory/in-memory-processed-event-log';
import { ScriptedLlmProvider } from '../../../adapters/memory/scripted-llm-provider';
import { FallbackLlmProvider } from '../../../adapters/llm/fallback-llm-provider';
import { translate } from '../../../apps/shared/messages';
import { AnswerQuestion, type AnswerQuestionInput } from '../../../core/assistant/answer-question.use-case';
import { AnswerRecordingError } from '../../../core/assistant/answer-stream.use-case';
import { ChatPlatformError } from '../../../core/assistant/chat-platform-error';
import type { LlmProvider } from '../../../core/assistant/llm-provider.port';
import { InstallWorkspace } from '../../../core/workspace/install-workspace.use-case';
import { InMemoryAssistantThreadRepository, InMemoryAutoReplyCounter } from '../../../adapters/memory/in-memory-trigger-state';
import { TEAM, TOMO_BOT_ID, TOMO_BOT_USER } from '../support/builders';
import { triggerDeps } from '../support/trigger-deps';
import { aWorkspaceFixture, type WorkspaceFixture } from '../support/workspace-fixture';

const CHANNEL = 'CGENERAL';
const DM = 'DHANA';
const HANA = 'UHANA';
const KENJI = 'UKENJI';

interface World {
  w: WorkspaceFixture;
  chat: InMemoryChatWorkspace;
  openai: ScriptedLlmProvider;
  anthropic: ScriptedLlmProvider;
  audit: InMemoryEgressAuditLog;
  events: InMemoryProcessedEventLog;
  answer(input: Partial<AnswerQuestionInput> & { ts: string }, llm?: LlmProvider): ReturnType<AnswerQuestion['execute']>;
}

async function aWorld(): Promise<World> {
  const w = aWorkspaceFixture('2025-01-10T00:00:00Z');
  await new InstallWorkspace(w).execute({
    teamId: TEAM,
    teamName: 'Acme',
    botUserId: TOMO_BOT_USER,
    botId: TOMO_BOT_ID,
    botToken: 'xoxb-acme',
    installedBy: HANA,
  });
  const chat = new InMemoryChatWorkspace(TOMO_BOT_USER, TOMO_BOT_ID);
  chat.addChannel(CHANNEL);
  chat.addChannel(DM);
  chat.addPerson({ id: HANA, name: 'hana', profile: { displayName: 'Hana' }, locale: 'en-US' });
  chat.addPerson({ id: KENJI, name: 'kenji', profile: { displayName: 'Kenji' }, locale: 'ja-JP' });
  const openai = new ScriptedLlmProvider({ name: 'openai', defaultModel: 'gpt-5' });
  const anthropic = new ScriptedLlmProvider({ name: 'anthropic', defaultModel: 'claude-test' });
  const audit = new InMemoryEgressAuditLog();
  const events = new InMemoryProcessedEventLog();
  let serial = 0;
  const answer: World['answer'] = (input, llm = new FallbackLlmProvider({ providers: [openai, anthropic] })) => {
    serial += 1;
    return new AnswerQuestion({
      ...triggerDeps(w, chat, llm, { audit, events }),
      autoReplies: w.autoReplies,
      autoReplyCounter: new InMemoryAutoReplyCounter(),
      assistantThreads: new InMemoryAssistantThreadRepository(),
    }).execute({
      eventId: `Ev${serial}`,
      teamId: TEAM,
      kind: 'mention',
      channelId: CHANNEL,
      threadTs: null,
      userId: HANA,
      botId: null,
      subtype: null,
      ...input,
    });
  };
  return { w, chat, openai, anthropic, audit, events, answer };
}

const replies = (world: World, channel: string, ts: string) => world.chat.botReplies(channel, ts).map((m) => m.text);
const UNKNOWN_EN = 'An unknown error has occurred. Please try again later or contact us.';

describe('answering a mention, a DM or a thread follow-up', () => {
  let world: World;
  beforeEach(async () => {
    world = await aWorld();
  });

  it('streams the model answer into the thread of a mention, counts one use and audits what left', async () => {
    world.openai.answer('Paris is the capital of France.');
    const ts = world.chat.say({ channelId: CHANNEL, userId: HANA, text: `<@${TOMO_BOT_USER}> capital of France?` });

    const result = await world.answer({ ts });

    expect(result).toMatchObject({ status: 'answered', provider: 'openai', model: 'gpt-5' });
    expect(replies(world, CHANNEL, ts)).toEqual(['Paris is the capital of France.']);
    expect(world.chat.botReplies(CHANNEL, ts)[0]!.appearance).toEqual({ username: 'Tomo' });
    expect(world.chat.thinking.size).toBe(0);
    const usage = await world.w.usage.tallyByMember(TEAM, null);
    expect(usage).toEqual([{ memberId: HANA, channelMention: 1, directMessage: 0, reaction: 0 }]);
    const [audit, ...more] = await world.audit.list(TEAM);
    expect(more).toEqual([]);
    expect(audit).toMatchObject({ memberId: HANA, provider: 'openai', model: 'gpt-5', sourceKinds: ['thread', 'instructions'] });
    expect(audit!.inputTokens).toBeGreaterThan(0);
    expect(audit!.outputTokens).toBeGreaterThan(0);
    // One turn: the question.
    const sent = world.openai.calls[0]!;
    expect(sent.messageCount).toBe(1);
  });

  it('does nothing the second time the same event arrives', async () => {
    const ts = world.chat.say({ channelId: CHANNEL, userId: HANA, text: 'hello?' });
    await world.answer({ ts, eventId: 'EvSame' });
    expect(await world.answer({ ts, eventId: 'EvSame' })).toEqual({ status: 'ignored', reason: 'duplicate' });
    expect(replies(world, CHANNEL, ts)).toHaveLength(1);
    expect(world.openai.calls).toHaveLength(1);
  });

  it('answers a top-level DM in a thread under it, counted as a DM', async () => {
    const ts = world.chat.say({ channelId: DM, userId: HANA, text: 'Summarise our plan' });
    expect(await world.answer({ ts, kind: 'direct_message', channelId: DM })).toMatchObject({ status: 'answered' });
    expect(world.chat.botReplies(DM, ts)).toHaveLength(1);
    expect(world.chat.botReplies(DM, ts)[0]!.threadTs).toBe(ts);
    expect(await world.w.usage.tallyByMember(TEAM, null)).toEqual([{ memberId: HANA, channelMention: 0, directMessage: 1, reaction: 0 }]);
  });

  it('answers a follow-up in a thread it already answers in, with the earlier turns as context', async () => {
    const parent = world.chat.say({ channelId: CHANNEL, userId: HANA, text: `<@${TOMO_BOT_USER}> first question` });
    await world.answer({ ts: parent });
    const followUp = world.chat.say({ channelId: CHANNEL, userId: KENJI, text: 'and a follow-up', threadTs: parent });
    // Written after the follow-up: not part of the question.
    world.chat.say({ channelId: CHANNEL, userId: HANA, text: 'later chatter', threadTs: parent });

    const result = await world.answer({ ts: followUp, threadTs: parent, kind: 'thread_reply', userId: KENJI });

    expect(result).toMatchObject({ status: 'answered' });
    expect(replies(world, CHANNEL, parent)).toHaveLength(2);
    // parent (user), Tomo's answer (assistant), the follow-up (user)
    expect(world.openai.calls[1]!.messageCount).toBe(3);
  });

  it('stays out of threads it is not part of, and out of its own messages', async () => {
    const parent = world.chat.say({ channelId: CHANNEL, userId: HANA, text: 'people talking' });
    const reply = world.chat.say({ channelId: CHANNEL, userId: KENJI, text: 'just us', threadTs: parent });
    expect(await world.answer({ ts: reply, threadTs: parent, kind: 'thread_reply', userId: KENJI })).toEqual({
      status: 'ignored',
      reason: 'tomo_not_in_thread',
    });
    const own = world.chat.say({ channelId: DM, userId: TOMO_BOT_USER, botId: TOMO_BOT_ID, text: 'my own words' });
    expect(await world.answer({ ts: own, kind: 'direct_message', channelId: DM, userId: TOMO_BOT_USER, botId: TOMO_BOT_ID })).toEqual({
      status: 'ignored',
      reason: 'own_message',
    });
    expect(world.openai.calls).toHaveLength(0);
  });

  it('leaves a follow-up that mentions Tomo to its app_mention event', async () => {
    const parent = world.chat.say({ channelId: CHANNEL, userId: HANA, text: `<@${TOMO_BOT_USER}> hi` });
    await world.answer({ ts: parent });
    const again = world.chat.say({ channelId: CHANNEL, userId: HANA, text: `<@${TOMO_BOT_USER}> again`, threadTs: parent });
    expect(await world.answer({ ts: again, threadTs: parent, kind: 'thread_reply' })).toEqual({
      status: 'ignored',
      reason: 'handled_as_mention',
    });
  });

  it('says the trial is over, with the pricing link, in the asker’s language, and asks no model', async () => {
    world.w.clock.advanceDays(15);
    const ts = world.chat.say({ channelId: CHANNEL, userId: HANA, text: 'still there?' });
    expect(await world.answer({ ts })).toEqual({ status: 'denied', reason: 'trial_over' });
    expect(replies(world, CHANNEL, ts)).toEqual([
      'Your free trial of Tomo has ended. To keep using Tomo, a workspace admin can buy a plan at https://tomo.test/pricing',
    ]);
    const jaTs = world.chat.say({ channelId: CHANNEL, userId: KENJI, text: 'まだ使えますか' });
    await world.answer({ ts: jaTs, userId: KENJI });
    expect(replies(world, CHANNEL, jaTs)[0]).toContain('https://tomo.test/ja/pricing');
    expect(replies(world, CHANNEL, jaTs)[0]).toContain('無料トライアルは終了しました');
    expect(world.openai.calls).toHaveLength(0);
  });

  it('does nothing for a workspace that is not installed (no token to speak with)', async () => {
    const ts = world.chat.say({ channelId: CHANNEL, userId: HANA, text: 'hello' });
    expect(await world.answer({ ts, teamId: 'TOTHER' })).toEqual({ status: 'ignored', reason: 'not_installed' });
  });

  it('posts as the custom app name and icon', async () => {
    await world.w.customizations.save(TEAM, {
      teamId: TEAM,
      appName: 'Hoshi',
      iconKey: 'icon-1.png',
      greetingWhenJoiningChannel: true,
      updatedBy: HANA,
      updatedAt: world.w.clock.now(),
    });
    const ts = world.chat.say({ channelId: CHANNEL, userId: HANA, text: 'hi' });
    await world.answer({ ts });
    expect(world.chat.botReplies(CHANNEL, ts)[0]!.appearance).toEqual({
      username: 'Hoshi',
      iconUrl: `https://tomo.test/slack/icons/${TEAM}/icon-1.png`,
    });
  });
});

describe('when the model stops before the end of its answer', () => {
  let world: World;
  beforeEach(async () => {
    world = await aWorld();
  });

  it('marks an answer the output limit cut off, so it does not read as whole', async () => {
    world.openai.enqueue({ text: 'The three reasons are: first, the cost; second,', stopReason: 'max_tokens' });
    const ts = world.chat.say({ channelId: CHANNEL, userId: HANA, text: 'why?' });
    expect(await world.answer({ ts })).toMatchObject({ status: 'answered', provider: 'openai' });
    expect(replies(world, CHANNEL, ts)).toEqual([
      `The three reasons are: first, the cost; second,\n\n${translate('SLACK.ANSWER_CUT_SHORT', {}, 'en')}`,
    ]);
  });

  it('says the limit was reached, not an unknown error, when a reasoning model spent it all before writing', async () => {
    world.openai.enqueue({ text: '', stopReason: 'max_tokens' });
    const ts = world.chat.say({ channelId: CHANNEL, userId: KENJI, text: 'なぜ?' });
    await world.answer({ ts, userId: KENJI });
    expect(replies(world, CHANNEL, ts)).toEqual([translate('SLACK.ANSWER_CUT_SHORT', {}, 'ja')]);
  });

  it("marks an answer the provider's safety filter stopped", async () => {
    world.openai.enqueue({ text: 'Here is how it works:', stopReason: 'refusal' });
    const ts = world.chat.say({ channelId: CHANNEL, userId: HANA, text: 'how?' });
    await world.answer({ ts });
    expect(replies(world, CHANNEL, ts)).toEqual([`Here is how it works:\n\n${translate('SLACK.ANSWER_STOPPED', {}, 'en')}`]);
  });
});

describe('when the model fails', () => {
  let world: World;
  beforeEach(async () => {
    world = await aWorld();
  });

  it('falls back to the other provider when the first answers 500', async () => {
    world.openai.failNext(500);
    world.anthropic.answer('From the second provider.');
    const ts = world.chat.say({ channelId: CHANNEL, userId: HANA, text: 'hi' });
    expect(await world.answer({ ts })).toMatchObject({ status: 'answered', provider: 'anthropic', model: 'claude-test' });
    expect(replies(world, CHANNEL, ts)).toEqual(['From the second provider.']);
    expect((await world.audit.list(TEAM)).map((a) => a.provider)).toEqual(['anthropic']);
  });

  it('posts the unknown-error message in the user’s language when every provider is down, and counts no use', async () => {
    world.openai.failAlways(500);
    world.anthropic.failAlways(529);
    const ts = world.chat.say({ channelId: CHANNEL, userId: HANA, text: 'hi' });
    expect(await world.answer({ ts })).toMatchObject({ status: 'failed', reason: 'llm_unavailable', errorCode: 'unavailable' });
    expect(replies(world, CHANNEL, ts)).toEqual([UNKNOWN_EN]);
    expect(world.chat.thinking.size).toBe(0);
    expect(await world.w.usage.tallyByMember(TEAM, null)).toEqual([]);
    // Both providers were sent the question, twice (once more a second later: an overload may
    // pass): every request is in the audit trail, without token counts.
    const audit = await world.audit.list(TEAM);
    expect(audit.map((a) => [a.provider, a.inputTokens]).sort()).toEqual([
      ['anthropic', null],
      ['anthropic', null],
      ['openai', null],
      ['openai', null],
    ]);

    const jaTs = world.chat.say({ channelId: CHANNEL, userId: KENJI, text: 'こんにちは' });
    await world.answer({ ts: jaTs, userId: KENJI });
    expect(replies(world, CHANNEL, jaTs)).toEqual([translate('UNKNOWN', {}, 'ja')]);
  });

  it('replaces words of a stream that breaks off with the other provider’s whole answer, counted once', async () => {
    world.openai.answer('The first part of a long answer that breaks.');
    world.openai.cutOffNext(16);
    world.anthropic.answer('The whole answer, from the second provider.');
    const ts = world.chat.say({ channelId: CHANNEL, userId: HANA, text: 'hi' });
    expect(await world.answer({ ts })).toMatchObject({ status: 'answered', provider: 'anthropic' });
    expect(replies(world, CHANNEL, ts)).toEqual(['The whole answer, from the second provider.']);
    expect(await world.w.usage.tallyByMember(TEAM, null)).toEqual([{ memberId: HANA, channelMention: 1, directMessage: 0, reaction: 0 }]);
    expect((await world.audit.list(TEAM)).map((a) => a.provider)).toEqual(['anthropic']);
  });

  it('keeps the words already written, marked as cut off, when every provider breaks off, then says an error occurred', async () => {
    world.openai.answer('The first part of a long answer that breaks.');
    world.openai.cutOffNext(16);
    world.anthropic.enqueue({ text: 'Another answer that breaks too.', cutOffAfterChars: 7 });
    const ts = world.chat.say({ channelId: CHANNEL, userId: HANA, text: 'hi' });
    expect(await world.answer({ ts })).toMatchObject({ status: 'failed', errorCode: 'unavailable' });
    expect(replies(world, CHANNEL, ts)).toEqual(['Another…', UNKNOWN_EN]);
    expect(await world.w.usage.tallyByMember(TEAM, null)).toEqual([]);
    expect((await world.audit.list(TEAM)).map((a) => [a.provider, a.inputTokens]).sort()).toEqual([
      ['anthropic', null],
      ['openai', null],
    ]);
  });

  it('keeps the words of a restarted answer when the other provider fails before any, marked as cut off', async () => {
    world.openai.answer('The first part of a long answer that breaks.');
    world.openai.cutOffNext(16);
    world.anthropic.failNext(529);
    const ts = world.chat.say({ channelId: CHANNEL, userId: HANA, text: 'hi' });
    expect(await world.answer({ ts })).toMatchObject({ status: 'failed', errorCode: 'unavailable' });
    expect(replies(world, CHANNEL, ts)).toEqual(['The first part o…', UNKNOWN_EN]);
  });

  it('says the conversation is too long, in the asker’s language, instead of the unknown error, and asks no other provider the same request', async () => {
    world.openai.enqueue({ failWithStatus: 400, errorKind: 'context_length' });
    const ts = world.chat.say({ channelId: CHANNEL, userId: HANA, text: 'summarise everything' });
    expect(await world.answer({ ts })).toMatchObject({ status: 'failed', errorCode: 'too_long' });
    expect(replies(world, CHANNEL, ts)).toEqual([translate('SLACK.CONVERSATION_TOO_LONG', {}, 'en')]);
    expect(world.anthropic.calls).toHaveLength(0);

    world.openai.enqueue({ failWithStatus: 400, errorKind: 'context_length' });
    const jaTs = world.chat.say({ channelId: CHANNEL, userId: KENJI, text: '全部まとめて' });
    await world.answer({ ts: jaTs, userId: KENJI });
    expect(replies(world, CHANNEL, jaTs)).toEqual([translate('SLACK.CONVERSATION_TOO_LONG', {}, 'ja')]);
  });

  it('treats an empty answer as a failure', async () => {
    world.openai.answer('   ');
    const ts = world.chat.say({ channelId: CHANNEL, userId: HANA, text: 'hi' });
    expect(await world.answer({ ts })).toEqual({ status: 'failed', reason: 'empty_answer' });
    expect(replies(world, CHANNEL, ts)).toEqual([UNKNOWN_EN]);
    // Nothing is counted, but the question did reach the model: the audit says so.
    expect(await world.audit.list(TEAM)).toEqual([expect.objectContaining({ memberId: HANA, provider: 'openai', model: 'gpt-5' })]);
  });

  it('tries to say an error occurred when Slack fails mid-answer, and reports the failure', async () => {
    const ts = world.chat.say({ channelId: CHANNEL, userId: HANA, text: 'hi' });
    const failing: LlmProvider = {
      name: 'openai',
      async *stream() {
        yield { type: 'start', provider: 'openai', model: 'gpt-5' };
        world.chat.failNext(new ChatPlatformError('unavailable', 'http_503', 'chat.appendStream'));
        yield { type: 'text', text: 'words' };
      },
    };
    await expect(world.answer({ ts }, failing)).rejects.toBeInstanceOf(ChatPlatformError);
    expect(replies(world, CHANNEL, ts)).toEqual([UNKNOWN_EN]);
    expect(world.chat.thinking.size).toBe(0);
    // The model had the question: one egress record, without token counts (the round never finished).
    expect(await world.audit.list(TEAM)).toEqual([expect.objectContaining({ memberId: HANA, provider: 'openai', model: 'gpt-5', inputTokens: null, outputTokens: null })]);
  });

  it('does not post an error after a delivered answer when only the bookkeeping fails', async () => {
    const ts = world.chat.say({ channelId: CHANNEL, userId: HANA, text: 'hi' });
    world.audit.record = async () => {
      throw new Error('database down');
    };
    await expect(world.answer({ ts })).rejects.toBeInstanceOf(AnswerRecordingError);
    expect(replies(world, CHANNEL, ts)).toHaveLength(1);
    expect(replies(world, CHANNEL, ts)[0]).not.toBe(UNKNOWN_EN);
  });
});
