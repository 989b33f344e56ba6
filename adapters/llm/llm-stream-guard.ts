import { LlmError, llmErrorCodeForStatus, type LlmErrorCode } from '../../core/assistant/llm-error';
import type { LlmMessage, LlmRequest } from '../../core/assistant/llm-provider.port';
import { wellFormed } from '../../core/shared/clip-text';

/** Marks the moment the provider answered with response headers. */
export const OPENED: unique symbol = Symbol('opened');

export interface StreamTimeouts {
  /** From sending the request to receiving response headers. */
  firstByteTimeoutMs: number;
  /** Longest silence between two stream chunks (reasoning models think before writing). */
  idleTimeoutMs: number;
}

export const DEFAULT_TIMEOUTS: StreamTimeouts = { firstByteTimeoutMs: 30_000, idleTimeoutMs: 60_000 };

/** A provider's timers: its options where given, the defaults otherwise. */
export function streamTimeouts(options: Partial<StreamTimeouts>): StreamTimeouts {
  return {
    firstByteTimeoutMs: options.firstByteTimeoutMs ?? DEFAULT_TIMEOUTS.firstByteTimeoutMs,
    idleTimeoutMs: options.idleTimeoutMs ?? DEFAULT_TIMEOUTS.idleTimeoutMs,
  };
}

/** Constructor options both SDKs take the same way. */
export function sdkClientOptions(options: { apiKey: string; baseURL?: string | undefined }, timeouts: StreamTimeouts) {
  return {
    apiKey: options.apiKey,
    ...(options.baseURL === undefined ? {} : { baseURL: options.baseURL }),
    // One retry layer only: FallbackLlmProvider decides what happens after a failure.
    maxRetries: 0,
    timeout: timeouts.firstByteTimeoutMs,
    logLevel: SDK_LOG_LEVEL,
  };
}

/**
 * The AI SDKs' own console logging, off whatever OPENAI_LOG or ANTHROPIC_LOG say: at `debug`
 * they print every request body (the prompt) and error body, and Anthropic's prints a stream
 * chunk it cannot parse (the answer's words) at `error`, the default. Every failure reaches
 * Tomo as an error anyway, and Tomo logs it without text (like the Slack SDK's quiet logger).
 */
export const SDK_LOG_LEVEL = 'off' as const;

export type OpenStream<T> = (signal: AbortSignal) => Promise<AsyncIterable<T>>;

/**
 * Runs one streaming request under our own timers and the caller's signal, and turns every
 * way it can fail into an `LlmError`. The SDKs' own retries are off (maxRetries: 0): the
 * fallback provider is the only retry layer. Time the consumer spends between chunks does not
 * count as provider silence.
 */
export async function* guardStream<T>(
  provider: string,
  timeouts: StreamTimeouts,
  callerSignal: AbortSignal | undefined,
  open: OpenStream<T>,
): AsyncGenerator<T | typeof OPENED> {
  if (callerSignal?.aborted) throw new LlmError('aborted', { provider });
  const controller = new AbortController();
  let stopped: 'timeout' | 'aborted' | undefined;
  const stop = (why: 'timeout' | 'aborted') => {
    stopped ??= why;
    controller.abort();
  };
  const onCallerAbort = () => stop('aborted');
  callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined = setTimeout(() => stop('timeout'), timeouts.firstByteTimeoutMs);
  const pause = () => clearTimeout(timer);
  const resume = () => {
    clearTimeout(timer);
    timer = setTimeout(() => stop('timeout'), timeouts.idleTimeoutMs);
  };
  const fail = (error: unknown, stage: Stage): LlmError =>
    stopped !== undefined ? new LlmError(stopped, { provider }) : sdkErrorToLlmError(error, provider, stage);

  try {
    let iterable: AsyncIterable<T>;
    try {
      iterable = await open(controller.signal);
    } catch (error) {
      throw fail(error, 'open');
    }
    pause();
    yield OPENED;
    resume();
    try {
      for await (const chunk of iterable) {
        pause();
        yield chunk;
        resume();
      }
    } catch (error) {
      if (error instanceof LlmError) throw error;
      throw fail(error, 'stream');
    }
    // The SDKs end an aborted stream quietly; a stop of ours is still a failure.
    if (stopped !== undefined) throw new LlmError(stopped, { provider });
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onCallerAbort);
    controller.abort();
  }
}

type Stage = 'open' | 'stream';

interface SdkApiErrorShape {
  status?: number | undefined;
  headers?: Headers | undefined;
  error?: unknown;
  name?: string;
}

/**
 * Both SDKs (Stainless-generated) throw `APIError`s with `status` and `headers`, and name
 * their connection, timeout and abort errors alike; an error event inside a stream arrives
 * as an `APIError` without status whose body says `overloaded_error`, `rate_limit_error`….
 */
export function sdkErrorToLlmError(error: unknown, provider: string, stage: Stage): LlmError {
  if (error instanceof LlmError) return error;
  const shape = (typeof error === 'object' && error !== null ? error : {}) as SdkApiErrorShape;
  const name = error instanceof Error ? error.constructor.name : '';
  if (name === 'APIUserAbortError') return new LlmError('aborted', { provider });
  if (name === 'APIConnectionTimeoutError') return new LlmError('timeout', { provider });
  if (typeof shape.status === 'number') {
    const body = errorBody(shape.error);
    if (isTooLong(shape.status, body)) return new LlmError('too_long', { provider, status: shape.status });
    if (isContentFiltered(shape.status, body)) return new LlmError('content_filtered', { provider, status: shape.status });
    if (isImageRejected(shape.status, body)) return new LlmError('image_rejected', { provider, status: shape.status });
    // A used-up balance: another provider may answer, but waiting (its Retry-After) will not help.
    if (isOutOfCredit(body)) return new LlmError('misconfigured', { provider, status: shape.status });
    return new LlmError(llmErrorCodeForStatus(shape.status), { provider, status: shape.status, retryAfterMs: retryAfterMs(shape.headers) });
  }
  const bodyType = errorBodyType(shape.error);
  if (bodyType !== undefined) return new LlmError(codeForErrorType(bodyType), { provider });
  if (name === 'APIConnectionError' && stage === 'open') return new LlmError('connection', { provider });
  return new LlmError(stage === 'open' ? 'connection' : 'interrupted', { provider });
}

/**
 * An error body's `type`, `code` and `message`: OpenAI's SDK keeps the inner `error` object
 * (`{ message, type, code }`), Anthropic's the whole body (`{ type: 'error', error: { type, message } }`).
 */
function errorBody(body: unknown): { type?: string; code?: string; message?: string } {
  if (typeof body !== 'object' || body === null) return {};
  const outer = body as Record<string, unknown>;
  const inner = typeof outer['error'] === 'object' && outer['error'] !== null ? (outer['error'] as Record<string, unknown>) : outer;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return { type: text(inner['type']), code: text(inner['code']), message: text(inner['message']) };
}

/**
 * A request the model cannot read whole: OpenAI's `context_length_exceeded`, Anthropic's
 * "prompt is too long: N tokens > M maximum", "input length and `max_tokens` exceed context
 * limit: …" and 413 `request_too_large`, and the wording OpenAI-compatible servers (vLLM,
 * LiteLLM) use for the same 400.
 */
function isTooLong(status: number, body: { type?: string; code?: string; message?: string }): boolean {
  if (status === 413 || body.type === 'request_too_large' || body.code === 'context_length_exceeded') return true;
  return status === 400 && /prompt is too long|exceed context limit|maximum context length|context length exceeded|context window/i.test(body.message ?? '');
}

/**
 * Azure OpenAI's content filter on the prompt: a 400 with `code: "content_filter"` (its
 * `innererror` says `ResponsibleAIPolicyViolation` and which categories were filtered, in
 * `content_filter_result`; Tomo does not keep them). Azure's docs ("Content filtering": the API call
 * fails with 400 "The response was filtered…" when the prompt is filtered).
 */
function isContentFiltered(status: number, body: { type?: string; code?: string; message?: string }): boolean {
  return status === 400 && body.code === 'content_filter';
}

/**
 * An account with no money left: OpenAI's 429 `insufficient_quota` ("You exceeded your current
 * quota"), Anthropic's `billing_error` and its 400 `invalid_request_error` "Your credit balance is
 * too low to access the Anthropic API" (anthropics/claude-code#4684, the body as the API sends it).
 */
function isOutOfCredit(body: { type?: string; code?: string; message?: string }): boolean {
  if (body.code === 'insufficient_quota' || body.type === 'insufficient_quota' || body.type === 'billing_error') return true;
  return /credit balance is too low/i.test(body.message ?? '');
}

/**
 * A 400 about an image of the request: OpenAI's `invalid_image_format` ("You uploaded an
 * unsupported image…"), `invalid_image`, `image_parse_error`; Anthropic's "Could not process
 * image" and its media-type and size checks (`messages.N.content.M.image…`); a compatible
 * server's "image input is not supported". The request asked again without images is answered.
 */
function isImageRejected(status: number, body: { type?: string; code?: string; message?: string }): boolean {
  return status === 400 && (/image/i.test(body.code ?? '') || /\bimages?\b|image_url|\.image\./i.test(body.message ?? ''));
}

function errorBodyType(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as { type?: unknown; error?: { type?: unknown } };
  const type = record.error?.type ?? record.type;
  return typeof type === 'string' && type !== 'error' ? type : undefined;
}

function codeForErrorType(type: string): LlmErrorCode {
  switch (type) {
    case 'overloaded_error':
      return 'overloaded';
    case 'rate_limit_error':
      return 'rate_limited';
    case 'timeout_error':
      return 'timeout';
    case 'invalid_request_error':
    case 'request_too_large':
      return 'rejected';
    case 'authentication_error':
    case 'permission_error':
    case 'not_found_error':
    case 'billing_error':
      return 'misconfigured';
    default:
      return 'server_error';
  }
}

function retryAfterMs(headers: Headers | undefined): number | undefined {
  if (headers === undefined || typeof headers.get !== 'function') return undefined;
  const ms = Number(headers.get('retry-after-ms'));
  if (Number.isFinite(ms) && ms > 0) return ms;
  const raw = headers.get('retry-after');
  if (raw === null) return rateLimitResetMs(headers);
  const seconds = Number(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/**
 * OpenAI's 429 may come without `Retry-After` but always with `x-ratelimit-reset-requests` and
 * `x-ratelimit-reset-tokens` (`1s`, `6m0s`, `120ms`): when the limits refill. The later of the
 * two, since either may be the one that was hit.
 */
function rateLimitResetMs(headers: Headers): number | undefined {
  const resets = ['x-ratelimit-reset-requests', 'x-ratelimit-reset-tokens']
    .map((name) => durationMs(headers.get(name)))
    .filter((ms): ms is number => ms !== undefined);
  return resets.length === 0 ? undefined : Math.max(...resets);
}

/** OpenAI's duration format: `1h2m3.5s`, `20ms`, `6m0s`. */
function durationMs(raw: string | null): number | undefined {
  if (raw === null || !/^(\d+(\.\d+)?(h|ms|m|s))+$/.test(raw.trim())) return undefined;
  const unit: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1_000, ms: 1 };
  let total = 0;
  for (const [, amount, , name] of raw.trim().matchAll(/(\d+(\.\d+)?)(h|ms|m|s)/g)) total += Number(amount) * unit[name!]!;
  return total;
}

/** The same error, noting that part of the answer had already been streamed. */
export function afterText(error: LlmError, textSent: boolean): LlmError {
  if (!textSent || error.afterText) return error;
  return new LlmError(error.code, {
    provider: error.provider,
    ...(error.status === undefined ? {} : { status: error.status }),
    ...(error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs }),
    afterText: true,
    attempts: error.attempts,
  });
}

/** The plan's model id mapped to one of this provider's models, or its default. */
export function resolveModel(
  requested: string | undefined,
  defaultModel: string,
  models: Readonly<Record<string, string>> | undefined,
): string {
  if (requested === undefined) return defaultModel;
  return models?.[requested] ?? defaultModel;
}

/** A tool call's arguments as the model wrote them (JSON text, possibly empty or broken). */
export function parseToolArguments(raw: string): { arguments: Record<string, unknown>; malformed?: true } {
  if (raw.trim() === '') return { arguments: {} };
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return { arguments: parsed as Record<string, unknown> };
  } catch {
    // Reported as malformed below: the tool loop tells the model, it does not crash.
  }
  return { arguments: {}, malformed: true };
}

/** What a model that cannot see images is told instead of the image. */
export function imageNote(image: { name?: string }): string {
  return `[An image${image.name ? ` (${image.name})` : ''} was shared here; this model cannot see images.]`;
}

/** The `done` event's `imagesUnseen` for a model that takes no images, when the request had some. */
export function imagesUnseen(request: LlmRequest, imageInput = true): { imagesUnseen?: true } {
  if (imageInput) return {};
  return request.messages.some((message) => message.role === 'user' && (message.images?.length ?? 0) > 0) ? { imagesUnseen: true } : {};
}

/**
 * The request with every text the provider reads well-formed (`wellFormed`): one lone surrogate
 * anywhere, say in a document cut mid-emoji or a tool's result, would fail the whole answer.
 */
export function wellFormedRequest(request: LlmRequest): LlmRequest {
  return {
    ...request,
    ...(request.system === undefined ? {} : { system: wellFormed(request.system) }),
    messages: request.messages.map((message): LlmMessage => ({ ...message, content: wellFormed(message.content) })),
  };
}
