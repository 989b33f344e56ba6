import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { sdkErrorToLlmError } from '../../../adapters/llm/llm-stream-guard';

/** Errors as the SDKs build them from the providers' documented bodies. */
const openAiError = (status: number, error: Record<string, unknown>, headers: Record<string, string> = {}) =>
  OpenAI.APIError.generate(status, { error }, undefined, new Headers(headers));
const anthropicError = (status: number, type: string, message: string, headers: Record<string, string> = {}) =>
  Anthropic.APIError.generate(status, { type: 'error', error: { type, message } }, undefined, new Headers(headers));

describe('provider errors as Tomo reads them', () => {
  it('reads every way the providers say a request is longer than the model can read as too long', () => {
    const tooLong = [
      openAiError(400, {
        message: "This model's maximum context length is 128000 tokens. However, your messages resulted in 134521 tokens.",
        type: 'invalid_request_error',
        param: 'messages',
        code: 'context_length_exceeded',
      }),
      anthropicError(400, 'invalid_request_error', 'prompt is too long: 210512 tokens > 200000 maximum'),
      anthropicError(400, 'invalid_request_error', 'input length and `max_tokens` exceed context limit: 197592 + 8192 > 200000, decrease input length or `max_tokens` and try again'),
      anthropicError(413, 'request_too_large', 'Request exceeds the maximum allowed number of bytes.'),
    ];
    for (const error of tooLong) expect(sdkErrorToLlmError(error, 'p', 'open')).toMatchObject({ code: 'too_long', retryable: false });
  });

  it('reads a 400 about an image as image_rejected, so the answer is asked again without images', () => {
    const rejected = [
      openAiError(400, {
        message: "You uploaded an unsupported image. Please make sure your image has of one the following formats: ['png', 'jpeg', 'gif', 'webp'].",
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_image_format',
      }),
      anthropicError(400, 'invalid_request_error', 'Could not process image'),
      anthropicError(400, 'invalid_request_error', 'messages.0.content.1.image.source.base64: image exceeds 5 MB maximum: 5592404 bytes > 5242880 bytes'),
    ];
    for (const error of rejected) expect(sdkErrorToLlmError(error, 'p', 'open')).toMatchObject({ code: 'image_rejected', retryable: false });
    const unsupported = openAiError(400, {
      message: "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
      type: 'invalid_request_error',
      param: 'max_tokens',
      code: 'unsupported_parameter',
    });
    expect(sdkErrorToLlmError(unsupported, 'p', 'open')).toMatchObject({ code: 'rejected', retryable: false });
  });

  it('keeps other refusals as they were', () => {
    expect(sdkErrorToLlmError(anthropicError(400, 'invalid_request_error', 'messages: text content blocks must be non-empty'), 'p', 'open').code).toBe('rejected');
  });

  it("reads a key, permission, model or balance the provider will not serve as misconfigured: another provider may answer, waiting will not help", () => {
    const misconfigured = [
      openAiError(401, { message: 'Incorrect API key provided: sk-test.', type: 'invalid_request_error', code: 'invalid_api_key' }),
      openAiError(404, { message: 'The model `gpt-9` does not exist or you do not have access to it.', type: 'invalid_request_error', code: 'model_not_found' }),
      anthropicError(401, 'authentication_error', 'invalid x-api-key'),
      anthropicError(403, 'permission_error', 'Your API key does not have permission to use the specified resource.'),
      anthropicError(404, 'not_found_error', 'model: claude-nope'),
      anthropicError(402, 'billing_error', 'Billing error'),
      anthropicError(400, 'invalid_request_error', 'Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits.'),
    ];
    for (const error of misconfigured) expect(sdkErrorToLlmError(error, 'p', 'open')).toMatchObject({ code: 'misconfigured', retryable: false, fallsBack: true });
  });

  it("reads Azure OpenAI's content filter on the prompt as content_filtered, neither retried nor sent elsewhere", () => {
    const filtered = openAiError(400, {
      message: "The response was filtered due to the prompt triggering Azure OpenAI's content management policy. Please modify your prompt and retry.",
      type: null,
      param: 'prompt',
      code: 'content_filter',
      status: 400,
      innererror: { code: 'ResponsibleAIPolicyViolation', content_filter_result: { violence: { filtered: true, severity: 'medium' } } },
    });
    expect(sdkErrorToLlmError(filtered, 'openai', 'open')).toMatchObject({ code: 'content_filtered', retryable: false, fallsBack: false });
  });

  it('passes on no wait for a used-up OpenAI balance, and the stated wait for a rate limit', () => {
    const quota = openAiError(429, { message: 'You exceeded your current quota.', type: 'insufficient_quota', code: 'insufficient_quota' }, { 'retry-after': '1' });
    expect(sdkErrorToLlmError(quota, 'openai', 'open')).toMatchObject({ code: 'misconfigured', retryAfterMs: undefined });
    const limited = anthropicError(429, 'rate_limit_error', 'Number of request tokens has exceeded your per-minute rate limit', { 'retry-after': '3' });
    expect(sdkErrorToLlmError(limited, 'anthropic', 'open')).toMatchObject({ code: 'rate_limited', retryAfterMs: 3_000 });
  });
});
