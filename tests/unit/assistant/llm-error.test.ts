import { describe, expect, it } from 'vitest';
import { ChatPlatformError, isChatPlatformError } from '../../../core/assistant/chat-platform-error';
import { LlmError, isLlmError, llmErrorCodeForStatus } from '../../../core/assistant/llm-error';

describe('LLM errors', () => {
  it.each([
    [429, 'rate_limited', true],
    [529, 'overloaded', true],
    [500, 'server_error', true],
    [503, 'server_error', true],
    [408, 'timeout', true],
    [400, 'rejected', false],
    [401, 'misconfigured', false],
    [403, 'misconfigured', false],
    [404, 'misconfigured', false],
  ] as const)('HTTP %i is %s (retryable: %s)', (status, code, retryable) => {
    expect(llmErrorCodeForStatus(status)).toBe(code);
    expect(new LlmError(code, { provider: 'openai', status }).retryable).toBe(retryable);
  });

  it('says who failed and how, and nothing else', () => {
    const error = new LlmError('overloaded', { provider: 'anthropic', status: 529, retryAfterMs: 2_000 });
    expect(error.message).toBe('LLM anthropic: overloaded (HTTP 529)');
    expect(error).toMatchObject({ provider: 'anthropic', status: 529, retryAfterMs: 2_000, afterText: false, attempts: [] });
    expect(new LlmError('timeout', { provider: 'openai' }).message).toBe('LLM openai: timeout');
  });

  it('is never retryable when aborted, refused or after every provider failed', () => {
    for (const code of ['aborted', 'rejected', 'unavailable'] as const) {
      expect(new LlmError(code, { provider: 'x' }).retryable).toBe(false);
    }
  });

  it('is recognisable', () => {
    expect(isLlmError(new LlmError('timeout', { provider: 'x' }))).toBe(true);
    expect(isLlmError(new Error('timeout'))).toBe(false);
  });
});

describe('chat platform errors', () => {
  it('carry the kind, the platform’s code and the method', () => {
    const error = new ChatPlatformError('not_found', 'channel_not_found', 'chat.postMessage');
    expect(error.message).toBe('Chat platform chat.postMessage: not_found (channel_not_found)');
    expect(isChatPlatformError(error)).toBe(true);
    expect(new ChatPlatformError('unavailable', undefined, 'auth.test').message).toBe('Chat platform auth.test: unavailable');
    expect(isChatPlatformError(new Error('x'))).toBe(false);
  });
});
