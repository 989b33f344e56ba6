import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LlmRequest } from '../../../core/assistant/llm-provider.port';
import { AnthropicLlmProvider } from '../../../adapters/llm/anthropic/anthropic-llm-provider';
import { FallbackLlmProvider } from '../../../adapters/llm/fallback-llm-provider';
import { OpenAiLlmProvider } from '../../../adapters/llm/openai/openai-llm-provider';
import { startFakeAnthropic, type FakeAnthropic } from '../../fakes/anthropic/fake-anthropic';
import { startFakeOpenAi, type FakeOpenAi } from '../../fakes/openai/fake-openai';
import { collectStream } from '../../fakes/support/collect-llm-stream';

const request: LlmRequest = {
  model: 'gpt-5',
  system: 'You are Tomo.',
  messages: [{ role: 'user', content: 'Bob: summarise the thread please' }],
  maxOutputTokens: 1024,
};

describe('FallbackLlmProvider over the OpenAI and Anthropic fakes', () => {
  let openaiFake: FakeOpenAi;
  let anthropicFake: FakeAnthropic;
  let openai: OpenAiLlmProvider;
  let anthropic: AnthropicLlmProvider;

  beforeAll(async () => {
    [openaiFake, anthropicFake] = await Promise.all([startFakeOpenAi(), startFakeAnthropic()]);
    openai = new OpenAiLlmProvider({ apiKey: 'sk-test', baseURL: openaiFake.url, defaultModel: 'gpt-5' });
    anthropic = new AnthropicLlmProvider({
      apiKey: 'sk-ant-test',
      baseURL: anthropicFake.url,
      defaultModel: 'claude-sonnet-5-5',
      models: { claude: 'claude-sonnet-5-5' },
    });
  });
  afterAll(() => Promise.all([openaiFake.close(), anthropicFake.close()]));
  beforeEach(() => {
    openaiFake.reset();
    anthropicFake.reset();
    openaiFake.calls.length = 0;
    anthropicFake.calls.length = 0;
    openaiFake.answer('Answer written by the OpenAI fake.');
    anthropicFake.answer('Answer written by the Anthropic fake.');
  });

  const both = (options: { startDeadlineMs?: number } = {}) =>
    new FallbackLlmProvider({
      providers: [openai, anthropic],
      route: (model) => (model === 'claude' ? 'anthropic' : undefined),
      ...options,
    });

  it('answers from the first provider when it is healthy, asking the second nothing', async () => {
    const result = await collectStream(both().stream(request));

    expect(result.text).toBe('Answer written by the OpenAI fake.');
    expect(result.done).toMatchObject({ provider: 'openai', model: 'gpt-5' });
    expect(anthropicFake.calls).toHaveLength(0);
  });

  it.each([429, 500, 503])('falls back to Anthropic when OpenAI answers %i', async (status) => {
    openaiFake.failNext(status);

    const result = await collectStream(both().stream(request));

    expect(result.error).toBeUndefined();
    expect(result.text).toBe('Answer written by the Anthropic fake.');
    expect(result.done).toMatchObject({ provider: 'anthropic', model: 'claude-sonnet-5-5' });
    expect(openaiFake.calls).toHaveLength(1);
    expect(anthropicFake.calls).toHaveLength(1);
  });

  it('starts with the provider the plan model belongs to, and falls back to OpenAI on 529', async () => {
    anthropicFake.failNext(529);

    const result = await collectStream(both().stream({ ...request, model: 'claude' }));

    expect(result.done?.provider).toBe('openai');
    expect(anthropicFake.calls.map((c) => c.model)).toEqual(['claude-sonnet-5-5']);
    expect(openaiFake.calls).toHaveLength(1);
  });

  it('falls back when Anthropic reports overload inside an opened stream, before any text', async () => {
    anthropicFake.enqueue({ streamErrorType: 'overloaded_error' });

    const result = await collectStream(both().stream({ ...request, model: 'claude' }));

    expect(result.text).toBe('Answer written by the OpenAI fake.');
    expect(result.events.filter((e) => e.type === 'start').map((e) => e.type === 'start' && e.provider)).toEqual([
      'anthropic',
      'openai',
    ]);
  });

  it('abandons a provider that has not started by the deadline and answers from the other', async () => {
    openaiFake.delayNext(20_000);

    const result = await collectStream(both({ startDeadlineMs: 300 }).stream(request));

    expect(result.text).toBe('Answer written by the Anthropic fake.');
    expect(result.done?.provider).toBe('anthropic');
  });

  it('lets the last provider left start late: with nothing to switch to, a slow start is still an answer', async () => {
    openaiFake.delayNext(700);
    const alone = new FallbackLlmProvider({ providers: [openai], startDeadlineMs: 300 });

    expect((await collectStream(alone.stream(request))).text).toBe('Answer written by the OpenAI fake.');

    // The same for the second of two, once the first has failed.
    openaiFake.failNext(500);
    anthropicFake.delayNext(700);
    const result = await collectStream(both({ startDeadlineMs: 300 }).stream(request));
    expect([result.text, result.done?.provider]).toEqual(['Answer written by the Anthropic fake.', 'anthropic']);
  });

  it('throws a typed "unavailable" error listing both failures when both are down', async () => {
    openaiFake.failAlways(500);
    anthropicFake.failAlways(529);

    const result = await collectStream(both().stream(request));

    expect(result.text).toBe('');
    expect(result.error).toMatchObject({ code: 'unavailable', retryable: false });
    // Both asked again once, a second later (ADR 31: an overload may pass), then no more.
    expect(result.error?.attempts.map((a) => [a.provider, a.code])).toEqual([
      ['openai', 'server_error'],
      ['anthropic', 'overloaded'],
      ['openai', 'server_error'],
      ['anthropic', 'overloaded'],
    ]);
    expect(openaiFake.calls).toHaveLength(2);
    expect(anthropicFake.calls).toHaveLength(2);
  });

  it('does not fall back after part of the answer was streamed', async () => {
    openaiFake.cutOffNext(10);

    const result = await collectStream(both().stream(request));

    expect(result.text).toBe('Answer wri');
    expect(result.error).toMatchObject({ code: 'interrupted', provider: 'openai', afterText: true });
    expect(anthropicFake.calls).toHaveLength(0);
  });

  it('asks the other provider for the whole answer again when the first breaks off mid-answer and the caller can take its words back', async () => {
    openaiFake.cutOffNext(10, 'destroy');

    const result = await collectStream(both().stream(request, { restartAfterText: () => true }));

    expect(result.events.map((e) => e.type).filter((type) => type !== 'text')).toEqual(['start', 'restart', 'start', 'done']);
    expect([result.text, result.done?.provider]).toEqual(['Answer written by the Anthropic fake.', 'anthropic']);
    expect(result.error).toBeUndefined();
  });

  it("restarts after Anthropic's overloaded_error in the middle of a stream", async () => {
    anthropicFake.enqueue({ cutOffAfterChars: 12, streamErrorType: 'overloaded_error' });

    const result = await collectStream(both().stream({ ...request, model: 'claude' }, { restartAfterText: () => true }));

    expect(result.events.filter((e) => e.type === 'text').map((e) => e.text).join('')).toBe('Answer writt' + 'Answer written by the OpenAI fake.');
    expect([result.text, result.done?.provider]).toEqual(['Answer written by the OpenAI fake.', 'openai']);
  });

  it('asks the only provider once more when it breaks off mid-answer, and gives up when it breaks off again', async () => {
    const alone = new FallbackLlmProvider({ providers: [openai] });
    openaiFake.cutOffNext(10);

    const again = await collectStream(alone.stream(request, { restartAfterText: () => true }));
    expect([again.text, again.error]).toEqual(['Answer written by the OpenAI fake.', undefined]);
    expect(openaiFake.calls).toHaveLength(2);

    openaiFake.cutOffNext(10);
    openaiFake.cutOffNext(5);
    const broken = await collectStream(alone.stream(request, { restartAfterText: () => true }));
    expect(broken.text).toBe('Answe');
    expect(broken.error?.attempts.map((a) => [a.provider, a.code, a.afterText])).toEqual([
      ['openai', 'interrupted', true],
      ['openai', 'interrupted', true],
    ]);
    expect(openaiFake.calls).toHaveLength(4);
  });

  it('throws "unavailable" listing both when the restarted answer fails too', async () => {
    openaiFake.cutOffNext(10);
    anthropicFake.failNext(529);

    const result = await collectStream(both().stream(request, { restartAfterText: () => true }));

    expect(result.error).toMatchObject({ code: 'unavailable' });
    expect(result.error?.attempts.map((a) => [a.provider, a.code])).toEqual([
      ['openai', 'interrupted'],
      ['anthropic', 'overloaded'],
    ]);
  });

  it('does not restart when the caller says the answer has no time left', async () => {
    openaiFake.cutOffNext(10);

    const result = await collectStream(both().stream(request, { restartAfterText: () => false }));

    expect(result.error).toMatchObject({ code: 'interrupted', afterText: true });
    expect(anthropicFake.calls).toHaveLength(0);
  });

  it('does not fall back when the request itself is refused', async () => {
    openaiFake.failNext(400);

    const result = await collectStream(both().stream(request));

    expect(result.error).toMatchObject({ code: 'rejected', provider: 'openai' });
    expect(anthropicFake.calls).toHaveLength(0);
  });

  it('does not ask the other provider the same request when it is longer than the model can read', async () => {
    openaiFake.enqueue({ failWithStatus: 400, errorKind: 'context_length' });

    const result = await collectStream(both().stream(request));

    expect(result.error).toMatchObject({ code: 'too_long', provider: 'openai' });
    expect(anthropicFake.calls).toHaveLength(0);
  });

  it("reads Anthropic's 413 request_too_large as a request too long, not a refusal to retry elsewhere", async () => {
    anthropicFake.failNext(413);

    const result = await collectStream(both().stream({ ...request, model: 'claude' }));

    expect(result.error).toMatchObject({ code: 'too_long', provider: 'anthropic', status: 413 });
    expect(openaiFake.calls).toHaveLength(0);
  });

  it("falls back on OpenAI's insufficient_quota 429 but never waits for it: a used-up balance does not refill in seconds", async () => {
    openaiFake.enqueue({ failWithStatus: 429, errorKind: 'insufficient_quota', retryAfterSeconds: 1 });
    const waits: number[] = [];

    const alone = await collectStream(new FallbackLlmProvider({ providers: [openai], sleep: async (ms) => void waits.push(ms) }).stream(request));

    expect(alone.error?.attempts.map((a) => a.code)).toEqual(['misconfigured']);
    expect(waits).toEqual([]);
    expect(openaiFake.calls).toHaveLength(1);

    openaiFake.enqueue({ failWithStatus: 429, errorKind: 'insufficient_quota' });
    const withAnother = await collectStream(both().stream(request));
    expect(withAnother.text).toBe('Answer written by the Anthropic fake.');
  });

  it("waits for OpenAI's x-ratelimit-reset headers when its 429 carries no Retry-After", async () => {
    openaiFake.enqueue({ failWithStatus: 429, rateLimitResetSeconds: [1.5, 0.12] });
    const waits: number[] = [];

    const result = await collectStream(new FallbackLlmProvider({ providers: [openai], sleep: async (ms) => void waits.push(ms) }).stream(request));

    expect(result.text).toBe('Answer written by the OpenAI fake.');
    expect(waits).toEqual([1_500]);

    openaiFake.enqueue({ failWithStatus: 429, rateLimitResetSeconds: [0.5, 360] });
    const long = await collectStream(new FallbackLlmProvider({ providers: [openai], sleep: async (ms) => void waits.push(ms) }).stream(request));
    expect(long.error?.attempts.map((a) => [a.code, a.retryAfterMs])).toEqual([['rate_limited', 360_000]]);
    expect(waits).toEqual([1_500]);
  });

  it('with a single provider, asks once more a second after a 5xx, and no more: no hidden retries', async () => {
    openaiFake.failNext(500, { times: 3 });
    const waits: number[] = [];

    const result = await collectStream(new FallbackLlmProvider({ providers: [openai], sleep: async (ms) => void waits.push(ms) }).stream(request));

    expect(result.error).toMatchObject({ code: 'unavailable' });
    expect(result.error?.attempts.map((a) => a.code)).toEqual(['server_error', 'server_error']);
    expect(openaiFake.calls).toHaveLength(2);
    expect(waits).toEqual([1_000]);
  });

  it('never waits for an overload with LLM_RETRY_AFTER_MAX_MS=0, nor for a refusal', async () => {
    openaiFake.failNext(503);
    const waits: number[] = [];
    const never = await collectStream(
      new FallbackLlmProvider({ providers: [openai], retryAfterMaxMs: 0, sleep: async (ms) => void waits.push(ms) }).stream(request),
    );
    expect(never.error?.attempts.map((a) => a.code)).toEqual(['server_error']);

    openaiFake.failNext(400);
    const refused = await collectStream(new FallbackLlmProvider({ providers: [openai], sleep: async (ms) => void waits.push(ms) }).stream(request));
    expect(refused.error).toMatchObject({ code: 'rejected' });
    expect(waits).toEqual([]);
  });

  it('waits out a short Retry-After when every provider is rate limited, then answers', async () => {
    openaiFake.failNext(429, { retryAfterSeconds: 1 });
    anthropicFake.failNext(429, { retryAfterSeconds: 2 });
    const waits: number[] = [];

    const result = await collectStream(
      new FallbackLlmProvider({ providers: [openai, anthropic], sleep: async (ms) => void waits.push(ms) }).stream(request),
    );

    expect(result.error).toBeUndefined();
    expect(result.text).toBe('Answer written by the OpenAI fake.');
    // The shortest stated wait, once; then the first provider again.
    expect(waits).toEqual([1_000]);
    expect(openaiFake.calls).toHaveLength(2);
    expect(anthropicFake.calls).toHaveLength(1);
  });

  it('falls back rather than waits when another provider can answer now', async () => {
    openaiFake.failNext(429, { retryAfterSeconds: 1 });
    const waits: number[] = [];

    const result = await collectStream(
      new FallbackLlmProvider({ providers: [openai, anthropic], sleep: async (ms) => void waits.push(ms) }).stream(request),
    );

    expect(result.text).toBe('Answer written by the Anthropic fake.');
    expect(waits).toEqual([]);
  });

  it('does not wait for a Retry-After beyond LLM_RETRY_AFTER_MAX_MS, nor a second time', async () => {
    openaiFake.failNext(429, { retryAfterSeconds: 30 });
    const waits: number[] = [];
    const long = await collectStream(
      new FallbackLlmProvider({ providers: [openai], retryAfterMaxMs: 10_000, sleep: async (ms) => void waits.push(ms) }).stream(request),
    );
    expect(long.error).toMatchObject({ code: 'unavailable' });
    expect(waits).toEqual([]);

    openaiFake.failNext(429, { retryAfterSeconds: 1, times: 5 });
    const twice = await collectStream(new FallbackLlmProvider({ providers: [openai], sleep: async (ms) => void waits.push(ms) }).stream(request));
    expect(twice.error?.attempts.map((a) => a.code)).toEqual(['rate_limited', 'rate_limited']);
    expect(waits).toEqual([1_000]);
  });

  it('stops trying when the caller aborts', async () => {
    openaiFake.delayNext(20_000);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);

    const result = await collectStream(both({ startDeadlineMs: 10_000 }).stream(request, { signal: controller.signal }));

    expect(result.error).toMatchObject({ code: 'aborted' });
    expect(anthropicFake.calls).toHaveLength(0);
  });
});
