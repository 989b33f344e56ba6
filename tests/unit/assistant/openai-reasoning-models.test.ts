import { describe, expect, it } from 'vitest';
import { isReasoningModel, REASONING_IDLE_TIMEOUT_MS, timeoutsFor } from '../../../adapters/llm/openai/openai-llm-provider';
import { DEFAULT_TIMEOUTS } from '../../../adapters/llm/llm-stream-guard';

describe('which OpenAI models think in tokens counted against max_completion_tokens', () => {
  it.each(['gpt-5', 'gpt-5-mini', 'gpt-5-nano', 'gpt-5.1', 'gpt-5.4-2026-03-05', 'o1', 'o3-mini', 'o4-mini'])('%s does: it gets room to think', (model) => {
    expect(isReasoningModel(model)).toBe(true);
  });

  // gpt-4o stops at 16,384 output tokens and refuses a larger limit with a 400: no room added.
  it.each(['gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'gpt-3.5-turbo', 'gpt-5-chat-latest', 'llama3.2', 'qwen3:8b'])('%s does not', (model) => {
    expect(isReasoningModel(model)).toBe(false);
  });
});

describe('how long a model may stay silent while it streams', () => {
  it('a reasoning model may think in silence for three minutes; its first byte is awaited as long as any model\'s', () => {
    expect(timeoutsFor('gpt-5', {})).toEqual({ firstByteTimeoutMs: DEFAULT_TIMEOUTS.firstByteTimeoutMs, idleTimeoutMs: REASONING_IDLE_TIMEOUT_MS });
  });

  it('a silence configured for the provider is kept, whatever the model', () => {
    expect(timeoutsFor('o3', { idleTimeoutMs: 600_000 }).idleTimeoutMs).toBe(600_000);
    expect(timeoutsFor('gpt-5', { idleTimeoutMs: 300 }).idleTimeoutMs).toBe(300);
  });

  it('any other model keeps the default 60 s', () => {
    expect(timeoutsFor('gpt-4o', {})).toEqual(DEFAULT_TIMEOUTS);
    expect(timeoutsFor('llama3.2', {}).idleTimeoutMs).toBe(60_000);
  });
});
