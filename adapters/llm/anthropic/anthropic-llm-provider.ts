import Anthropic from '@anthropic-ai/sdk';
import type { ContentBlockParam, MessageParam, RawMessageStreamEvent, Tool } from '@anthropic-ai/sdk/resources/messages';
import { LlmError, isLlmError } from '../../../core/assistant/llm-error';
import type {
  LlmMessage,
  LlmProvider,
  LlmRequest,
  LlmStopReason,
  LlmStreamEvent,
  LlmStreamOptions,
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
  streamTimeouts,
} from '../llm-stream-guard';

export interface AnthropicLlmProviderOptions {
  apiKey: string;
  /** `ANTHROPIC_BASE_URL` without `/v1` (the SDK adds it); default Anthropic's. */
  baseURL?: string;
  /** The model used when the request names none, or one not in `models`. */
  defaultModel: string;
  /** Plan model id → Claude model id (e.g. `{ claude: 'claude-sonnet-5-5' }`). */
  models?: Readonly<Record<string, string>>;
  firstByteTimeoutMs?: number;
  idleTimeoutMs?: number;
  /** False for a model that takes no images: they become a short note. Default true. */
  imageInput?: boolean;
  /** Recorded as the provider name; default `anthropic`. */
  name?: string;
}

/** The Messages API over SSE. */
export class AnthropicLlmProvider implements LlmProvider {
  readonly name: string;
  private readonly client: Anthropic;
  private readonly timeouts;

  constructor(private readonly options: AnthropicLlmProviderOptions) {
    this.name = options.name ?? 'anthropic';
    this.timeouts = streamTimeouts(options);
    this.client = new Anthropic(sdkClientOptions(options, this.timeouts));
  }

  async *stream(given: LlmRequest, options: LlmStreamOptions = {}): AsyncGenerator<LlmStreamEvent> {
    const request = wellFormedRequest(given);
    const model = resolveModel(request.model, this.options.defaultModel, this.options.models);
    let textSent = false;
    let stopReason: LlmStopReason | undefined;
    let finished = false;
    let answeredBy = model;
    let inputTokens = 0;
    let outputTokens = 0;
    // tool_use blocks by content index: id and name at the start, the input as JSON deltas.
    const toolBlocks = new Map<number, { id: string; name: string; json: string }>();
    const tools: Tool[] | undefined = request.tools?.length
      ? request.tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.parameters }))
      : undefined;
    try {
      const events = guardStream<RawMessageStreamEvent>(this.name, this.timeouts, options.signal, (signal) =>
        this.client.messages.create(
          {
            model,
            max_tokens: request.maxOutputTokens,
            messages: toAnthropicMessages(request.messages, this.options.imageInput ?? true),
            ...(request.system ? { system: request.system } : {}),
            ...(tools ? { tools, tool_choice: { type: request.toolChoice ?? 'auto' } } : {}),
            ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
            stream: true,
          },
          { signal },
        ),
      );
      for await (const event of events) {
        if (event === OPENED) {
          yield { type: 'start', provider: this.name, model };
          continue;
        }
        switch (event.type) {
          case 'message_start': {
            answeredBy = event.message.model || model;
            const usage = event.message.usage;
            inputTokens =
              usage.input_tokens + (usage.cache_creation_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0);
            outputTokens = usage.output_tokens;
            break;
          }
          case 'content_block_start':
            if (event.content_block.type === 'tool_use') {
              toolBlocks.set(event.index, { id: event.content_block.id, name: event.content_block.name, json: '' });
            }
            break;
          case 'content_block_delta':
            if (event.delta.type === 'text_delta' && event.delta.text !== '') {
              textSent = true;
              yield { type: 'text', text: event.delta.text };
            } else if (event.delta.type === 'input_json_delta') {
              const block = toolBlocks.get(event.index);
              if (block) block.json += event.delta.partial_json;
            }
            break;
          case 'content_block_stop': {
            const block = toolBlocks.get(event.index);
            if (block) {
              toolBlocks.delete(event.index);
              yield { type: 'tool_call', call: { id: block.id, name: block.name, ...parseToolArguments(block.json) } };
            }
            break;
          }
          case 'message_delta':
            // message_delta usage is cumulative.
            outputTokens = event.usage.output_tokens;
            if (event.delta.stop_reason) stopReason = toStopReason(event.delta.stop_reason);
            break;
          case 'message_stop':
            finished = true;
            break;
          default:
            break;
        }
      }
    } catch (error) {
      throw afterText(isLlmError(error) ? error : sdkErrorToLlmError(error, this.name, 'stream'), textSent);
    }
    if (!finished) throw new LlmError('interrupted', { provider: this.name, afterText: textSent });
    yield {
      type: 'done',
      provider: this.name,
      model: answeredBy,
      stopReason: stopReason ?? 'other',
      usage: { inputTokens, outputTokens },
      ...imagesUnseen(request, this.options.imageInput),
    };
  }
}

/** The user turn after a conversation that ends with Tomo's own words (a reaction on its message). */
export const OWN_MESSAGE_LAST = '(The conversation above ends with your own message. Respond as your instructions say.)';

/**
 * The Messages API wants the conversation to open with a user turn and the roles to
 * alternate: consecutive turns of one role are joined (several people talking in a thread
 * are all "user"), and tool results travel as `tool_result` blocks of a user turn. A last
 * assistant turn is a "prefill" the model would continue rather than answer, and today's models
 * reject it ("The conversation must end with a user message"), so a user turn follows it.
 */
export function toAnthropicMessages(messages: readonly LlmMessage[], imageInput = true): MessageParam[] {
  const merged: MessageParam[] = [];
  for (const message of messages) {
    const next = toAnthropicMessage(message, imageInput);
    const last = merged.at(-1);
    if (last === undefined || last.role !== next.role) merged.push(next);
    else if (typeof last.content === 'string' && typeof next.content === 'string') last.content = `${last.content}\n\n${next.content}`;
    else last.content = [...blocks(last.content), ...blocks(next.content)];
  }
  if (merged[0]?.role === 'assistant') merged.unshift({ role: 'user', content: '(thread continues)' });
  if (merged.at(-1)?.role === 'assistant') merged.push({ role: 'user', content: OWN_MESSAGE_LAST });
  return merged;
}

function toAnthropicMessage(message: LlmMessage, imageInput: boolean): MessageParam {
  switch (message.role) {
    case 'user': {
      const images = message.images ?? [];
      if (images.length === 0) return { role: 'user', content: message.content };
      if (!imageInput) return { role: 'user', content: [message.content, ...images.map(imageNote)].join('\n') };
      return {
        role: 'user',
        content: [
          { type: 'text', text: message.content },
          ...images.map(
            (image): ContentBlockParam => ({
              type: 'image',
              source: { type: 'base64', media_type: image.mediaType as 'image/png', data: image.data },
            }),
          ),
        ],
      };
    }
    case 'assistant':
      if (!message.toolCalls?.length) return { role: 'assistant', content: message.content };
      return {
        role: 'assistant',
        content: [
          // What the model wrote before its calls, unless it was only whitespace (a line break before a
          // tool_use is common): the Messages API refuses a text block without a visible character.
          ...(message.content.trim() === '' ? [] : [{ type: 'text' as const, text: message.content }]),
          ...message.toolCalls.map((call) => ({ type: 'tool_use' as const, id: call.id, name: call.name, input: call.arguments })),
        ],
      };
    case 'tool':
      return {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: message.toolCallId,
            content: message.content,
            ...(message.isError ? { is_error: true } : {}),
          },
        ],
      };
  }
}

function blocks(content: MessageParam['content']): ContentBlockParam[] {
  return typeof content === 'string' ? (content.trim() === '' ? [] : [{ type: 'text', text: content }]) : content;
}

function toStopReason(reason: string): LlmStopReason {
  if (reason === 'end_turn' || reason === 'stop_sequence') return 'end';
  if (reason === 'max_tokens' || reason === 'model_context_window_exceeded') return 'max_tokens';
  if (reason === 'tool_use') return 'tool_use';
  // Streaming classifiers stopped the answer, possibly after its first words.
  if (reason === 'refusal') return 'refusal';
  return 'other';
}
