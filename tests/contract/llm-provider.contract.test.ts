import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LlmProvider, LlmRequest } from '../../core/assistant/llm-provider.port';
import { AnthropicLlmProvider } from '../../adapters/llm/anthropic/anthropic-llm-provider';
import { OpenAiLlmProvider, REASONING_ROOM_TOKENS } from '../../adapters/llm/openai/openai-llm-provider';
import { ScriptedLlmProvider } from '../../adapters/memory/scripted-llm-provider';
import { startFakeAnthropic } from '../fakes/anthropic/fake-anthropic';
import { startFakeOpenAi } from '../fakes/openai/fake-openai';
import { collectStream } from '../fakes/support/collect-llm-stream';
import { LlmScript, type LlmFakeKnobs, type RecordedLlmCall } from '../../adapters/memory/llm-script';

interface Harness {
  fake: LlmFakeKnobs & { calls: RecordedLlmCall[] };
  /** A provider with short timeouts so failure cases finish quickly. */
  provider(options?: { firstByteTimeoutMs?: number; idleTimeoutMs?: number }): LlmProvider;
  /** Messages the wire request carries for a request with a system prompt and N turns. */
  wireMessageCount(turns: number): number;
  /** The output limit the wire request carries for the request's `maxOutputTokens`. */
  wireMaxTokens(maxOutputTokens: number): number;
  close(): Promise<void>;
}

const subjects: { name: string; model: string; start(): Promise<Harness> }[] = [
  {
    name: 'ScriptedLlmProvider (in memory)',
    model: 'scripted-model',
    async start() {
      // One script and call log shared by every instance the suite asks for (timeouts differ).
      const calls: RecordedLlmCall[] = [];
      const script = Object.assign(new LlmScript(), { calls });
      return {
        fake: script,
        provider: (timeouts = {}) => new ScriptedLlmProvider({ defaultModel: 'scripted-model', script, calls, ...timeouts }),
        wireMessageCount: (turns) => turns,
        wireMaxTokens: (max) => max,
        close: async () => undefined,
      };
    },
  },
  {
    name: 'OpenAiLlmProvider (Chat Completions)',
    model: 'gpt-5',
    async start() {
      const fake = await startFakeOpenAi();
      return {
        fake,
        provider: (timeouts = {}) =>
          new OpenAiLlmProvider({ apiKey: 'sk-test', baseURL: fake.url, defaultModel: 'gpt-5', ...timeouts }),
        wireMessageCount: (turns) => turns + 1,
        // gpt-5 thinks in tokens counted against max_completion_tokens: they get room of their own.
        wireMaxTokens: (max) => max + REASONING_ROOM_TOKENS,
        close: () => fake.close(),
      };
    },
  },
  {
    name: 'AnthropicLlmProvider (Messages)',
    model: 'claude-sonnet-5-5',
    async start() {
      const fake = await startFakeAnthropic();
      return {
        fake,
        provider: (timeouts = {}) =>
          new AnthropicLlmProvider({
            apiKey: 'sk-ant-test',
            baseURL: fake.url,
            defaultModel: 'claude-sonnet-5-5',
            ...timeouts,
          }),
        wireMessageCount: (turns) => turns,
        wireMaxTokens: (max) => max,
        close: () => fake.close(),
      };
    },
  },
];

const request: LlmRequest = {
  model: 'gpt-5',
  system: 'You are Tomo, a helpful assistant.',
  messages: [
    { role: 'user', content: 'Alice: what is the capital of France?' },
    { role: 'assistant', content: 'Paris.' },
    { role: 'user', content: 'Alice: and of Japan?' },
  ],
  maxOutputTokens: 512,
};

describe.each(subjects)('LlmProvider contract: $name', (subject) => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await subject.start();
  });
  afterAll(() => harness.close());
  beforeEach(() => harness.fake.reset());

  it('streams the answer as text deltas, in order, between one start and one done', async () => {
    const answer = 'Tokyo is the capital of Japan. It has been since 1868, when the emperor moved there.';
    harness.fake.answer(answer);

    const result = await collectStream(harness.provider().stream(request));

    expect(result.error).toBeUndefined();
    expect(result.text).toBe(answer);
    expect(result.events.filter((e) => e.type === 'text').length).toBeGreaterThan(1);
    expect(result.events[0]).toEqual({ type: 'start', provider: harness.provider().name, model: subject.model });
    expect(result.events.at(-1)?.type).toBe('done');
    expect(result.done).toMatchObject({ provider: harness.provider().name, model: subject.model, stopReason: 'end' });
  });

  it('reports the token usage the provider reported', async () => {
    harness.fake.enqueue({ usage: { inputTokens: 321, outputTokens: 54 } });

    const result = await collectStream(harness.provider().stream(request));

    expect(result.done?.usage).toEqual({ inputTokens: 321, outputTokens: 54 });
  });

  it('sends the model, the output limit and every turn, in one request', async () => {
    await collectStream(harness.provider().stream(request));

    expect(harness.fake.calls.at(-1)).toMatchObject({
      model: subject.model,
      maxTokens: harness.wireMaxTokens(512),
      messageCount: harness.wireMessageCount(request.messages.length),
      stream: true,
    });
  });

  it.each([
    { status: 429, code: 'rate_limited' },
    { status: 500, code: 'server_error' },
    { status: 503, code: 'server_error' },
    { status: 529, code: 'overloaded' },
  ])('turns HTTP $status into a retryable $code error, without retrying itself', async ({ status, code }) => {
    const before = harness.fake.calls.length;
    harness.fake.failNext(status, { retryAfterSeconds: 2 });

    const result = await collectStream(harness.provider().stream(request));

    expect(result.error).toMatchObject({ code, status, retryable: true, afterText: false });
    expect(result.events).toEqual([]);
    expect(harness.fake.calls.length - before).toBe(1);
  });

  it('passes on how long a rate limit asks to wait', async () => {
    harness.fake.failNext(429, { retryAfterSeconds: 7 });

    const result = await collectStream(harness.provider().stream(request));

    expect(result.error?.retryAfterMs).toBe(7_000);
  });

  it('gives up on a slow first byte with a retryable timeout', async () => {
    harness.fake.delayNext(10_000);

    const result = await collectStream(harness.provider({ firstByteTimeoutMs: 300 }).stream(request));

    expect(result.error).toMatchObject({ code: 'timeout', retryable: true });
    expect(result.text).toBe('');
  });

  it('keeps streaming past the first-byte timeout while chunks keep coming', async () => {
    harness.fake.enqueue({ text: 'steady '.repeat(12), chunkChars: 7, chunkDelayMs: 60 });

    const result = await collectStream(harness.provider({ firstByteTimeoutMs: 300, idleTimeoutMs: 2_000 }).stream(request));

    expect(result.error).toBeUndefined();
    expect(result.text).toBe('steady '.repeat(12));
  });

  it('gives up on a stream that goes silent', async () => {
    harness.fake.enqueue({ text: 'a slow answer', chunkChars: 2, chunkDelayMs: 10_000 });

    const result = await collectStream(harness.provider({ idleTimeoutMs: 300 }).stream(request));

    expect(result.error).toMatchObject({ code: 'timeout', retryable: true });
  });

  it.each(['end', 'destroy'] as const)(
    'reports a stream cut off (%s) as interrupted, after the text that did arrive',
    async (mode) => {
      harness.fake.answer('The first part arrives, the second part never does.');
      harness.fake.cutOffNext(20, mode);

      const result = await collectStream(harness.provider().stream(request));

      expect(result.text).toBe('The first part arriv');
      expect(result.done).toBeUndefined();
      expect(result.error).toMatchObject({ code: 'interrupted', retryable: true, afterText: true });
    },
  );

  it('reports an error event inside an opened stream as a retryable error', async () => {
    harness.fake.enqueue({ streamErrorType: 'overloaded_error' });

    const result = await collectStream(harness.provider().stream(request));

    expect(result.events.map((e) => e.type)).toEqual(['start']);
    expect(result.error?.retryable).toBe(true);
    expect(result.error?.afterText).toBe(false);
  });

  it('says when the output limit cut the answer, with the words written before it', async () => {
    harness.fake.enqueue({ text: 'The first three reasons are', stopReason: 'max_tokens' });

    const result = await collectStream(harness.provider().stream(request));

    expect(result.error).toBeUndefined();
    expect(result.text).toBe('The first three reasons are');
    expect(result.done?.stopReason).toBe('max_tokens');
  });

  it("says when the provider's safety system stopped the answer", async () => {
    harness.fake.enqueue({ text: 'Here is how', stopReason: 'refusal' });

    const result = await collectStream(harness.provider().stream(request));

    expect(result.error).toBeUndefined();
    expect(result.text).toBe('Here is how');
    expect(result.done?.stopReason).toBe('refusal');
  });

  it('reports a request longer than the model can read as too long, not retryable', async () => {
    harness.fake.enqueue({ failWithStatus: 400, errorKind: 'context_length' });

    const result = await collectStream(harness.provider().stream(request));

    expect(result.error).toMatchObject({ code: 'too_long', status: 400, retryable: false });
  });

  it('reports an image the provider cannot process as image_rejected, not retryable', async () => {
    harness.fake.enqueue({ failWithStatus: 400, errorKind: 'invalid_image' });

    const result = await collectStream(harness.provider().stream(request));

    expect(result.error).toMatchObject({ code: 'image_rejected', status: 400, retryable: false });
  });

  it("answers a conversation that ends with Tomo's own message (a reaction on it) instead of continuing it", async () => {
    harness.fake.answer('Voici la traduction.');

    const result = await collectStream(
      harness.provider().stream({
        ...request,
        messages: [
          { role: 'user', content: 'Alice: what is the capital of France?' },
          { role: 'assistant', content: 'Paris is the capital of France.' },
        ],
      }),
    );

    expect(result.error).toBeUndefined();
    expect(result.text).toBe('Voici la traduction.');
  });

  it('reports a refused request as not retryable', async () => {
    harness.fake.failNext(400);

    const result = await collectStream(harness.provider().stream(request));

    expect(result.error).toMatchObject({ code: 'rejected', status: 400, retryable: false });
  });

  it('stops when the caller aborts', async () => {
    harness.fake.enqueue({ text: 'x'.repeat(200), chunkChars: 1, chunkDelayMs: 20 });
    const controller = new AbortController();
    const events: string[] = [];
    let failure: unknown;
    try {
      for await (const event of harness.provider().stream(request, { signal: controller.signal })) {
        events.push(event.type);
        if (event.type === 'text') controller.abort();
      }
    } catch (error) {
      failure = error;
    }

    expect(failure).toMatchObject({ code: 'aborted', retryable: false });
    expect(events.filter((type) => type === 'text').length).toBeLessThan(200);
  });

  describe('tools', () => {
    const tools = [
      {
        name: 'calculator',
        description: 'Evaluates a math expression exactly.',
        parameters: { type: 'object' as const, properties: { expression: { type: 'string' } }, required: ['expression'] },
      },
      {
        name: 'web_search',
        description: 'Searches the web.',
        parameters: { type: 'object' as const, properties: { query: { type: 'string' } }, required: ['query'] },
      },
    ];
    const withTools: LlmRequest = { ...request, tools };

    it('offers the tools and yields each call whole, with its parsed arguments, after the text', async () => {
      harness.fake.enqueue({
        text: 'Let me work that out.',
        toolCalls: [
          { name: 'calculator', arguments: { expression: '12 * (3 + 4)' } },
          { name: 'web_search', arguments: { query: 'population of Tokyo 2026' } },
        ],
      });

      const result = await collectStream(harness.provider().stream(withTools));

      expect(result.error).toBeUndefined();
      expect(result.text).toBe('Let me work that out.');
      const calls = result.events.filter((e) => e.type === 'tool_call').map((e) => e.call);
      expect(calls.map(({ name, arguments: args }) => ({ name, args }))).toEqual([
        { name: 'calculator', args: { expression: '12 * (3 + 4)' } },
        { name: 'web_search', args: { query: 'population of Tokyo 2026' } },
      ]);
      expect(new Set(calls.map((c) => c.id)).size).toBe(2);
      expect(result.done?.stopReason).toBe('tool_use');
      const types = result.events.map((e) => e.type);
      expect(types.lastIndexOf('text')).toBeLessThan(types.indexOf('tool_call'));
      expect(harness.fake.calls.at(-1)!.prompt).toMatchObject({ tools: ['calculator', 'web_search'], toolChoice: 'auto' });
    });

    it('yields a call with no words before it', async () => {
      harness.fake.enqueue({ toolCalls: [{ name: 'calculator', arguments: { expression: '2^10' } }] });

      const result = await collectStream(harness.provider().stream(withTools));

      expect(result.text).toBe('');
      expect(result.events.filter((e) => e.type === 'tool_call')).toHaveLength(1);
      expect(result.done?.stopReason).toBe('tool_use');
    });

    it('marks arguments that are not a JSON object as malformed instead of failing', async () => {
      harness.fake.enqueue({ toolCalls: [{ name: 'calculator', arguments: '{"expression": "1 +' }] });

      const result = await collectStream(harness.provider().stream(withTools));

      expect(result.error).toBeUndefined();
      const call = result.events.find((e) => e.type === 'tool_call');
      expect(call).toMatchObject({ call: { name: 'calculator', arguments: {}, malformed: true } });
    });

    it('sends earlier calls and their results back, and can forbid further calls', async () => {
      harness.fake.answer('12 × 7 = 84.');
      const followUp: LlmRequest = {
        ...withTools,
        toolChoice: 'none',
        messages: [
          ...request.messages,
          { role: 'assistant', content: 'Working it out.', toolCalls: [{ id: 'call_abc1', name: 'calculator', arguments: { expression: '12*7' } }] },
          { role: 'tool', toolCallId: 'call_abc1', name: 'calculator', content: '84' },
        ],
      };

      const result = await collectStream(harness.provider().stream(followUp));

      expect(result.text).toBe('12 × 7 = 84.');
      const prompt = harness.fake.calls.at(-1)!.prompt;
      expect(prompt.toolChoice).toBe('none');
      expect(prompt.turns.slice(-2)).toEqual([
        {
          role: 'assistant',
          text: 'Working it out.',
          images: 0,
          toolCalls: [{ id: 'call_abc1', name: 'calculator', arguments: { expression: '12*7' } }],
        },
        { role: 'tool', text: '84', images: 0, toolCallId: 'call_abc1' },
      ]);
    });

    it('sends images to the model as images', async () => {
      const pixel = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
      await collectStream(
        harness
          .provider()
          .stream({ ...request, messages: [{ role: 'user', content: 'What is in this picture?', images: [{ mediaType: 'image/png', data: pixel, name: 'dot.png' }] }] }),
      );

      expect(harness.fake.calls.at(-1)!.prompt.turns).toEqual([{ role: 'user', text: 'What is in this picture?', images: 1 }]);
    });
  });
});

describe.each(subjects.filter((subject) => subject.name !== 'ScriptedLlmProvider (in memory)'))('LlmProvider on the wire: $name', (subject) => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await subject.start();
  });
  afterAll(() => harness.close());

  // Half an emoji: a document or a tool's result cut by a length limit, a PDF's broken character
  // map. Anthropic refuses the whole request ("no low surrogate in string"), so the answer failed.
  it('sends lone surrogates as U+FFFD, so the request is answered', async () => {
    harness.fake.answer('Noted.');
    const cut = 'Launch 🚀'.slice(0, -1);

    const result = await collectStream(
      harness.provider().stream({ ...request, system: `Rules ${cut}`, messages: [{ role: 'user', content: `Report: ${cut} and \udc00 alone` }] }),
    );

    expect(result.error).toBeUndefined();
    expect(result.text).toBe('Noted.');
    const prompt = harness.fake.calls.at(-1)!.prompt;
    expect(prompt.system).toBe('Rules Launch \uFFFD');
    expect(prompt.turns).toEqual([{ role: 'user', text: 'Report: Launch \uFFFD and \uFFFD alone', images: 0 }]);
  });
});
