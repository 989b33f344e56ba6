import { LlmError, isLlmError } from '../../core/assistant/llm-error';
import type { LlmProvider, LlmRequest, LlmStreamEvent, LlmStreamOptions } from '../../core/assistant/llm-provider.port';

export interface FallbackLlmProviderOptions {
  /** In order of preference when `route` says nothing: `LLM_PROVIDER`'s first. */
  providers: readonly LlmProvider[];
  /** The provider name a plan's model belongs to (e.g. `claude` → `anthropic`); tried first. */
  route?: (model: string | undefined) => string | undefined;
  /**
   * A provider that has not answered with response headers by then is abandoned for the
   * next one, so the switch happens within Slack-friendly time (issue: "within 5 seconds").
   * The last one left has no next to switch to: it keeps its own first-byte timeout, since
   * abandoning it would only turn a slow answer into an error.
   */
  startDeadlineMs?: number;
  /**
   * When every provider said 429 with a `Retry-After` no longer than this, or was overloaded
   * (529, 500, 503: a second unless it said otherwise), the request waits that long (the shortest
   * one) and asks those providers once more; a longer or missing 429 `Retry-After` fails at once
   * (`LLM_RETRY_AFTER_MAX_MS`, default 10 s; 0 = never wait).
   */
  retryAfterMaxMs?: number;
  /** How waiting happens (tests pass one that records it). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export const DEFAULT_START_DEADLINE_MS = 4_000;
export const DEFAULT_RETRY_AFTER_MAX_MS = 10_000;

/**
 * The only retry layer for LLM calls (both SDKs run with maxRetries: 0): each provider is
 * tried at most once per request. A provider that fails with a retryable error (429, 5xx,
 * 529, timeout, broken connection) or will not serve Tomo's account (`misconfigured`: 401, 403,
 * 404, no balance left) before it has streamed any text is replaced by the next.
 * Once text has reached the caller, a failure is thrown as it is, unless the caller can take its
 * words back (`restartAfterText` says yes): then, once per request, the caller gets a `restart`
 * and the whole answer is asked for again, from the next provider, or from the same one when it
 * was the last left (a cut mid-stream is usually the connection's or a passing overload's).
 */
export class FallbackLlmProvider implements LlmProvider {
  readonly name = 'fallback';
  private readonly startDeadlineMs: number;

  constructor(private readonly options: FallbackLlmProviderOptions) {
    if (options.providers.length === 0) throw new Error('FallbackLlmProvider needs at least one provider');
    this.startDeadlineMs = options.startDeadlineMs ?? DEFAULT_START_DEADLINE_MS;
  }

  async *stream(request: LlmRequest, options: LlmStreamOptions = {}): AsyncGenerator<LlmStreamEvent> {
    const failures: LlmError[] = [];
    const restarts = { left: 1 };
    let round = this.order(request.model);
    for (let attempt = 0; attempt < 2 && round.length > 0; attempt += 1) {
      const roundFailures: { provider: LlmProvider; failure: LlmError }[] = [];
      const done = yield* this.tryInTurn(round, request, options, { earlier: failures, failures: roundFailures, restarts });
      if (done) return;
      failures.push(...roundFailures.map((f) => f.failure));
      // Another provider is the first resort; waiting is the second, only when every one asked
      // is rate limited for a short, stated while, or overloaded for a moment (ADR 7, ADR 31).
      const waits = roundFailures.map((f) => waitBeforeAgain(f.failure));
      const maxWait = this.options.retryAfterMaxMs ?? DEFAULT_RETRY_AFTER_MAX_MS;
      if (attempt > 0 || waits.some((w) => w === undefined || w > maxWait)) break;
      await (this.options.sleep ?? abortableSleep)(Math.min(...(waits as number[])), options.signal);
      if (options.signal?.aborted) throw new LlmError('aborted', { provider: this.name });
      round = roundFailures.map((f) => f.provider);
    }
    throw new LlmError('unavailable', { provider: this.name, attempts: failures });
  }

  /** Each provider once, in order; true once one has streamed to the end. */
  private async *tryInTurn(
    providers: readonly LlmProvider[],
    request: LlmRequest,
    options: LlmStreamOptions,
    state: { earlier: readonly LlmError[]; failures: { provider: LlmProvider; failure: LlmError }[]; restarts: { left: number } },
  ): AsyncGenerator<LlmStreamEvent, boolean> {
    const { failures, restarts } = state;
    for (let index = 0; index < providers.length; index += 1) {
      const provider = providers[index]!;
      if (options.signal?.aborted) throw new LlmError('aborted', { provider: provider.name });
      const another = index < providers.length - 1;
      const attempt = new AbortController();
      const onCallerAbort = () => attempt.abort();
      options.signal?.addEventListener('abort', onCallerAbort, { once: true });
      let missedDeadline = false;
      let textSent = false;
      const deadline = another
        ? setTimeout(() => {
            missedDeadline = true;
            attempt.abort();
          }, this.startDeadlineMs)
        : undefined;
      try {
        for await (const event of provider.stream(request, { signal: attempt.signal })) {
          if (event.type === 'start') clearTimeout(deadline);
          if (event.type === 'text') textSent = true;
          yield event;
        }
        return true;
      } catch (caught) {
        const error = isLlmError(caught) ? caught : new LlmError('interrupted', { provider: provider.name });
        if (options.signal?.aborted) throw new LlmError('aborted', { provider: provider.name });
        const failure = missedDeadline && error.code === 'aborted' ? new LlmError('timeout', { provider: provider.name }) : error;
        const brokeOff = textSent || failure.afterText;
        if (brokeOff && failure.retryable && restarts.left > 0 && options.restartAfterText?.() === true) {
          restarts.left -= 1;
          failures.push({ provider, failure });
          // The next provider, or this one once more when none is left after it.
          if (!another) index -= 1;
          yield { type: 'restart' };
          continue;
        }
        const before = [...state.earlier, ...failures.map((f) => f.failure)];
        // After words, every provider this request asked is named: each is in the audit trail.
        if (brokeOff && before.length > 0) throw new LlmError('unavailable', { provider: this.name, attempts: [...before, failure] });
        // A refusal of the request itself fails anywhere; a provider that will not serve Tomo's
        // account (a revoked key, a model it does not have, no balance left) is one the next may not share.
        if (brokeOff || !failure.fallsBack) throw failure;
        failures.push({ provider, failure });
      } finally {
        clearTimeout(deadline);
        options.signal?.removeEventListener('abort', onCallerAbort);
      }
    }
    return false;
  }

  private order(model: string | undefined): LlmProvider[] {
    const preferred = this.options.route?.(model);
    const providers = [...this.options.providers];
    const index = providers.findIndex((p) => p.name === preferred);
    if (index > 0) providers.unshift(...providers.splice(index, 1));
    return providers;
  }
}

/**
 * How long to wait before asking a provider that failed this way once more, if at all: a 429's
 * own `Retry-After`; for Anthropic's 529 `overloaded_error` (over HTTP or in the stream) and a
 * 500/503, which the providers document as passing and their SDKs retry after about a second,
 * their `Retry-After` or a second. A timeout, a refused connection or a refusal is not waited for.
 */
export const OVERLOADED_PAUSE_MS = 1_000;

function waitBeforeAgain(failure: LlmError): number | undefined {
  if (failure.code === 'rate_limited') return failure.retryAfterMs;
  if (failure.code === 'overloaded' || failure.code === 'server_error') return failure.retryAfterMs ?? OVERLOADED_PAUSE_MS;
  return undefined;
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
