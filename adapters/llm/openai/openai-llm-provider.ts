import OpenAI from 'openai';
import type { ChatCompletionChunk, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { LlmError, isLlmError } from '../../../core/assistant/llm-error';
import type {
  LlmProvider,
  LlmRequest,
  LlmStopReason,
  LlmStreamEvent,
  LlmStreamOptions,
  TokenUsage,
} from '../../../core/assistant/llm-provider.port';
import { OPENED, afterText, guardStream, resolveModel, sdkClientOptions, sdkErrorToLlmError, streamTimeouts } from '../llm-stream-guard';

export interface OpenAiLlmProviderOptions {
  apiKey: string;
  /** `OPENAI_BASE_URL`, e.g. `http://127.0.0.1:11434/v1` for Ollama; default OpenAI's. */
  baseURL?: string;
  /** The model used when the request names none, or one not in `models`. */
  defaultModel: string;
  /** Plan model id → model id on this server (e.g. `{ 'gpt-5': 'gpt-5' }`). */
  models?: Readonly<Record<string, string>>;
  /**
   * OpenAI's reasoning models accept only `max_completion_tokens`; some compatible
   * servers only know the older `max_tokens`.
   */
  maxTokensParameter?: 'max_completion_tokens' | 'max_tokens';
  firstByteTimeoutMs?: number;
  idleTimeoutMs?: number;
  /** Recorded as the provider name; default `openai`. */
  name?: string;
}

/** Chat Completions over SSE, so any OpenAI-compatible server (vLLM, Ollama, LiteLLM) works. */
export class OpenAiLlmProvider implements LlmProvider {
  readonly name: string;
  private readonly client: OpenAI;
  private readonly timeouts;

  constructor(private readonly options: OpenAiLlmProviderOptions) {
    this.name = options.name ?? 'openai';
    this.timeouts = streamTimeouts(options);
    this.client = new OpenAI(sdkClientOptions(options, this.timeouts));
  }

  async *stream(request: LlmRequest, options: LlmStreamOptions = {}): AsyncGenerator<LlmStreamEvent> {
    const model = resolveModel(request.model, this.options.defaultModel, this.options.models);
    const messages: ChatCompletionMessageParam[] = [
      ...(request.system ? [{ role: 'system' as const, content: request.system }] : []),
      ...request.messages.map((m) => ({ role: m.role, content: m.content })),
    ];
    const maxTokens = this.options.maxTokensParameter ?? 'max_completion_tokens';
    let textSent = false;
    let stopReason: LlmStopReason | undefined;
    let usage: TokenUsage | null = null;
    let answeredBy = model;
    try {
      const chunks = guardStream<ChatCompletionChunk>(this.name, this.timeouts, options.signal, (signal) =>
        this.client.chat.completions.create(
          {
            model,
            messages,
            [maxTokens]: request.maxOutputTokens,
            ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
            stream: true,
            stream_options: { include_usage: true },
          },
          { signal },
        ),
      );
      for await (const chunk of chunks) {
        if (chunk === OPENED) {
          yield { type: 'start', provider: this.name, model };
          continue;
        }
        if (chunk.model) answeredBy = chunk.model;
        const choice = chunk.choices[0];
        const text = choice?.delta?.content;
        if (text) {
          textSent = true;
          yield { type: 'text', text };
        }
        if (choice?.finish_reason) stopReason = toStopReason(choice.finish_reason);
        if (chunk.usage) usage = { inputTokens: chunk.usage.prompt_tokens, outputTokens: chunk.usage.completion_tokens };
      }
    } catch (error) {
      throw afterText(isLlmError(error) ? error : sdkErrorToLlmError(error, this.name, 'stream'), textSent);
    }
    // A stream that ends without a finish reason was cut off, however politely it closed.
    if (stopReason === undefined) throw new LlmError('interrupted', { provider: this.name, afterText: textSent });
    yield { type: 'done', provider: this.name, model: answeredBy, stopReason, usage };
  }
}

function toStopReason(reason: string): LlmStopReason {
  if (reason === 'stop') return 'end';
  if (reason === 'length') return 'max_tokens';
  return 'other';
}
