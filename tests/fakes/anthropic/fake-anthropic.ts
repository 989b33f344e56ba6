import type { ServerResponse } from 'node:http';
import { LlmScript, answerChunks, roughTokens, type LlmFakeKnobs, type RecordedLlmCall } from '../../../adapters/memory/llm-script';
import { cutOff, header, parseJson, sendJson, startHttpFake, waitUnlessGone } from '../support/http-fake';

export type { RecordedLlmCall };

export interface FakeAnthropic extends LlmFakeKnobs {
  /** Base URL for the SDK: `http://127.0.0.1:PORT` (the SDK adds `/v1`). */
  url: string;
  calls: RecordedLlmCall[];
  close(): Promise<void>;
}

interface MessagesBody {
  model?: string;
  max_tokens?: number;
  system?: unknown;
  messages?: { content?: unknown }[];
  stream?: boolean;
}

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

/** Anthropic's Messages API (`POST /v1/messages`), streaming and not. */
export async function startFakeAnthropic(): Promise<FakeAnthropic> {
  const script = new LlmScript();
  const calls: RecordedLlmCall[] = [];
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
    });
    if (!apiKey) {
      sendError(res, 401, 'authentication_error');
      return;
    }
    const behaviour = script.take();
    if (!(await waitUnlessGone(res, behaviour.firstByteDelayMs ?? 0))) return;
    if (behaviour.failWithStatus !== undefined) {
      const headers: Record<string, string> =
        behaviour.retryAfterSeconds === undefined ? {} : { 'retry-after': String(behaviour.retryAfterSeconds) };
      sendError(res, behaviour.failWithStatus, ERROR_TYPES[behaviour.failWithStatus] ?? 'api_error', headers);
      return;
    }
    const prompt = [body.system, ...(body.messages ?? []).map((m) => m.content)]
      .map((part) => (typeof part === 'string' ? part : ''))
      .join('');
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
    if (behaviour.streamErrorType !== undefined) {
      const message = behaviour.streamErrorType === 'overloaded_error' ? 'Overloaded' : 'Internal server error';
      res.end(event('error', { error: { type: behaviour.streamErrorType, message } }));
      return;
    }
    res.write(event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }));
    res.write(event('ping', {}));
    for (const piece of answerChunks(behaviour.text, behaviour.chunkChars, behaviour.cutOffAfterChars)) {
      if (!(await waitUnlessGone(res, behaviour.chunkDelayMs))) return;
      res.write(event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: piece } }));
    }
    if (behaviour.cutOffAfterChars !== undefined) {
      cutOff(res, behaviour.cutOffMode);
      return;
    }
    res.write(event('content_block_stop', { index: 0 }));
    res.write(
      event('message_delta', {
        delta: { stop_reason: 'end_turn', stop_sequence: null },
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
    reset: () => script.reset(),
  };
}

function sendError(res: ServerResponse, status: number, type: string, headers: Record<string, string> = {}): void {
  const message = type === 'overloaded_error' ? 'Overloaded' : `Fake ${type}`;
  sendJson(res, status, { type: 'error', error: { type, message } }, headers);
}
