import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../apps/shared/messages/translate';
import { eventually, installThroughBrowser, mention, repliesIn, sendEvent, settled, startSlackAppWorld, type SlackAppWorld } from './support/slack-app-world';

/**
 * What the providers' real APIs do that a friendlier fake would let through: each case here
 * failed a real deployment's answers before Tomo handled it (the fakes now behave as the APIs do).
 */
describe('Slack app on Anthropic alone: requests the Messages API takes', () => {
  let world: SlackAppWorld;

  beforeAll(async () => {
    world = await startSlackAppWorld({ LLM_PROVIDER: 'anthropic', OPENAI_API_KEY: '', ANTHROPIC_MODEL: 'claude-opus-5' });
    await installThroughBrowser(world);
  });
  afterAll(() => world.close());

  const ask = async (text: string) => {
    const message = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: `<@${world.ws.team.botUserId}> ${text}` });
    await sendEvent(world, mention(world, { ts: message.ts, channel: world.ws.channel }));
    return message.ts;
  };

  it('answers when Claude writes nothing but a line break before calling a tool', async () => {
    // Claude may open a turn with a text block of whitespace before its tool_use; sending that
    // block back as it came is refused with a 400 ("text content blocks must contain non-whitespace text").
    world.anthropic.enqueue(
      { text: '\n\n', toolCalls: [{ name: 'calculator', arguments: { expression: '6 * 7' } }] },
      { text: 'Six times seven is 42.' },
    );

    const ts = await ask('what is six times seven?');

    await eventually(() => expect(repliesIn(world, world.ws.channel, ts).map((text) => text.trim())).toEqual(['Six times seven is 42.']));
    const second = world.anthropic.calls.at(-1)!.prompt;
    expect(second.turns.at(-1)).toMatchObject({ role: 'tool', text: '6 * 7 = 42' });
    // ANTHROPIC_MODEL names the model the plans' Claude answers with.
    expect(world.anthropic.calls.map((call) => call.model)).toEqual(['claude-opus-5', 'claude-opus-5']);
  });

  it('asks Claude to continue, once, when it ends its turn after a tool result without a word (empty end_turn)', async () => {
    // Anthropic's "Handling stop reasons": an empty response with end_turn after tool results is
    // answered with a new user turn asking to continue; before, the person got the unknown error.
    world.anthropic.enqueue({ toolCalls: [{ name: 'calculator', arguments: { expression: '6 * 7' } }] }, { text: '' }, { text: 'Six times seven is 42.' });
    const before = world.anthropic.calls.length;

    const ts = await ask('what is six times seven, exactly?');

    await eventually(() => expect(repliesIn(world, world.ws.channel, ts).map((text) => text.trim())).toEqual(['Six times seven is 42.']));
    const asked = world.anthropic.calls.slice(before).map((call) => call.prompt);
    expect(asked).toHaveLength(3);
    expect(asked[1]!.turns.at(-1)).toMatchObject({ role: 'tool', text: '6 * 7 = 42' });
    expect(asked[2]!.turns.slice(-2)).toMatchObject([
      { role: 'tool', text: '6 * 7 = 42' },
      { role: 'user', text: 'Please continue.' },
    ]);
  });

  it('marks an answer Claude’s output limit cut (stop_reason "max_tokens") in the asker’s language, so it does not read as whole', async () => {
    world.anthropic.enqueue({ text: '手順は三つあります。まず設定を開き、次に', stopReason: 'max_tokens' });
    const question = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.bob, text: `<@${world.ws.team.botUserId}> 手順を教えて` });
    await sendEvent(world, mention(world, { ts: question.ts, channel: world.ws.channel, user: world.ws.bob }));

    await eventually(() =>
      expect(repliesIn(world, world.ws.channel, question.ts)).toEqual([`手順は三つあります。まず設定を開き、次に\n\n${translate('SLACK.ANSWER_CUT_SHORT', {}, 'ja')}`]),
    );
  });

  it('marks an answer Claude stopped with stop_reason "refusal" in the asker’s language, and leaves it out of the thread’s next question', async () => {
    // Anthropic's streaming refusals guide: after a refusal the conversation must be reset by
    // removing the refused turn; sent again, every later question of the thread was refused too.
    world.anthropic.enqueue({ text: 'Here is how to get into', stopReason: 'refusal' }, { text: 'Tokyo has about 14 million people.' });
    // The file shared with the refused question is not read again for the next one either.
    const notes = { id: 'F0WIFI', name: 'router-notes.txt', mimetype: 'text/plain', filetype: 'text', content: Buffer.from('Router admin page notes: WPS PIN 12345670') };
    const question = world.slack.addMessage({
      channel: world.ws.channel,
      user: world.ws.bob,
      text: `<@${world.ws.team.botUserId}> how do I get into my neighbour's wifi?`,
      files: [notes],
    });
    await sendEvent(world, mention(world, { ts: question.ts, channel: world.ws.channel, user: world.ws.bob }));
    // Bob's Slack is in Japanese.
    await eventually(() =>
      expect(repliesIn(world, world.ws.channel, question.ts)).toEqual([
        'Here is how to get into\n\n_(この回答は AI プロバイダーの安全フィルターによって中断されました。)_',
      ]),
    );

    const followUp = world.slack.addMessage({
      channel: world.ws.channel,
      user: world.ws.alice,
      text: `<@${world.ws.team.botUserId}> how many people live in Tokyo?`,
      threadTs: question.ts,
    });
    await sendEvent(world, mention(world, { ts: followUp.ts, channel: world.ws.channel, threadTs: question.ts }));

    await eventually(() => expect(repliesIn(world, world.ws.channel, question.ts).at(-1)).toBe('Tokyo has about 14 million people.'));
    const sent = world.anthropic.calls.at(-1)!.prompt.turns;
    expect(sent.map((turn) => turn.role)).toEqual(['user']);
    expect(sent[0]!.text).toContain('how many people live in Tokyo?');
    expect(world.anthropic.calls.at(-2)!.prompt.turns[0]!.text).toContain('WPS PIN');
    expect(sent.map((turn) => turn.text).join('\n')).not.toMatch(/wifi|Here is how|WPS PIN/);
  });
});

describe('Slack app on a local model (Ollama through OPENAI_BASE_URL)', () => {
  let world: SlackAppWorld;

  beforeAll(async () => {
    world = await startSlackAppWorld({ OPENAI_MODEL: 'llama3.2', OPENAI_MAX_TOKENS_PARAMETER: 'max_tokens' });
    await installThroughBrowser(world);
  });
  afterAll(() => world.close());

  it('asks the model OPENAI_MODEL names, with its limit as max_tokens, the only name Ollama reads', async () => {
    // Tomo asked any OpenAI-compatible server for gpt-5 (Ollama: 404, model not found), with the
    // limit as max_completion_tokens, which Ollama silently ignores (ollama/ollama#7125): an
    // answer could run on through the whole context.
    world.openai.enqueue({ text: 'Hello from a local model.' });
    const message = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: `<@${world.ws.team.botUserId}> hello` });
    await sendEvent(world, mention(world, { ts: message.ts, channel: world.ws.channel }));

    await eventually(() => expect(repliesIn(world, world.ws.channel, message.ts)).toEqual(['Hello from a local model.']));
    const call = world.openai.calls.at(-1)!;
    expect(call.model).toBe('llama3.2');
    expect(call.body['max_tokens']).toBe(4_096);
    expect(call.body).not.toHaveProperty('max_completion_tokens');
  });
});

describe('Slack app on OpenAI set up with a parameter its model refuses (max_tokens for gpt-5)', () => {
  let world: SlackAppWorld;

  beforeAll(async () => {
    world = await startSlackAppWorld({ OPENAI_MAX_TOKENS_PARAMETER: 'max_tokens' });
    await installThroughBrowser(world);
  });
  afterAll(() => world.close());

  it('says the provider turned the request down and that asking again will not help, in the asker’s language, asking once', async () => {
    // OpenAI answers 400 unsupported_parameter; "An unknown error has occurred. Please try again
    // later" sent people to ask again and again into the same refusal.
    const before = { openai: world.openai.calls.length, anthropic: world.anthropic.calls.length };
    for (const [user, expected] of [
      [world.ws.alice, translate('SLACK.REQUEST_REJECTED', {}, 'en')],
      [world.ws.bob, translate('SLACK.REQUEST_REJECTED', {}, 'ja')],
    ] as const) {
      const message = world.slack.addMessage({ channel: world.ws.channel, user, text: `<@${world.ws.team.botUserId}> hello` });
      await sendEvent(world, mention(world, { ts: message.ts, channel: world.ws.channel, user }));
      await eventually(() => expect(repliesIn(world, world.ws.channel, message.ts)).toEqual([expected]));
    }
    expect(translate('SLACK.REQUEST_REJECTED', {}, 'en')).toMatch(/^The AI provider turned down Tomo's request .* Asking again will not help/);
    await settled(world);
    // One request each, no retry, and not the other provider: it would be asked the same for nothing.
    expect(world.openai.calls.length - before.openai).toBe(2);
    expect(world.openai.calls.at(-1)!.body['max_tokens']).toBe(4_096);
    expect(world.anthropic.calls.length - before.anthropic).toBe(0);
  });
});

describe('Slack app on OpenAI: what a reasoning model (gpt-5) needs', () => {
  let world: SlackAppWorld;

  beforeAll(async () => {
    world = await startSlackAppWorld();
    await installThroughBrowser(world);
  });
  afterAll(() => world.close());

  const ask = async (text: string) => {
    const message = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: `<@${world.ws.team.botUserId}> ${text}` });
    await sendEvent(world, mention(world, { ts: message.ts, channel: world.ws.channel }));
    return message.ts;
  };

  it('answers after gpt-5 thinks longer than the answer is long: its thinking does not use up the words’ limit', async () => {
    // gpt-5 counts the tokens it thinks with against max_completion_tokens; 6,000 of them used to
    // leave nothing of a 4,096-token limit, and the person read only "This answer was cut off".
    world.openai.enqueue({ text: 'The considered answer, after a long think.', reasoningTokens: 6_000 });

    const ts = await ask('a hard question');

    await eventually(() => expect(repliesIn(world, world.ws.channel, ts)).toEqual(['The considered answer, after a long think.']));
    const call = world.openai.calls.at(-1)!;
    expect(call.model).toBe('gpt-5');
    // The visible answer keeps its own budget on top of the thinking room OpenAI asks for.
    expect(call.body['max_completion_tokens']).toBe(4_096 + 25_000);
  });
});

describe('Slack app on Anthropic alone: a moment of overload', () => {
  let world: SlackAppWorld;

  beforeAll(async () => {
    world = await startSlackAppWorld({ LLM_PROVIDER: 'anthropic', OPENAI_API_KEY: '' });
    await installThroughBrowser(world);
  });
  afterAll(() => world.close());

  const ask = async () => {
    const message = world.slack.addMessage({ channel: world.ws.channel, user: world.ws.alice, text: `<@${world.ws.team.botUserId}> help` });
    await sendEvent(world, mention(world, { ts: message.ts, channel: world.ws.channel }));
    return message.ts;
  };

  it.each([
    ['HTTP 529', () => world.anthropic.failNext(529)],
    ['an overloaded_error event before any words', () => world.anthropic.enqueue({ streamErrorType: 'overloaded_error' })],
  ])('answers after %s: the only provider is asked once more a moment later', async (_name, overload) => {
    // Anthropic documents 529 overloaded_error as temporary (its SDK retries it); with nothing
    // to fall back to, the person used to get the unknown error for a passing overload.
    overload();
    world.anthropic.answer('Answered once the overload passed.');
    const before = world.anthropic.calls.length;

    const ts = await ask();

    await eventually(() => expect(repliesIn(world, world.ws.channel, ts)).toEqual(['Answered once the overload passed.']));
    expect(world.anthropic.calls.length - before).toBe(2);
  });

  it('replaces the words shown before an overloaded_error mid-answer with the whole answer asked again: no words twice', async () => {
    world.anthropic.enqueue(
      { text: 'The first words, then Anthropic is overloaded.', cutOffAfterChars: 16, streamErrorType: 'overloaded_error' },
      { text: 'The whole answer, asked for again.', usage: { inputTokens: 10, outputTokens: 8 } },
    );
    const before = world.anthropic.calls.length;

    const ts = await ask();

    await eventually(() => expect(repliesIn(world, world.ws.channel, ts)).toEqual(['The whole answer, asked for again.']));
    await settled(world);
    expect(world.slack.botReplies(world.ws.channel, ts).map((m) => m.text)).toEqual(['The whole answer, asked for again.']);
    expect(world.anthropic.calls.length - before).toBe(2);
  });

  it('still says so when the overload lasts: two tries, then the unknown error', async () => {
    world.anthropic.failNext(529, { times: 2 });
    const before = world.anthropic.calls.length;

    const ts = await ask();

    await eventually(() =>
      expect(repliesIn(world, world.ws.channel, ts)).toEqual(['An unknown error has occurred. Please try again later or contact us.']),
    );
    expect(world.anthropic.calls.length - before).toBe(2);
  });
});
