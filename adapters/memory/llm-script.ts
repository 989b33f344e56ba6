/**
 * What a scripted LLM does with the next request. The in-memory `ScriptedLlmProvider` and
 * the OpenAI and Anthropic HTTP fakes (tests/fakes) share this script; the fakes render it
 * in their own wire format.
 */

/** One request as a fake saw it. Kept in memory for assertions; never logged. */
export interface RecordedLlmCall {
  method: string;
  path: string;
  apiKey: string | undefined;
  model: string | undefined;
  maxTokens: number | undefined;
  messageCount: number;
  stream: boolean;
  body: Record<string, unknown>;
  /** The same request, read the same way whatever the wire format. */
  prompt: PromptView;
}

/** A request as a model reads it: the words of each turn, the images, the tools offered. */
export interface PromptView {
  system: string;
  turns: PromptTurn[];
  /** Names of the tools offered. */
  tools: string[];
  toolChoice: 'auto' | 'none' | undefined;
}

export interface PromptTurn {
  role: 'user' | 'assistant' | 'tool';
  text: string;
  images: number;
  /** Assistant turns: the tools it asked for. */
  toolCalls?: { id: string; name: string; arguments: unknown }[];
  /** Tool turns: which call this answers. */
  toolCallId?: string;
}

/** A tool call a scripted model makes; `arguments` as an object, or raw (possibly broken) JSON text. */
export interface ScriptedToolCall {
  name: string;
  arguments: Record<string, unknown> | string;
  id?: string;
}

export interface LlmFakeBehaviour {
  /** The answer to stream; default: the fake's current answer text. */
  text?: string;
  /** Answer with this HTTP error instead of a stream (529 is Anthropic's "overloaded"). */
  failWithStatus?: number;
  /** Sent with a 429 (and 529). */
  retryAfterSeconds?: number;
  /**
   * OpenAI fake only: with a 429, when its limits refill, as OpenAI's `x-ratelimit-reset-requests`
   * and `x-ratelimit-reset-tokens` say it (`[requests, tokens]` in seconds).
   */
  rateLimitResetSeconds?: readonly [number, number];
  /**
   * With `failWithStatus`, the provider's own body for a request longer than the model can read
   * (OpenAI's 400 `context_length_exceeded`, Anthropic's 400 "prompt is too long") or for a used-up
   * balance (OpenAI's 429 `insufficient_quota`), or for an image the provider could not process
   * (OpenAI's 400 `invalid_image_format`, Anthropic's 400 "Could not process image"), or, OpenAI
   * fake only, for a prompt Azure OpenAI's content filter refused (400 `content_filter`).
   */
  errorKind?: 'context_length' | 'insufficient_quota' | 'invalid_image' | 'content_filter';
  /**
   * How the answer ends after its text: cut by the output limit (`length`, `max_tokens`) or
   * stopped by the provider's safety system (`content_filter`, `refusal`). Default: a normal end.
   */
  stopReason?: 'max_tokens' | 'refusal';
  /** Hold the response headers this long (a slow first byte). Ended early if the client leaves. */
  firstByteDelayMs?: number;
  /** Stop after this many characters of answer text, before the final events. */
  cutOffAfterChars?: number;
  /** `end`: close the response cleanly; `destroy`: kill the socket. Default `end`. */
  cutOffMode?: 'end' | 'destroy';
  /**
   * With `cutOffAfterChars`: the stream ends with one event whose JSON is cut short (as a
   * proxy that mangles a chunk sends it), holding the rest of the answer text. HTTP fakes only.
   */
  garbleRest?: true;
  /**
   * After the stream opened and before any text, send the provider's in-stream error event;
   * with `cutOffAfterChars`, after that much text instead of cutting the stream.
   */
  streamErrorType?: 'overloaded_error' | 'api_error';
  /** Characters per text delta; default 8. */
  chunkChars?: number;
  /** Pause between deltas; default 0. */
  chunkDelayMs?: number;
  /** Token counts to report; default about one token per four characters. */
  usage?: { inputTokens: number; outputTokens: number };
  /** Tool calls made after the text, streamed in the provider's format; the stop reason becomes tool use. */
  toolCalls?: ScriptedToolCall[];
  /**
   * OpenAI fake only: stream tool calls the way some compatible servers (Ollama) do, each
   * whole in one delta without an index or id, the turn finishing with `stop`.
   */
  compatToolCalls?: boolean;
  /** OpenAI fake only: the text streams as `delta.refusal`, as a model that declines writes it. */
  asRefusal?: boolean;
  /**
   * OpenAI fake only, for a reasoning model (`gpt-5`, `o3`…): the hidden tokens it thinks
   * before its first word. They count against `max_completion_tokens` as OpenAI counts them: a
   * limit they use up ends the answer with `length` before (or in) its words.
   */
  reasoningTokens?: number;
  /** Decides the behaviour from the request itself (a model that reads its prompt). */
  respond?: (prompt: PromptView) => LlmFakeBehaviour;
}

export interface LlmFakeKnobs {
  /** The answer every request gets unless a queued behaviour says otherwise. */
  answer(text: string): void;
  /** Queue one behaviour per call, used in order by the next requests. */
  enqueue(...behaviours: LlmFakeBehaviour[]): void;
  /** The next `times` requests fail with `status`. */
  failNext(status: number, options?: { times?: number; retryAfterSeconds?: number }): void;
  /** Every request from now on fails with `status` (a provider that is down). */
  failAlways(status: number): void;
  /** The next `times` responses start after `ms`. */
  delayNext(ms: number, options?: { times?: number }): void;
  /** The next response stops after `afterChars` characters of text. */
  cutOffNext(afterChars: number, mode?: 'end' | 'destroy'): void;
  /** Back to a healthy fake answering the default text; recorded calls are kept. */
  reset(): void;
}

export const DEFAULT_FAKE_ANSWER = 'Hello from the fake model. This answer arrives in small pieces.';

export class LlmScript implements LlmFakeKnobs {
  private answerText = DEFAULT_FAKE_ANSWER;
  private readonly queue: LlmFakeBehaviour[] = [];
  private always: LlmFakeBehaviour | undefined;

  answer(text: string): void {
    this.answerText = text;
  }

  enqueue(...behaviours: LlmFakeBehaviour[]): void {
    this.queue.push(...behaviours);
  }

  failNext(status: number, options: { times?: number; retryAfterSeconds?: number } = {}): void {
    for (let i = 0; i < (options.times ?? 1); i += 1) {
      this.queue.push({
        failWithStatus: status,
        ...(options.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: options.retryAfterSeconds }),
      });
    }
  }

  failAlways(status: number): void {
    this.always = { failWithStatus: status };
  }

  delayNext(ms: number, options: { times?: number } = {}): void {
    for (let i = 0; i < (options.times ?? 1); i += 1) this.queue.push({ firstByteDelayMs: ms });
  }

  cutOffNext(afterChars: number, mode: 'end' | 'destroy' = 'end'): void {
    this.queue.push({ cutOffAfterChars: afterChars, cutOffMode: mode });
  }

  reset(): void {
    this.queue.length = 0;
    this.always = undefined;
    this.answerText = DEFAULT_FAKE_ANSWER;
  }

  /** The behaviour for the request that just arrived, with defaults filled in. */
  take(prompt?: PromptView): Required<Pick<LlmFakeBehaviour, 'text' | 'chunkChars' | 'chunkDelayMs'>> & LlmFakeBehaviour {
    let next = this.always ?? this.queue.shift() ?? {};
    if (next.respond !== undefined && prompt !== undefined) next = next.respond(prompt);
    // A turn that only calls tools writes no words unless told to.
    const text = next.text ?? (next.toolCalls?.length ? '' : this.answerText);
    return { chunkChars: 8, chunkDelayMs: 0, ...next, text };
  }
}

/** The calls of a behaviour with ids filled in (`prefix1`, `prefix2`…) and arguments as JSON text. */
export function scriptedCalls(calls: readonly ScriptedToolCall[], prefix: string): { id: string; name: string; json: string }[] {
  return calls.map((call, n) => ({
    id: call.id ?? `${prefix}${n + 1}`,
    name: call.name,
    json: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
  }));
}

/** The answer split into deltas, honouring a cut-off. */
export function answerChunks(text: string, chunkChars: number, cutOffAfterChars?: number): string[] {
  const visible = cutOffAfterChars === undefined ? text : text.slice(0, cutOffAfterChars);
  const chunks: string[] = [];
  for (let i = 0; i < visible.length; i += chunkChars) chunks.push(visible.slice(i, i + chunkChars));
  return chunks;
}

/** About one token per four characters: good enough for a fake's usage report. */
export function roughTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
