import type { ServerResponse } from 'node:http';
import {
  LlmScript,
  answerChunks,
  roughTokens,
  scriptedCalls,
  type LlmFakeKnobs,
  type PromptTurn,
  type PromptView,
  type RecordedLlmCall,
} from '../../../adapters/memory/llm-script';
import { cutOff, header, parseJson, sendJson, startHttpFake, waitUnlessGone } from '../support/http-fake';

export type { RecordedLlmCall };

export interface FakeAnthropic extends LlmFakeKnobs {
  /** Base URL for the SDK: `http://127.0.0.1:PORT` (the SDK adds `/v1`). */
  url: string;
  calls: RecordedLlmCall[];
  close(): Promise<void>;
}

interface WireBlock {
  type?: string;
  text?: string;
  id?: string;
  name?: string;
  input?: unknown;
  tool_use_id?: string;
  content?: unknown;
}

interface MessagesBody {
  model?: string;
  max_tokens?: number;
  system?: unknown;
  messages?: { role?: string; content?: unknown }[];
  tools?: { name?: string }[];
  tool_choice?: { type?: string };
  stream?: boolean;
}

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

/** Anthropic's Messages API (`POST /v1/messages`), streaming and not. */
export async function startFakeAnthropic(): Promise<FakeAnthropic> {
  const script = new LlmScript();
  const calls: RecordedLlmCall[] = [];
  /** The words of answers stopped with `refusal`, to know them when a conversation sends them back. */
  const refused: string[] = [];
  const http = await startHttpFake(async (req, res, raw) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (req.method !== 'POST' || path !== '/v1/messages') {
      sendError(res, 404, 'not_found_error');
      return;
    }
    const body = (parseJson(raw) ?? {}) as MessagesBody & Record<string, unknown>;
    // Anthropic accepts `x-api-key`; SDK 1.x sends `Authorization: Bearer` instead.
    const bearer = header(req, 'authorization');
    const apiKey = header(req, 'x-api-key') ?? (bearer?.startsWith('Bearer ') ? bearer.slice('Bearer '.length) : undefined);
    calls.push({
      method: req.method,
      path,
      apiKey,
      model: body.model,
      maxTokens: body.max_tokens,
      messageCount: Array.isArray(body.messages) ? body.messages.length : 0,
      stream: body.stream === true,
      body,
      prompt: promptOf(body),
    });
    if (!apiKey) {
      sendError(res, 401, 'authentication_error');
      return;
    }
    const invalid = header(req, 'anthropic-version') ? invalidMessages(body) : 'anthropic-version: header is required';
    if (invalid !== undefined) {
      // What the Messages API rejects before any model runs; the fake used to accept it all.
      sendJson(res, 400, { type: 'error', error: { type: 'invalid_request_error', message: invalid } });
      return;
    }
    const loneSurrogate = raw.toString('utf8').search(/\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F][0-9a-fA-F]{2})/);
    if (loneSurrogate !== -1) {
      // As Anthropic's strict JSON parser does: a high surrogate escape with no low one after it
      // (half an emoji; JSON.stringify escapes a lone one) fails the whole request.
      const message = `The request body is not valid JSON: no low surrogate in string: line 1 column ${loneSurrogate + 7} (char ${loneSurrogate + 6})`;
      sendJson(res, 400, { type: 'error', error: { type: 'invalid_request_error', message } });
      return;
    }
    const oversized = oversizedImage(body);
    if (oversized !== undefined) {
      // As Anthropic does: one image over 5 MB of base64 fails the whole request.
      sendJson(res, 400, { type: 'error', error: { type: 'invalid_request_error', message: oversized } });
      return;
    }
    const scripted = script.take(calls.at(-1)!.prompt);
    // Anthropic's streaming refusals guide: a conversation that still holds a refused turn
    // "will result in continued refusals" until that turn is removed or rephrased.
    const resent = calls.at(-1)!.prompt.turns.some((turn) => turn.role === 'assistant' && refused.some((words) => turn.text.includes(words)));
    const behaviour = resent && scripted.failWithStatus === undefined ? { ...scripted, text: '', toolCalls: [], stopReason: 'refusal' as const } : scripted;
    if (behaviour.stopReason === 'refusal' && behaviour.text.trim() !== '') refused.push(behaviour.text.trim());
    if (!(await waitUnlessGone(res, behaviour.firstByteDelayMs ?? 0))) return;
    if (behaviour.failWithStatus !== undefined) {
      const headers: Record<string, string> =
        behaviour.retryAfterSeconds === undefined ? {} : { 'retry-after': String(behaviour.retryAfterSeconds) };
      if (behaviour.errorKind === 'context_length') {
        // As Anthropic says it: a 400 whose message names both counts.
        const message = 'prompt is too long: 210512 tokens > 200000 maximum';
        sendJson(res, behaviour.failWithStatus, { type: 'error', error: { type: 'invalid_request_error', message } }, headers);
        return;
      }
      if (behaviour.errorKind === 'invalid_image') {
        // What Anthropic answers for an image it cannot decode, whatever its media type said
        // (anthropics/claude-code#1747: the same 400 for every later request that holds it).
        sendJson(res, behaviour.failWithStatus, { type: 'error', error: { type: 'invalid_request_error', message: 'Could not process image' } }, headers);
        return;
      }
      sendError(res, behaviour.failWithStatus, ERROR_TYPES[behaviour.failWithStatus] ?? 'api_error', headers);
      return;
    }
    const view = calls.at(-1)!.prompt;
    const prompt = view.system + view.turns.map((t) => t.text).join('');
    const usage = behaviour.usage ?? { inputTokens: roughTokens(prompt), outputTokens: roughTokens(behaviour.text) };
    const model = body.model ?? 'claude-fake';
    const id = `msg_fake${Date.now()}`;
    if (body.stream !== true) {
      sendJson(res, 200, {
        id,
        type: 'message',
        role: 'assistant',
        model,
        content: [{ type: 'text', text: behaviour.text }],
        stop_reason: 'end_turn',
        stop_sequence: null,
        usage: { input_tokens: usage.inputTokens, output_tokens: usage.outputTokens },
      });
      return;
    }
    const event = (type: string, data: Record<string, unknown>) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', 'request-id': id });
    res.write(
      event('message_start', {
        message: {
          id,
          type: 'message',
          role: 'assistant',
          model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: usage.inputTokens, output_tokens: 1 },
        },
      }),
    );
    const streamError = () => {
      const message = behaviour.streamErrorType === 'overloaded_error' ? 'Overloaded' : 'Internal server error';
      res.end(event('error', { error: { type: behaviour.streamErrorType, message } }));
    };
    if (behaviour.streamErrorType !== undefined && behaviour.cutOffAfterChars === undefined) {
      streamError();
      return;
    }
    const toolCalls = scriptedCalls(behaviour.toolCalls ?? [], 'toolu_fake');
    // A turn that only calls tools has no text block: its first block is the tool_use. A turn
    // with no words has none either (an empty `end_turn`: content [], "Handling stop reasons").
    const textBlocks = behaviour.text === '' ? 0 : 1;
    res.write(event('ping', {}));
    if (textBlocks === 1) res.write(event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }));
    for (const piece of answerChunks(behaviour.text, behaviour.chunkChars, behaviour.cutOffAfterChars)) {
      if (!(await waitUnlessGone(res, behaviour.chunkDelayMs))) return;
      res.write(event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: piece } }));
    }
    if (behaviour.cutOffAfterChars !== undefined) {
      // Anthropic's overloaded_error arrives mid-answer too, as an event in the open stream.
      if (behaviour.streamErrorType !== undefined) streamError();
      else if (behaviour.garbleRest) res.end(`event: content_block_delta\ndata: {"index":0,"delta":{"type":"text_delta","text":${JSON.stringify(behaviour.text.slice(behaviour.cutOffAfterChars))}\n\n`);
      else cutOff(res, behaviour.cutOffMode);
      return;
    }
    if (textBlocks === 1) res.write(event('content_block_stop', { index: 0 }));
    // Tool calls as Anthropic streams them: a tool_use block, then its input as JSON deltas.
    for (const [n, call] of toolCalls.entries()) {
      const index = n + textBlocks;
      res.write(event('content_block_start', { index, content_block: { type: 'tool_use', id: call.id, name: call.name, input: {} } }));
      for (const piece of answerChunks(call.json, behaviour.chunkChars)) {
        res.write(event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: piece } }));
      }
      res.write(event('content_block_stop', { index }));
    }
    res.write(
      event('message_delta', {
        delta: {
          stop_reason: behaviour.stopReason ?? (toolCalls.length > 0 ? 'tool_use' : 'end_turn'),
          stop_sequence: null,
          // The refusal's category and explanation come beside its stop reason (streaming refusals guide).
          ...(behaviour.stopReason === 'refusal'
            ? { stop_details: { type: 'refusal', category: 'cyber', explanation: 'This request was declined because it could enable cyber harm.' } }
            : {}),
        },
        usage: { output_tokens: usage.outputTokens },
      }),
    );
    res.end(event('message_stop', {}));
  });

  return {
    url: http.origin,
    calls,
    close: () => http.close(),
    answer: (text) => script.answer(text),
    enqueue: (...behaviours) => script.enqueue(...behaviours),
    failNext: (status, options) => script.failNext(status, options),
    failAlways: (status) => script.failAlways(status),
    delayNext: (ms, options) => script.delayNext(ms, options),
    cutOffNext: (afterChars, mode) => script.cutOffNext(afterChars, mode),
    reset: () => {
      script.reset();
      refused.length = 0;
    },
  };
}

/** The request as a model reads it. */
export function promptOf(body: MessagesBody): PromptView {
  const turns: PromptTurn[] = [];
  for (const message of body.messages ?? []) {
    const blocks: WireBlock[] = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : ((message.content as WireBlock[]) ?? []);
    const role = message.role === 'assistant' ? 'assistant' : 'user';
    const own = { text: textOf(blocks), images: blocks.filter((b) => b.type === 'image').length };
    for (const result of blocks.filter((b) => b.type === 'tool_result')) {
      const content = typeof result.content === 'string' ? result.content : textOf((result.content as WireBlock[]) ?? []);
      turns.push({ role: 'tool', text: content, images: 0, toolCallId: result.tool_use_id ?? '' });
    }
    const toolCalls = blocks
      .filter((b) => b.type === 'tool_use')
      .map((b) => ({ id: b.id ?? '', name: b.name ?? '', arguments: b.input }));
    if (own.text === '' && own.images === 0 && toolCalls.length === 0) continue;
    turns.push({ role, ...own, ...(toolCalls.length ? { toolCalls } : {}) });
  }
  const system = typeof body.system === 'string' ? body.system : textOf((body.system as WireBlock[]) ?? []);
  const choice = body.tool_choice?.type;
  return {
    system,
    turns,
    tools: (body.tools ?? []).map((tool) => tool.name ?? ''),
    toolChoice: choice === 'none' || choice === 'auto' ? choice : undefined,
  };
}

function textOf(blocks: WireBlock[]): string {
  return blocks.map((b) => (b.type === 'text' ? (b.text ?? '') : '')).join('');
}

/**
 * Anthropic's 400 message for a conversation the Messages API does not take: it must open with
 * a user turn and alternate roles, no turn or text block may be empty, and the models of today
 * reject a last assistant turn (a "prefill"), which older ones would have continued instead of answering.
 */
function invalidMessages(body: MessagesBody): string | undefined {
  const messages = body.messages ?? [];
  if (messages.length === 0) return 'messages: at least one message is required';
  if (messages[0]?.role !== 'user') return 'messages: first message must use the "user" role';
  for (const [n, message] of messages.entries()) {
    if (n > 0 && messages[n - 1]?.role === message.role) {
      return `messages: roles must alternate between "user" and "assistant", but found multiple "${message.role}" roles in a row`;
    }
    const content = message.content;
    if (content === '' || (Array.isArray(content) && content.length === 0)) {
      return `messages.${n}: all messages must have non-empty content except for the optional final assistant message`;
    }
    if (Array.isArray(content) && (content as WireBlock[]).some((block) => block.type === 'text' && (block.text ?? '') === '')) {
      return 'messages: text content blocks must be non-empty';
    }
    // A text block of spaces or line breaks alone (what a model may write before it calls a
    // tool) is refused too, as the API says it (anthropics/claude-code#23440:
    // `400 invalid_request_error "messages: text content blocks must contain non-whitespace text"`).
    const texts = typeof content === 'string' ? [content] : Array.isArray(content) ? (content as WireBlock[]).filter((b) => b.type === 'text').map((b) => b.text ?? '') : [];
    if (texts.some((text) => text.trim() === '')) return 'messages: text content blocks must contain non-whitespace text';
  }
  if (messages.at(-1)?.role === 'assistant') {
    return 'This model does not support assistant message prefill. The conversation must end with a user message.';
  }
  return undefined;
}

/** Anthropic's message for the first base64 image over 5 MB (5,242,880 characters), if any. */
function oversizedImage(body: MessagesBody): string | undefined {
  for (const [m, message] of (body.messages ?? []).entries()) {
    if (!Array.isArray(message.content)) continue;
    for (const [c, block] of (message.content as { type?: string; source?: { type?: string; data?: string } }[]).entries()) {
      const size = block.type === 'image' && block.source?.type === 'base64' ? (block.source.data ?? '').length : 0;
      if (size > 5 * 1024 * 1024) return `messages.${m}.content.${c}.image.source.base64: image exceeds 5 MB maximum: ${size} bytes > 5242880 bytes`;
    }
  }
  return undefined;
}

function sendError(res: ServerResponse, status: number, type: string, headers: Record<string, string> = {}): void {
  const message = type === 'overloaded_error' ? 'Overloaded' : `Fake ${type}`;
  sendJson(res, status, { type: 'error', error: { type, message } }, headers);
}
