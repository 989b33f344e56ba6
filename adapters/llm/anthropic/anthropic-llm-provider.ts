import Anthropic from '@anthropic-ai/sdk';
import type { MessageParam, RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import { LlmError, isLlmError } from '../../../core/assistant/llm-error';
import type {
  LlmMessage,
  LlmProvider,
  LlmRequest,
  LlmStopReason,
  LlmStreamEvent,
  LlmStreamOptions,
} from '../../../core/assistant/llm-provider.port';
import { OPENED, afterText, guardStream, resolveModel, sdkClientOptions, sdkErrorToLlmError, streamTimeouts } from '../llm-stream-guard';

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

  async *stream(request: LlmRequest, options: LlmStreamOptions = {}): AsyncGenerator<LlmStreamEvent> {
    const model = resolveModel(request.model, this.options.defaultModel, this.options.models);
    let textSent = false;
    let stopReason: LlmStopReason | undefined;
    let finished = false;
    let answeredBy = model;
    let inputTokens = 0;
    let outputTokens = 0;
    try {
      const events = guardStream<RawMessageStreamEvent>(this.name, this.timeouts, options.signal, (signal) =>
        this.client.messages.create(
          {
            model,
            max_tokens: request.maxOutputTokens,
            messages: toAnthropicMessages(request.messages),
            ...(request.system ? { system: request.system } : {}),
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
          case 'content_block_delta':
            if (event.delta.type === 'text_delta' && event.delta.text !== '') {
              textSent = true;
              yield { type: 'text', text: event.delta.text };
            }
            break;
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
    };
  }
}

/**
 * The Messages API wants the conversation to open with a user turn; consecutive turns of one
 * role are joined (several people talking in a thread are all "user").
 */
export function toAnthropicMessages(messages: readonly LlmMessage[]): MessageParam[] {
  const merged: MessageParam[] = [];
  for (const message of messages) {
    const last = merged.at(-1);
    if (last !== undefined && last.role === message.role) last.content = `${String(last.content)}\n\n${message.content}`;
    else merged.push({ role: message.role, content: message.content });
  }
  if (merged[0]?.role === 'assistant') merged.unshift({ role: 'user', content: '(thread continues)' });
  return merged;
}

function toStopReason(reason: string): LlmStopReason {
  if (reason === 'end_turn' || reason === 'stop_sequence') return 'end';
  if (reason === 'max_tokens' || reason === 'model_context_window_exceeded') return 'max_tokens';
  return 'other';
}
