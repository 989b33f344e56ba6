/**
 * The language model, seen from the answer pipeline. Adapters: OpenAI Chat Completions
 * (any OpenAI-compatible server), Anthropic Messages, and a fallback that tries one then
 * the other. SDK shapes never cross this line.
 */

/** Who said a turn. Instructions go in `LlmRequest.system`, not in a message. */
export type LlmRole = 'user' | 'assistant' | 'tool';

/** An image for models that take images (Slack files); adapters put it in their own format. */
export interface LlmImage {
  /** `image/png`, `image/jpeg`, `image/gif` or `image/webp`. */
  mediaType: string;
  /** Base64 of the bytes. */
  data: string;
  /** A short label for models that cannot see it (e.g. the file name). */
  name?: string;
}

/** One call the model asked for: `arguments` is the parsed JSON object it wrote. */
export interface LlmToolCall {
  /** The provider's id for the call (`call_…`, `toolu_…`); tool results refer to it. */
  id: string;
  name: string;
  arguments: Record<string, unknown>;
  /** True when what the model wrote was not a JSON object; `arguments` is then `{}`. */
  malformed?: boolean;
}

export interface LlmUserMessage {
  role: 'user';
  content: string;
  images?: readonly LlmImage[];
}

export interface LlmAssistantMessage {
  role: 'assistant';
  /** What the model wrote before asking for tools ('' when nothing). */
  content: string;
  toolCalls?: readonly LlmToolCall[];
}

/** The result of one tool call, sent back to the model in the next request. */
export interface LlmToolResultMessage {
  role: 'tool';
  toolCallId: string;
  /** The tool's name, for providers that want it beside the id. */
  name: string;
  content: string;
  /** True when the tool failed; `content` says how. */
  isError?: boolean;
}

export type LlmMessage = LlmUserMessage | LlmAssistantMessage | LlmToolResultMessage;

/** A JSON Schema object describing a tool's arguments (`type: 'object'`). */
export type JsonSchemaObject = { type: 'object' } & Record<string, unknown>;

/** A tool the model may call in this request. */
export interface LlmToolDefinition {
  /** `^[a-zA-Z0-9_-]{1,64}$`, the rule both providers share. */
  name: string;
  description: string;
  parameters: JsonSchemaObject;
}

export interface LlmRequest {
  /**
   * The plan's model id (e.g. `gpt-5`). Each adapter maps it to one of its own models and
   * uses its configured default when the id is not one it knows; the `done` event reports
   * the model that actually answered.
   */
  model?: string;
  /** Composed instructions (system, workspace, channel, user). */
  system?: string;
  /** Oldest first; the last one is what the person just asked (or a tool's result). */
  messages: readonly LlmMessage[];
  maxOutputTokens: number;
  temperature?: number;
  /** Tools the model may call; none means a plain answer. */
  tools?: readonly LlmToolDefinition[];
  /**
   * `auto` (default): the model decides. `none`: tools stay described (earlier calls in
   * `messages` need them) but the model must answer in words now.
   */
  toolChoice?: 'auto' | 'none';
}

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

/**
 * `tool_use`: the model stopped to have its `tool_call`s run. `max_tokens`: the output limit
 * (or the context window) cut the answer. `refusal`: the provider's safety system stopped it
 * (OpenAI's `content_filter`, Anthropic's `refusal`), possibly after some words.
 */
export type LlmStopReason = 'end' | 'max_tokens' | 'tool_use' | 'refusal' | 'other';

/**
 * What a stream yields, in this order: one `start` when the provider accepted the request
 * (response headers arrived), any number of `text` deltas and `tool_call`s (each call once,
 * whole, when its arguments are complete), then exactly one `done`.
 * A stream that ends any other way throws an `LlmError`. Behind a fallback, `start` may
 * appear once per provider tried; `text` never repeats, except after a `restart`: only a caller
 * that allows it (`LlmStreamOptions.restartAfterText`) gets one, when the provider broke off
 * after its first words and the fallback asks for the whole answer again. Everything yielded
 * before a `restart` is void; the answer comes again after it, from its `start` on.
 */
export type LlmStreamEvent =
  | { type: 'start'; provider: string; model: string }
  | { type: 'restart' }
  | { type: 'text'; text: string }
  | { type: 'tool_call'; call: LlmToolCall }
  | {
      type: 'done';
      provider: string;
      model: string;
      stopReason: LlmStopReason;
      /** Null when an OpenAI-compatible server does not report usage. */
      usage: TokenUsage | null;
      /**
       * True when the request carried images and this model was configured as one that cannot
       * see them (`OPENAI_IMAGE_INPUT=false`): it got a one-line note for each instead.
       */
      imagesUnseen?: true;
    };

export interface LlmStreamOptions {
  /** Aborting ends the stream with an `LlmError` of code `aborted`. */
  signal?: AbortSignal;
  /**
   * Asked when a provider fails after it has streamed text: true lets a fallback start the
   * answer over (a `restart` event, then the whole answer again) instead of throwing. Absent:
   * never; a caller that cannot take its words back must not pass it.
   */
  restartAfterText?: () => boolean;
}

export interface LlmProvider {
  /** `openai`, `anthropic`, or a composite name; recorded in the audit trail. */
  readonly name: string;
  stream(request: LlmRequest, options?: LlmStreamOptions): AsyncIterable<LlmStreamEvent>;
}
