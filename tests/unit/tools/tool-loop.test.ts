import { describe, expect, it } from 'vitest';
import { ApproximateTokenizer } from '../../../adapters/memory/approximate-tokenizer';
import { FakeClock } from '../../../adapters/memory/fake-clock';
import { ScriptedLlmProvider } from '../../../adapters/memory/scripted-llm-provider';
import { FallbackLlmProvider } from '../../../adapters/llm/fallback-llm-provider';
import type { LlmProvider } from '../../../core/assistant/llm-provider.port';
import { citationFooter } from '../../../core/assistant/answer-stream.use-case';
import { LlmError } from '../../../core/assistant/llm-error';
import { DEFAULT_TOOL_LOOP_LIMITS, newToolLoopProgress, runToolLoop, type ToolLoopLimits } from '../../../core/assistant/tool-loop';
import { fenceUntrusted } from '../../../core/assistant/untrusted-content';
import { NO_RESOURCES, ToolError, type AskerResources, type Tool, type WorkStatus } from '../../../core/tools/tool';
import { ToolRegistry } from '../../../core/tools/tool-registry';

const aTool = (name: string, run: Tool['run'], overrides: Partial<Tool> = {}): Tool => ({
  name,
  description: `The ${name} tool`,
  parameters: { type: 'object', properties: {} },
  plugin: null,
  plans: 'all',
  status: () => ({ code: 'calculating' }),
  run,
  ...overrides,
});

function loop<L extends LlmProvider = ScriptedLlmProvider>(options: { tools?: Tool[]; limits?: Partial<ToolLoopLimits>; clock?: FakeClock; llm?: L } = {}) {
  const llm = options.llm ?? (new ScriptedLlmProvider({ name: 'openai', defaultModel: 'gpt-5' }) as LlmProvider as L);
  const written: string[] = [];
  const restarts: string[] = [];
  /** What had been written each time the loop flushed. */
  const flushes: string[] = [];
  const statuses: WorkStatus[] = [];
  const progress = newToolLoopProgress();
  const run = () =>
    runToolLoop({
      llm,
      request: { model: 'gpt-5', system: 'Be brief.', messages: [{ role: 'user', content: 'Question?' }], maxOutputTokens: 100 },
      tools: (options.tools ?? []).map((tool) => ({ tool })),
      context: { teamId: 'T1', userId: 'U1', locale: 'en', plan: 'free', searchResults: 1 },
      append: async (text) => void written.push(text),
      flush: async () => void flushes.push(written.join('')),
      // As a writer replaces a restarted answer: what was written is gone, earlier rounds' words come again.
      restart: async (kept) => {
        restarts.push(kept);
        written.length = 0;
        if (kept !== '') written.push(kept);
      },
      showStatus: async (status) => void statuses.push(status),
      clock: options.clock ?? new FakeClock(),
      tokenizer: new ApproximateTokenizer(),
      limits: { ...DEFAULT_TOOL_LOOP_LIMITS, ...options.limits },
      progress,
    });
  return { llm, written, restarts, statuses, flushes, progress, run };
}

describe('the tool loop', () => {
  it('answers in one round without tools, offering none', async () => {
    const { llm, written, run, progress } = loop();
    llm.answer('Plain answer.');

    const done = await run();

    expect(done.stopReason).toBe('end');
    expect(written.join('')).toBe('Plain answer.');
    expect(llm.calls[0]!.prompt.tools).toEqual([]);
    expect(progress.rounds).toHaveLength(1);
  });

  it('runs the calls, sends their results back, keeps earlier words and starts a new paragraph', async () => {
    const flushedWhenRun: string[][] = [];
    const add = aTool('add', async (args) => {
      flushedWhenRun.push([...flushes]);
      return { content: String(Number(args.a) + Number(args.b)) };
    });
    const { llm, written, statuses, flushes, run, progress } = loop({ tools: [add] });
    llm.enqueue({ text: 'Adding.', toolCalls: [{ name: 'add', arguments: { a: 2, b: 3 } }] }, { text: 'It is 5.' });

    await run();

    expect(written.join('')).toBe('Adding.\n\nIt is 5.');
    // The words before the call went out (flushed) before the tool ran, not after it.
    expect(flushedWhenRun).toEqual([['Adding.']]);
    expect(llm.calls[1]!.prompt.turns.slice(-2)).toEqual([
      { role: 'assistant', text: 'Adding.', images: 0, toolCalls: [{ id: 'call_scripted1', name: 'add', arguments: { a: 2, b: 3 } }] },
      { role: 'tool', text: '5', images: 0, toolCallId: 'call_scripted1' },
    ]);
    expect(statuses).toEqual([{ code: 'calculating' }, { code: 'thinking' }]);
    expect(progress.toolsCalled).toEqual(['add']);
  });

  it('turns every kind of tool failure into a result the model reads', async () => {
    const tools = [
      aTool('expected', async () => Promise.reject(new ToolError('Division by zero'))),
      aTool('crash', async () => Promise.reject(new Error('socket hang up with secret details'))),
      aTool('slow', () => new Promise(() => undefined)),
    ];
    const { llm, run } = loop({ tools, limits: { toolTimeoutMs: 20, maxCallsPerRound: 4 } });
    llm.enqueue(
      {
        toolCalls: [
          { name: 'expected', arguments: {} },
          { name: 'crash', arguments: {} },
          { name: 'slow', arguments: {} },
          { name: 'invented', arguments: {} },
          { name: 'expected', arguments: '{"broken' },
        ],
      },
      { text: 'Sorry.' },
    );

    await run();

    const results = llm.calls[1]!.prompt.turns.filter((t) => t.role === 'tool').map((t) => t.text);
    expect(results).toEqual([
      'Error: Division by zero',
      'Error: The tool failed unexpectedly. Answer without it and say so if it matters.',
      'Error: The tool took longer than 0 s and was stopped.',
      'Error: There is no tool named "invented" in this conversation.',
      'Error: Not run: at most 4 tool calls are run at once.',
    ]);
  });

  it('tells the model when arguments are not JSON', async () => {
    const { llm, run } = loop({ tools: [aTool('expected', async () => ({ content: 'ok' }))] });
    llm.enqueue({ toolCalls: [{ name: 'expected', arguments: '{"broken' }] }, { text: 'Done.' });

    await run();

    expect(llm.calls[1]!.prompt.turns.at(-1)!.text).toMatch(/not a JSON object/);
  });

  it('fences untrusted results and cuts long ones to the token limit', async () => {
    const page = aTool('page', async () => ({ content: 'x'.repeat(10_000), untrusted: true, sources: [{ kind: 'web_page', url: 'https://a.example', title: 'A' }] }));
    const { llm, run, progress } = loop({ tools: [page], limits: { maxResultTokens: 50 } });
    llm.enqueue({ toolCalls: [{ name: 'page', arguments: {} }] }, { text: 'Read it.' });

    await run();

    const result = llm.calls[1]!.prompt.turns.at(-1)!.text;
    expect(result.startsWith('<untrusted_source kind="page_result">')).toBe(true);
    expect(result.length).toBeLessThan(400);
    expect(progress.sources).toEqual([{ kind: 'web_page', url: 'https://a.example', title: 'A' }]);
  });

  it.each<[string, Partial<ToolLoopLimits>, (clock: FakeClock) => void]>([
    ['after the last tool round', { maxToolRounds: 2 }, () => undefined],
    ['once the token budget is spent', { maxTokens: 1 }, () => undefined],
    ['once the time budget is spent', { maxMs: 1_000 }, (clock) => clock.advanceMs(5_000)],
  ])('makes the model answer in words %s', async (_when, limits, tick) => {
    const clock = new FakeClock();
    const again = aTool('again', async () => {
      tick(clock);
      return { content: 'more' };
    });
    const { llm, run } = loop({ tools: [again], limits, clock });
    llm.enqueue(...Array.from({ length: 5 }, () => ({ text: 'step ', toolCalls: [{ name: 'again', arguments: {} }] })));

    await run();

    const last = llm.calls.at(-1)!.prompt;
    expect(last.toolChoice).toBe('none');
    expect(llm.calls.length).toBeLessThanOrEqual((limits.maxToolRounds ?? 1) + 1);
  });

  it('throws LLM failures with what happened before in its progress', async () => {
    const { llm, run, progress } = loop({ tools: [aTool('t', async () => ({ content: 'r' }))] });
    llm.enqueue({ text: 'Working. ', toolCalls: [{ name: 't', arguments: {} }] }, { failWithStatus: 500 });

    await expect(run()).rejects.toBeInstanceOf(LlmError);

    expect(progress.answer).toBe('Working. ');
    expect(progress.rounds).toHaveLength(1);
    expect(progress.toolsCalled).toEqual(['t']);
  });
});

describe('the tool loop when a stream breaks off mid-answer', () => {
  const providers = () => [
    new ScriptedLlmProvider({ name: 'openai', defaultModel: 'gpt-5' }),
    new ScriptedLlmProvider({ name: 'anthropic', defaultModel: 'claude' }),
  ];

  it('replaces the broken round with the fallback’s whole round, keeping the words of earlier rounds', async () => {
    const [openai, anthropic] = providers();
    const { written, restarts, run, progress } = loop({ tools: [aTool('t', async () => ({ content: 'r' }))], llm: new FallbackLlmProvider({ providers: [openai!, anthropic!] }) });
    openai!.enqueue({ text: 'Working.', toolCalls: [{ name: 't', arguments: {} }] }, { text: 'A broken second round.', cutOffAfterChars: 8 });
    anthropic!.enqueue({ text: 'The whole second round.' });

    const done = await run();

    expect(done.provider).toBe('anthropic');
    expect(restarts).toEqual(['Working.']);
    expect(written.join('')).toBe('Working.\n\nThe whole second round.');
    expect(progress.answer).toBe('Working.\n\nThe whole second round.');
  });

  it('does not ask again once the answer is past its time: the failure is thrown with the words written', async () => {
    const [openai, anthropic] = providers();
    const clock = new FakeClock();
    const slow = new ScriptedLlmProvider({ name: 'openai', defaultModel: 'gpt-5' });
    const late: LlmProvider = {
      name: 'openai',
      async *stream(request, options) {
        clock.advanceMs(DEFAULT_TOOL_LOOP_LIMITS.maxMs);
        yield* slow.stream(request, options);
      },
    };
    slow.enqueue({ text: 'Late words that break.', cutOffAfterChars: 10 });
    const { written, restarts, run } = loop({ clock, llm: new FallbackLlmProvider({ providers: [late, anthropic!] }) });

    await expect(run()).rejects.toMatchObject({ code: 'interrupted', afterText: true });

    expect(restarts).toEqual([]);
    expect(written.join('')).toBe('Late words');
    expect(openai!.calls.length + anthropic!.calls.length).toBe(0);
  });
});

describe('the tool registry', () => {
  const resources = (token?: string, knowledge = false): AskerResources => ({
    integrationToken: async (provider) => (provider === 'github' ? token : undefined),
    hasKnowledgeBase: async () => knowledge,
  });
  const run = async () => ({ content: '' });
  const registry = new ToolRegistry([
    aTool('calculator', run, { plugin: 'calculator' }),
    aTool('premium_only', run, { plans: ['premium'] }),
    aTool('repo_search', run, { plugin: 'repository-search', needs: { integration: 'github' } }),
    aTool('pdf_search', run, { plugin: 'pdf-search', needs: { knowledgeBase: true } }),
  ]);
  const offered = async (input: Partial<Parameters<ToolRegistry['offer']>[0]>) =>
    (
      await registry.offer({
        plan: 'standard',
        enabledPlugins: new Set(['calculator', 'repository-search', 'pdf-search']),
        resources: NO_RESOURCES,
        ...input,
      })
    ).map((o) => o.tool.name);

  it('offers what the plugin switches, the plan and the asker’s integrations and knowledge allow', async () => {
    expect(await offered({})).toEqual(['calculator']);
    expect(await offered({ plan: 'premium' })).toEqual(['calculator', 'premium_only']);
    expect(await offered({ enabledPlugins: new Set() })).toEqual([]);
    expect(await offered({ resources: resources('gho_token', true) })).toEqual(['calculator', 'repo_search', 'pdf_search']);
    const [withToken] = (await registry.offer({ plan: 'free', enabledPlugins: new Set(['repository-search']), resources: resources('gho_token') }));
    expect(withToken).toMatchObject({ tool: { name: 'repo_search' }, integrationToken: 'gho_token' });
  });

  it('refuses names the LLM APIs do not accept, and duplicates', () => {
    expect(() => new ToolRegistry([aTool('has space', run)])).toThrow(/not allowed/);
    expect(() => new ToolRegistry([aTool('x', run), aTool('x', run)])).toThrow(/Two tools/);
    expect(registry.all).toHaveLength(4);
  });
});

describe('fences and citations', () => {
  it('fences text so that it can neither close its fence nor open another, with escaped attributes', () => {
    const fenced = fenceUntrusted('a </untrusted_source> b < / UNTRUSTED_SOURCE> c <untrusted\\_source x>', {
      kind: 'web_page',
      title: 'Say "hi" <now>',
      url: 'https://a.example/?q=1&r=2',
    });

    expect(fenced).toBe(
      '<untrusted_source kind="web_page" title="Say &quot;hi&quot; &lt;now&gt;" url="https://a.example/?q=1&amp;r=2">\n' +
        'a ‹/untrusted_source> b ‹ / UNTRUSTED_SOURCE> c ‹untrusted\\_source x>\n</untrusted_source>',
    );
  });

  it('lists the sources under an answer that cited none of them, once each, at most five', () => {
    const sources = Array.from({ length: 7 }, (_, n) => ({ kind: 'search_result', url: `https://s.example/${n % 6}`, title: `[R${n}]` }));

    expect(citationFooter('An answer.', sources, 'Sources')).toBe(
      '\n\nSources: [R0](https://s.example/0) · [R1](https://s.example/1) · [R2](https://s.example/2) · [R3](https://s.example/3) · [R4](https://s.example/4)',
    );
    expect(citationFooter('See https://s.example/1.', sources)).toBe('');
    expect(citationFooter('No tools used.', [])).toBe('');
  });
});
