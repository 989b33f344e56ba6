import { LlmError, llmErrorCodeForStatus } from '../../core/assistant/llm-error';
import type { LlmProvider, LlmRequest, LlmStreamEvent, LlmStreamOptions } from '../../core/assistant/llm-provider.port';
import { LlmScript, answerChunks, roughTokens, scriptedCalls, type LlmFakeBehaviour, type PromptView, type RecordedLlmCall } from './llm-script';
import { parseToolArguments } from '../llm/llm-stream-guard';

export interface ScriptedLlmProviderOptions {
  name?: string;
  defaultModel?: string;
  models?: Readonly<Record<string, string>>;
  firstByteTimeoutMs?: number;
  idleTimeoutMs?: number;
  /** Share one script (and call log) between several providers, e.g. with different timeouts. */
  script?: LlmScript;
  calls?: RecordedLlmCall[];
}

/**
 * An `LlmProvider` without a network, for unit tests of the answer pipeline: answers with
 * the scripted text, fails, stalls or breaks off on cue, exactly like the HTTP fakes do
 * (same script, same knobs), and passes the same contract suite.
 */
export class ScriptedLlmProvider implements LlmProvider {
  readonly name: string;
  readonly calls: RecordedLlmCall[];
  private readonly script: LlmScript;

  constructor(private readonly options: ScriptedLlmProviderOptions = {}) {
    this.name = options.name ?? 'scripted';
    this.script = options.script ?? new LlmScript();
    this.calls = options.calls ?? [];
  }

  answer(text: string): void {
    this.script.answer(text);
  }
  enqueue(...behaviours: LlmFakeBehaviour[]): void {
    this.script.enqueue(...behaviours);
  }
  failNext(status: number, options?: { times?: number; retryAfterSeconds?: number }): void {
    this.script.failNext(status, options);
  }
  failAlways(status: number): void {
    this.script.failAlways(status);
  }
  delayNext(ms: number, options?: { times?: number }): void {
    this.script.delayNext(ms, options);
  }
  cutOffNext(afterChars: number, mode?: 'end' | 'destroy'): void {
    this.script.cutOffNext(afterChars, mode);
  }
  reset(): void {
    this.script.reset();
  }

  async *stream(request: LlmRequest, options: LlmStreamOptions = {}): AsyncGenerator<LlmStreamEvent> {
    const model = (request.model && this.options.models?.[request.model]) || (this.options.defaultModel ?? 'scripted-model');
    this.calls.push({
      method: 'CALL',
      path: 'stream',
      apiKey: undefined,
      model,
      maxTokens: request.maxOutputTokens,
      messageCount: request.messages.length,
      stream: true,
      body: {},
      prompt: promptOf(request),
    });
    const provider = this.name;
    const behaviour = this.script.take(this.calls.at(-1)!.prompt);
    await this.pause(behaviour.firstByteDelayMs ?? 0, this.options.firstByteTimeoutMs, options.signal, false);
    if (behaviour.failWithStatus !== undefined) {
      const status = behaviour.failWithStatus;
      if (behaviour.errorKind === 'context_length') throw new LlmError('too_long', { provider, status });
      if (behaviour.errorKind === 'invalid_image') throw new LlmError('image_rejected', { provider, status });
      if (behaviour.errorKind === 'content_filter') throw new LlmError('content_filtered', { provider, status });
      if (behaviour.errorKind === 'insufficient_quota') throw new LlmError('misconfigured', { provider, status });
      throw new LlmError(llmErrorCodeForStatus(status), {
        provider,
        status,
        ...(behaviour.retryAfterSeconds === undefined ? {} : { retryAfterMs: behaviour.retryAfterSeconds * 1000 }),
      });
    }
    yield { type: 'start', provider, model };
    let textSent = false;
    const streamError = () => new LlmError(behaviour.streamErrorType === 'overloaded_error' ? 'overloaded' : 'server_error', { provider, afterText: textSent });
    if (behaviour.streamErrorType !== undefined && behaviour.cutOffAfterChars === undefined) throw streamError();
    for (const text of answerChunks(behaviour.text, behaviour.chunkChars, behaviour.cutOffAfterChars)) {
      await this.pause(behaviour.chunkDelayMs, this.options.idleTimeoutMs, options.signal, textSent);
      textSent = true;
      yield { type: 'text', text };
      if (options.signal?.aborted) throw new LlmError('aborted', { provider, afterText: true });
    }
    if (behaviour.cutOffAfterChars !== undefined) {
      throw behaviour.streamErrorType === undefined ? new LlmError('interrupted', { provider, afterText: textSent }) : streamError();
    }
    const toolCalls = scriptedCalls(behaviour.toolCalls ?? [], 'call_scripted');
    for (const call of toolCalls) yield { type: 'tool_call', call: { id: call.id, name: call.name, ...parseToolArguments(call.json) } };
    const prompt = [request.system ?? '', ...request.messages.map((m) => m.content)].join('');
    yield {
      type: 'done',
      provider,
      model,
      stopReason: behaviour.stopReason ?? (toolCalls.length > 0 ? 'tool_use' : 'end'),
      usage: behaviour.usage ?? { inputTokens: roughTokens(prompt), outputTokens: roughTokens(behaviour.text) },
    };
  }

  /** Waits `ms`, failing as a timeout past `limitMs` or as aborted when the caller gives up. */
  private pause(ms: number, limitMs: number | undefined, signal: AbortSignal | undefined, afterText: boolean): Promise<void> {
    const provider = this.name;
    if (signal?.aborted) return Promise.reject(new LlmError('aborted', { provider, afterText }));
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const finish = (error?: LlmError) => {
        clearTimeout(done);
        clearTimeout(timeout);
        signal?.removeEventListener('abort', onAbort);
        if (error) reject(error);
        else resolve();
      };
      const onAbort = () => finish(new LlmError('aborted', { provider, afterText }));
      const done = setTimeout(() => finish(), ms);
      const timeout =
        limitMs !== undefined && limitMs < ms ? setTimeout(() => finish(new LlmError('timeout', { provider, afterText })), limitMs) : undefined;
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }
}

/** An `LlmRequest` as a model reads it (what the HTTP fakes build from their wire formats). */
export function promptOf(request: LlmRequest): PromptView {
  return {
    system: request.system ?? '',
    turns: request.messages.map((m) => {
      if (m.role === 'tool') return { role: 'tool', text: m.content, images: 0, toolCallId: m.toolCallId };
      if (m.role === 'user') return { role: 'user', text: m.content, images: m.images?.length ?? 0 };
      return {
        role: 'assistant',
        text: m.content,
        images: 0,
        ...(m.toolCalls?.length ? { toolCalls: m.toolCalls.map((c) => ({ id: c.id, name: c.name, arguments: c.arguments })) } : {}),
      };
    }),
    tools: (request.tools ?? []).map((t) => t.name),
    toolChoice: request.tools?.length ? (request.toolChoice ?? 'auto') : undefined,
  };
}
