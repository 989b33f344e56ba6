/**
 * The language model, seen from the answer pipeline. Adapters: OpenAI Chat Completions
 * (any OpenAI-compatible server), Anthropic Messages, and a fallback that tries one then
 * the other. SDK shapes never cross this line.
 */

/** Who said a turn. Instructions go in `LlmRequest.system`, not in a message. */
export type LlmRole = 'user' | 'assistant';

export interface LlmMessage {
  role: LlmRole;
  content: string;
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
  /** Oldest first; the last one is what the person just asked. */
  messages: readonly LlmMessage[];
  maxOutputTokens: number;
  temperature?: number;
}

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

export type LlmStopReason = 'end' | 'max_tokens' | 'other';

/**
 * What a stream yields, in this order: one `start` when the provider accepted the request
 * (response headers arrived), any number of `text` deltas, then exactly one `done`.
 * A stream that ends any other way throws an `LlmError`. Behind a fallback, `start` may
 * appear once per provider tried; `text` never repeats.
 */
export type LlmStreamEvent =
  | { type: 'start'; provider: string; model: string }
  | { type: 'text'; text: string }
  | {
      type: 'done';
      provider: string;
      model: string;
      stopReason: LlmStopReason;
      /** Null when an OpenAI-compatible server does not report usage. */
      usage: TokenUsage | null;
    };

export interface LlmStreamOptions {
  /** Aborting ends the stream with an `LlmError` of code `aborted`. */
  signal?: AbortSignal;
}

export interface LlmProvider {
  /** `openai`, `anthropic`, or a composite name; recorded in the audit trail. */
  readonly name: string;
  stream(request: LlmRequest, options?: LlmStreamOptions): AsyncIterable<LlmStreamEvent>;
}
