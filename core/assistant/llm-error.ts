/**
 * Infrastructure failures of a language model call. Thrown, never returned. Messages carry
 * the provider, the code and the HTTP status only: never prompt or answer text.
 */
export type LlmErrorCode =
  /** HTTP 429. */
  | 'rate_limited'
  /** HTTP 5xx other than 529. */
  | 'server_error'
  /** HTTP 529 or an `overloaded_error` event (Anthropic). */
  | 'overloaded'
  /** No response within the first-byte timeout, or silence mid-stream. */
  | 'timeout'
  /** The connection failed before a response arrived. */
  | 'connection'
  /** The stream ended or broke before the provider said it was done. */
  | 'interrupted'
  /** The provider refused the request itself (a 400 or 422 about what Tomo sent): retrying will not help. */
  | 'rejected'
  /**
   * The provider will not serve Tomo's account as configured: the key (401, OpenAI's
   * `invalid_api_key`, Anthropic's `authentication_error`), its permissions (403), the model or
   * address (404, OpenAI's `model_not_found`, Anthropic's `not_found_error`) or a used-up balance
   * (OpenAI's 429 `insufficient_quota`, Anthropic's `billing_error` and 400 "Your credit balance is
   * too low"). Asking this provider again will not help, waiting neither; another provider can answer.
   */
  | 'misconfigured'
  /**
   * The provider's safety system refused the request itself, before any answer (Azure OpenAI's 400
   * `content_filter`, "The response was filtered due to the prompt triggering Azure OpenAI's content
   * management policy"): the same prompt is filtered again, so it is neither retried nor sent elsewhere.
   */
  | 'content_filtered'
  /**
   * The request is more than the model can read (OpenAI's `context_length_exceeded`,
   * Anthropic's "prompt is too long" or 413 `request_too_large`): the same request fails
   * anywhere, so it is not retried; the person is told to shorten it.
   */
  | 'too_long'
  /**
   * The provider could not process an image of the request (OpenAI's 400 `invalid_image_format`,
   * "You uploaded an unsupported image"; Anthropic's 400 "Could not process image"; a compatible
   * server's text-only model): the same request fails anywhere, so it is not retried as it is.
   */
  | 'image_rejected'
  /** The caller aborted. */
  | 'aborted'
  /** Every provider behind a fallback failed; `attempts` says how. */
  | 'unavailable';

const RETRYABLE: ReadonlySet<LlmErrorCode> = new Set([
  'rate_limited',
  'server_error',
  'overloaded',
  'timeout',
  'connection',
  'interrupted',
]);

export interface LlmErrorDetails {
  provider: string;
  status?: number;
  /** From `Retry-After`, when the provider sent one. */
  retryAfterMs?: number;
  /** True when some text had already been streamed before the failure. */
  afterText?: boolean;
  attempts?: readonly LlmError[];
}

export class LlmError extends Error {
  override readonly name = 'LlmError';
  readonly provider: string;
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;
  readonly afterText: boolean;
  readonly attempts: readonly LlmError[];

  constructor(
    readonly code: LlmErrorCode,
    details: LlmErrorDetails,
  ) {
    super(`LLM ${details.provider}: ${code}${details.status === undefined ? '' : ` (HTTP ${details.status})`}`);
    this.provider = details.provider;
    this.status = details.status;
    this.retryAfterMs = details.retryAfterMs;
    this.afterText = details.afterText ?? false;
    this.attempts = details.attempts ?? [];
  }

  /** Worth asking another provider (or the same one later). */
  get retryable(): boolean {
    return RETRYABLE.has(this.code);
  }

  /**
   * Worth asking another provider now: any retryable failure, and a provider that will not serve
   * Tomo's account (`misconfigured`), which another provider's account does not share.
   */
  get fallsBack(): boolean {
    return this.retryable || this.code === 'misconfigured';
  }
}

export function isLlmError(error: unknown): error is LlmError {
  return error instanceof LlmError;
}

/** The code for an HTTP status from an LLM API. */
export function llmErrorCodeForStatus(status: number): LlmErrorCode {
  if (status === 429) return 'rate_limited';
  if (status === 529) return 'overloaded';
  if (status === 408) return 'timeout';
  if (status >= 500) return 'server_error';
  if (status === 401 || status === 402 || status === 403 || status === 404) return 'misconfigured';
  return 'rejected';
}
