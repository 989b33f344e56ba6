import { describe, expect, it } from 'vitest';
import type { ThreadMessage } from '../../../core/assistant/chat-platform.port';
import {
  MESSAGE_OVERHEAD_TOKENS,
  buildThreadContext,
  displayNamesOf,
  truncateToTokens,
  userIdsInThread,
  withoutRefusals,
  type BuildThreadContextInput,
} from '../../../core/assistant/thread-context';
import { ApproximateTokenizer } from '../../../adapters/memory/approximate-tokenizer';

const tokenizer = new ApproximateTokenizer(); // ceil(chars / 4)
const self = { userId: 'UTOMO', botId: 'BTOMO' };
const names = new Map([
  ['UALICE', 'alice'],
  ['UBOB', 'Bob Baker'],
  ['UTOMO', 'Tomo'],
]);

let clock = 0;
const say = (userId: string | undefined, text: string, botId?: string): ThreadMessage => ({
  ts: `1700000000.${String((clock += 1)).padStart(6, '0')}`,
  text,
  ...(userId === undefined ? {} : { userId }),
  ...(botId === undefined ? {} : { botId }),
});

const build = (messages: ThreadMessage[], overrides: Partial<BuildThreadContextInput> = {}) =>
  buildThreadContext({ messages, self, names, system: 'Be kind.', tokenLimit: 4096, tokenizer, ...overrides });

describe('building the LLM context from a thread', () => {
  it('turns people into named user turns and Tomo into assistant turns, oldest first', () => {
    const context = build([
      say('UALICE', 'Where do we meet?'),
      say('UTOMO', 'In room 4.', 'BTOMO'),
      say('UBOB', 'Thanks <@UTOMO>, and <@UALICE|alice> too'),
    ]);

    expect(context.system).toBe('Be kind.');
    expect(context.messages).toEqual([
      { role: 'user', content: 'alice: Where do we meet?' },
      { role: 'assistant', content: 'In room 4.' },
      { role: 'user', content: 'Bob Baker: Thanks @Tomo, and @alice too' },
    ]);
    expect(context.droppedMessages).toBe(0);
    expect(context.newestTruncated).toBe(false);
  });

  it('recognises Tomo by bot id alone, and leaves unknown people and bots by id or unnamed', () => {
    const context = build([say(undefined, 'Deploy finished', 'BOTHER'), say(undefined, 'Done', 'BTOMO'), say('UCAROL', 'ok?')]);

    expect(context.messages).toEqual([
      { role: 'user', content: 'Deploy finished' },
      { role: 'assistant', content: 'Done' },
      { role: 'user', content: 'UCAROL: ok?' },
    ]);
  });

  it('skips messages with nothing to read', () => {
    expect(build([say('UALICE', '   '), say('UBOB', 'hello')]).messages).toEqual([{ role: 'user', content: 'Bob Baker: hello' }]);
  });

  it('keeps a file shared without a word as a turn naming its files (the readers add what they say)', () => {
    const shared: ThreadMessage = {
      ...say('UALICE', ''),
      files: [{ id: 'F1', name: 'q3.pdf', mimetype: 'application/pdf', filetype: 'pdf', size: 10 }],
    };
    expect(build([shared]).messages).toEqual([{ role: 'user', content: 'alice: (shared q3.pdf)' }]);
  });

  it('drops the oldest messages first to stay within the token limit', () => {
    const messages = [say('UALICE', 'a'.repeat(400)), say('UBOB', 'b'.repeat(400)), say('UALICE', 'c'.repeat(400))];
    const perMessage = Math.ceil('alice: '.length / 4 + 100) + MESSAGE_OVERHEAD_TOKENS;
    const limit = tokenizer.countTokens('Be kind.') + 2 * perMessage + 5;

    const context = build(messages, { tokenLimit: limit });

    expect(context.messages.map((m) => m.content.at(-1))).toEqual(['b', 'c']);
    expect(context.droppedMessages).toBe(1);
    expect(context.tokens).toBeLessThanOrEqual(limit);
  });

  it('keeps the newest message even when it alone is over the limit, shortened from its end', () => {
    const question = `${'word '.repeat(2_000)}END`;

    const context = build([say('UBOB', 'earlier'), say('UALICE', question)], { tokenLimit: 600 });

    expect(context.messages).toHaveLength(1);
    expect(context.messages[0]!.content.startsWith('alice: word word')).toBe(true);
    expect(context.messages[0]!.content.endsWith('…')).toBe(true);
    expect(context.newestTruncated).toBe(true);
    expect(context.droppedMessages).toBe(1);
    expect(context.tokens).toBeLessThanOrEqual(600);
  });

  it('still gives the newest message some room when the instructions fill the budget', () => {
    const context = build([say('UALICE', 'x'.repeat(5_000))], { system: 's'.repeat(4_000), tokenLimit: 1_000, minNewestTokens: 100 });

    expect(tokenizer.countTokens(context.messages[0]!.content)).toBeLessThanOrEqual(100 - MESSAGE_OVERHEAD_TOKENS);
    expect(context.messages[0]!.content.length).toBeGreaterThan(300);
  });

  it('counts nothing for empty instructions and copes with an empty thread', () => {
    expect(build([], { system: '' })).toEqual({ system: '', messages: [], tokens: 0, droppedMessages: 0, newestTruncated: false });
  });
});

describe('a thread with an answer the provider stopped (stop_reason refusal)', () => {
  const marks = ["_(This answer was stopped by the AI provider's safety filter.)_", '_(この回答は AI プロバイダーの安全フィルターによって中断されました。)_'];
  const tomo = (text: string) => say('UTOMO', text, 'BTOMO');
  const refusalsOut = (messages: ThreadMessage[]) => [...withoutRefusals(messages, self, marks)];

  it('leaves out the stopped answer, every message of it, and what was asked since the answer before it', () => {
    const context = build(
      refusalsOut([
        say('UALICE', 'What is 2 + 2?'),
        tomo('4.'),
        say('UBOB', 'Something the filter stops'),
        say('UALICE', 'and more of it'),
        tomo('The first part of a long answer'),
        // Slack may give the line back without its emphasis.
        tomo("the rest of it\n\n(This answer was stopped by the AI provider's safety filter.)\n\nSources: [a](https://a.example)"),
        say('UBOB', 'Something else then'),
      ]),
    );

    expect(context.messages).toEqual([
      { role: 'user', content: 'alice: What is 2 + 2?' },
      { role: 'assistant', content: '4.' },
      { role: 'user', content: 'Bob Baker: Something else then' },
    ]);
  });

  it('recognises the line in every language, and keeps the newest message whatever it says', () => {
    const stopped = tomo(`Words\n\n${marks[1]}`);
    expect(build(refusalsOut([say('UALICE', 'q'), stopped, say('UALICE', 'next')])).messages).toEqual([{ role: 'user', content: 'alice: next' }]);
    // A reaction on the stopped answer itself asks about it: it is the conversation's last word.
    expect(refusalsOut([say('UALICE', 'q'), tomo(`Words\n\n${marks[0]}`)])).toHaveLength(2);
  });
});

describe('truncating text to a token budget', () => {
  it('returns text that fits unchanged', () => {
    expect(truncateToTokens('short', 10, tokenizer)).toBe('short');
  });

  it('keeps the longest start that fits, with an ellipsis', () => {
    const cut = truncateToTokens('abcdefghijklmnopqrstuvwxyz', 3, tokenizer);
    expect(cut).toBe('abcdefghijk…');
    expect(tokenizer.countTokens(cut)).toBeLessThanOrEqual(3);
  });

  it('never splits a surrogate pair, and gives nothing when nothing fits', () => {
    const emoji = '😀'.repeat(10);
    const cut = truncateToTokens(emoji, 2, tokenizer);
    expect(cut.slice(0, -1)).toMatch(/^(?:😀)*$/u);
    expect(truncateToTokens('abcdef', 0, tokenizer)).toBe('');
  });
});

describe('who a thread mentions', () => {
  it('lists authors and mentioned people once each', () => {
    expect(userIdsInThread([say('UALICE', 'hi <@UBOB> and <@UCAROL|carol>'), say('UBOB', 'hey <@UALICE>'), say(undefined, 'bot')])).toEqual([
      'UALICE',
      'UBOB',
      'UCAROL',
    ]);
  });

  it('names people by the workspace display-name rules', () => {
    const profiles = new Map([
      ['U1', { id: 'U1', profile: { displayName: 'ali' }, realName: 'Alice' }],
      ['U2', { id: 'U2' }],
    ]);
    expect(displayNamesOf(profiles)).toEqual(new Map([
      ['U1', 'ali'],
      ['U2', 'U2: (No Name)'],
    ]));
  });
});
