import { describe, expect, it } from 'vitest';
import { isReasoningModel } from '../../../adapters/llm/openai/openai-llm-provider';

describe('which OpenAI models think in tokens counted against max_completion_tokens', () => {
  it.each(['gpt-5', 'gpt-5-mini', 'gpt-5-nano', 'gpt-5.1', 'gpt-5.4-2026-03-05', 'o1', 'o3-mini', 'o4-mini'])('%s does: it gets room to think', (model) => {
    expect(isReasoningModel(model)).toBe(true);
  });

  // gpt-4o stops at 16,384 output tokens and refuses a larger limit with a 400: no room added.
  it.each(['gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'gpt-3.5-turbo', 'gpt-5-chat-latest', 'llama3.2', 'qwen3:8b'])('%s does not', (model) => {
    expect(isReasoningModel(model)).toBe(false);
  });
});
