import OpenAI from 'openai';
import type {
  ChatCompletionChunk,
  ChatCompletionContentPart,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import { LlmError, isLlmError } from '../../../core/assistant/llm-error';
import type {
  LlmMessage,
  LlmProvider,
  LlmRequest,
  LlmStopReason,
  LlmStreamEvent,
  LlmStreamOptions,
  LlmToolCall,
  LlmUserMessage,
  TokenUsage,
} from '../../../core/assistant/llm-provider.port';
import {
  OPENED,
  afterText,
  guardStream,
  imageNote,
  imagesUnseen,
  wellFormedRequest,
  parseToolArguments,
  resolveModel,
  sdkClientOptions,
  sdkErrorToLlmError,
  type StreamTimeouts,
  streamTimeouts,
} from '../llm-stream-guard';

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
  /** False for a text-only model on a compatible server: images become a short note. Default true. */
  imageInput?: boolean;
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

  async *stream(given: LlmRequest, options: LlmStreamOptions = {}): AsyncGenerator<LlmStreamEvent> {
    const request = wellFormedRequest(given);
    const model = resolveModel(request.model, this.options.defaultModel, this.options.models);
    const messages: ChatCompletionMessageParam[] = [
      ...(request.system ? [{ role: 'system' as const, content: request.system }] : []),
      ...request.messages.map((m) => toOpenAiMessage(m, this.options.imageInput ?? true)),
    ];
    const tools: ChatCompletionTool[] | undefined = request.tools?.length
      ? request.tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } }))
      : undefined;
    const maxTokens = this.options.maxTokensParameter ?? 'max_completion_tokens';
    const outputLimit = request.maxOutputTokens + (maxTokens === 'max_completion_tokens' && isReasoningModel(model) ? REASONING_ROOM_TOKENS : 0);
    let textSent = false;
    let stopReason: LlmStopReason | undefined;
    let usage: TokenUsage | null = null;
    let answeredBy = model;
    const calls = new ToolCallAssembler();
    try {
      const chunks = guardStream<ChatCompletionChunk>(this.name, timeoutsFor(model, this.options), options.signal, (signal) =>
        this.client.chat.completions.create(
          {
            model,
            messages,
            [maxTokens]: outputLimit,
            ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
            ...(tools ? { tools, tool_choice: request.toolChoice ?? 'auto' } : {}),
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
        // A model that declines says so in `refusal` rather than `content`: it is still the answer.
        const text = choice?.delta?.content || choice?.delta?.refusal;
        if (text) {
          textSent = true;
          yield { type: 'text', text };
        }
        for (const delta of choice?.delta?.tool_calls ?? []) calls.add(delta);
        if (choice?.finish_reason) stopReason = toStopReason(choice.finish_reason);
        if (chunk.usage) usage = { inputTokens: chunk.usage.prompt_tokens, outputTokens: chunk.usage.completion_tokens };
      }
    } catch (error) {
      throw afterText(isLlmError(error) ? error : sdkErrorToLlmError(error, this.name, 'stream'), textSent);
    }
    // A stream that ends without a finish reason was cut off, however politely it closed.
    if (stopReason === undefined) throw new LlmError('interrupted', { provider: this.name, afterText: textSent });
    const toolCalls = calls.finish();
    for (const call of toolCalls) yield { type: 'tool_call', call };
    // Some compatible servers (Ollama) finish a tool call with `stop`: the calls decide.
    if (toolCalls.length > 0) stopReason = 'tool_use';
    yield { type: 'done', provider: this.name, model: answeredBy, stopReason, usage, ...imagesUnseen(request, this.options.imageInput) };
  }
}

/**
 * OpenAI's reasoning models (the o-series, gpt-5 and its successors, not the `-chat` ones) think
 * in hidden tokens that count against `max_completion_tokens`: with the answer's own limit alone,
 * a long think left no room for words and the answer came back empty, cut by `length`. OpenAI's
 * reasoning guide ("Allocating space for reasoning") asks to reserve at least 25,000 tokens for
 * reasoning and outputs; the answer's own limit comes on top, so its words keep their room.
 */
export const REASONING_ROOM_TOKENS = 25_000;

/**
 * Silence a reasoning model may keep between two chunks: Chat Completions streams nothing while
 * it thinks (no reasoning summaries), and with `REASONING_ROOM_TOKENS` to think in, a hard
 * question at the default effort can think past the 60 s that end any other model's stream.
 * The answer job's heartbeat keeps it alive meanwhile; Slack shows Tomo is thinking.
 */
export const REASONING_IDLE_TIMEOUT_MS = 180_000;

/**
 * The stream's timers for `model`: those configured, else the defaults, where a reasoning model's
 * silence may last `REASONING_IDLE_TIMEOUT_MS`.
 */
export function timeoutsFor(model: string, configured: Partial<StreamTimeouts>): StreamTimeouts {
  const reasoning = configured.idleTimeoutMs === undefined && isReasoningModel(model);
  return streamTimeouts(reasoning ? { ...configured, idleTimeoutMs: REASONING_IDLE_TIMEOUT_MS } : configured);
}

export function isReasoningModel(model: string): boolean {
  return /^(o\d|gpt-([5-9]|[1-9]\d))/.test(model) && !/-chat/.test(model);
}

type ToolCallDelta = NonNullable<ChatCompletionChunk.Choice.Delta['tool_calls']>[number];

/**
 * Streamed tool calls arrive in pieces keyed by `index`: the id and name first, then the
 * arguments' JSON a few characters at a time. Compatible servers differ (whole calls in one
 * delta, no index, no id, arguments as an object), so each of those is accepted too.
 */
class ToolCallAssembler {
  private readonly parts: { id?: string; name: string; arguments: string }[] = [];

  add(delta: ToolCallDelta): void {
    const index = typeof delta.index === 'number' ? delta.index : this.parts.length;
    const part = (this.parts[index] ??= { name: '', arguments: '' });
    if (delta.id) part.id = delta.id;
    const fn = delta.function;
    if (fn?.name) part.name += fn.name;
    const args: unknown = fn?.arguments;
    if (typeof args === 'string') part.arguments += args;
    else if (typeof args === 'object' && args !== null) part.arguments = JSON.stringify(args);
  }

  finish(): LlmToolCall[] {
    return this.parts
      .filter((part) => part !== undefined && part.name !== '')
      .map((part, n) => ({ id: part.id ?? `call_${n + 1}`, name: part.name, ...parseToolArguments(part.arguments) }));
  }
}

function toOpenAiMessage(message: LlmMessage, imageInput: boolean): ChatCompletionMessageParam {
  switch (message.role) {
    case 'user':
      return { role: 'user', content: userContent(message, imageInput) };
    case 'assistant':
      if (!message.toolCalls?.length) return { role: 'assistant', content: message.content };
      return {
        role: 'assistant',
        content: message.content === '' ? null : message.content,
        tool_calls: message.toolCalls.map((call) => ({
          id: call.id,
          type: 'function',
          function: { name: call.name, arguments: JSON.stringify(call.arguments) },
        })),
      };
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
  }
}

function userContent(message: LlmUserMessage, imageInput: boolean): string | ChatCompletionContentPart[] {
  const images = message.images ?? [];
  if (images.length === 0) return message.content;
  if (!imageInput) return [message.content, ...images.map(imageNote)].join('\n');
  return [
    { type: 'text', text: message.content },
    ...images.map((image): ChatCompletionContentPart => ({
      type: 'image_url',
      image_url: { url: `data:${image.mediaType};base64,${image.data}` },
    })),
  ];
}

function toStopReason(reason: string): LlmStopReason {
  if (reason === 'stop') return 'end';
  if (reason === 'length') return 'max_tokens';
  if (reason === 'tool_calls' || reason === 'function_call') return 'tool_use';
  // Words may have been streamed before the filter stopped the rest.
  if (reason === 'content_filter') return 'refusal';
  return 'other';
}
