import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLlmProvider } from '../../../adapters/llm/create-llm-provider';
import { startFakeAnthropic, type FakeAnthropic } from '../../fakes/anthropic/fake-anthropic';
import { startFakeOpenAi, type FakeOpenAi } from '../../fakes/openai/fake-openai';
import { collectStream } from '../../fakes/support/collect-llm-stream';

describe('createLlmProvider: LLM_PROVIDER, plan models and fallback wired from configuration', () => {
  let openai: FakeOpenAi;
  let anthropic: FakeAnthropic;
  beforeAll(async () => {
    [openai, anthropic] = await Promise.all([startFakeOpenAi(), startFakeAnthropic()]);
  });
  afterAll(() => Promise.all([openai.close(), anthropic.close()]));
  beforeEach(() => {
    openai.calls.length = 0;
    anthropic.calls.length = 0;
    openai.reset();
    anthropic.reset();
  });

  const both = (defaultProvider: 'openai' | 'anthropic') =>
    createLlmProvider({
      defaultProvider,
      openai: { apiKey: 'sk-test', baseURL: openai.url },
      anthropic: { apiKey: 'sk-ant-test', baseURL: anthropic.url },
    });
  const ask = (model: string | undefined) => ({
    ...(model === undefined ? {} : { model }),
    messages: [{ role: 'user' as const, content: 'hi' }],
    maxOutputTokens: 100,
  });

  it('sends each plan model to its own provider, with that provider’s model id', async () => {
    expect((await collectStream(both('openai').stream(ask('claude')))).done?.provider).toBe('anthropic');
    expect((await collectStream(both('anthropic').stream(ask('gpt-5')))).done?.provider).toBe('openai');
    expect(anthropic.calls.map((c) => c.model)).toEqual(['claude-sonnet-5-5']);
    expect(openai.calls.map((c) => c.model)).toEqual(['gpt-5']);
  });

  it('starts with LLM_PROVIDER when the request names no known model', async () => {
    expect((await collectStream(both('anthropic').stream(ask(undefined)))).done?.provider).toBe('anthropic');
    expect((await collectStream(both('openai').stream(ask('llama3')))).done?.provider).toBe('openai');
  });

  it('falls back to the other configured provider', async () => {
    anthropic.failNext(529);

    const result = await collectStream(both('anthropic').stream(ask('claude')));

    expect(result.done).toMatchObject({ provider: 'openai', model: 'gpt-5' });
  });

  it('works with one provider and refuses to start with none', async () => {
    const onlyAnthropic = createLlmProvider({ defaultProvider: 'openai', anthropic: { apiKey: 'k', baseURL: anthropic.url } });
    expect((await collectStream(onlyAnthropic.stream(ask('gpt-5')))).done?.provider).toBe('anthropic');
    expect(() => createLlmProvider({ defaultProvider: 'openai' })).toThrow(/No LLM provider configured/);
  });
});
