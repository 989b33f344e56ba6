import type { ServerResponse } from 'node:http';
import {
  LlmScript,
  answerChunks,
  roughTokens,
  scriptedCalls,
  type LlmFakeBehaviour,
  type LlmFakeKnobs,
  type PromptTurn,
  type PromptView,
  type RecordedLlmCall,
} from '../../../adapters/memory/llm-script';
import { cutOff, header, parseJson, sendJson, startHttpFake, waitUnlessGone } from '../support/http-fake';
import { embeddingsRoute, type EmbeddingsFake } from './fake-embeddings';
import { createImagesApi, type FakeImagesApi } from './fake-images';

export type { RecordedLlmCall };

export interface FakeOpenAi extends LlmFakeKnobs, FakeImagesApi, EmbeddingsFake {
  /** Base URL for the SDK: `http://127.0.0.1:PORT/v1`. */
  url: string;
  calls: RecordedLlmCall[];
  close(): Promise<void>;
}

interface WireMessage {
  role?: string;
  content?: unknown;
  tool_calls?: { id?: string; function?: { name?: string; arguments?: string } }[];
  tool_call_id?: string;
}

interface ChatBody {
  model?: string;
  messages?: WireMessage[];
  tools?: { function?: { name?: string } }[];
  tool_choice?: unknown;
  max_tokens?: number;
  max_completion_tokens?: number;
  temperature?: number;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
}

/** OpenAI's Chat Completions API (`POST /v1/chat/completions`), streaming and not. */
export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const script = new LlmScript();
  const calls: RecordedLlmCall[] = [];
  const embeddings = embeddingsRoute();
  const images = createImagesApi();
  const http = await startHttpFake(async (req, res, raw) => {
    if (embeddings.handle(req, res, raw)) return;
    const path = (req.url ?? '/').split('?')[0]!;
    if (req.method === 'POST' && path === '/v1/images/generations') {
      if (!header(req, 'authorization')) {
        sendJson(res, 401, { error: { message: 'Missing API key', type: 'invalid_request_error', code: 'invalid_api_key' } });
        return;
      }
      await images.handle(res, (parseJson(raw) ?? {}) as Record<string, unknown>);
      return;
    }
    if (req.method === 'GET' && path === '/v1/models') {
      sendJson(res, 200, { object: 'list', data: [{ id: 'gpt-5', object: 'model', owned_by: 'fake' }] });
      return;
    }
    if (req.method !== 'POST' || path !== '/v1/chat/completions') {
      sendJson(res, 404, { error: { message: 'Unknown route', type: 'invalid_request_error', code: 'not_found' } });
      return;
    }
    const body = (parseJson(raw) ?? {}) as ChatBody & Record<string, unknown>;
    const auth = header(req, 'authorization');
    calls.push({
      method: req.method,
      path,
      apiKey: auth?.startsWith('Bearer ') ? auth.slice('Bearer '.length) : undefined,
      model: body.model,
      maxTokens: body.max_completion_tokens ?? body.max_tokens,
      messageCount: Array.isArray(body.messages) ? body.messages.length : 0,
      stream: body.stream === true,
      body,
      prompt: promptOf(body),
    });
    if (!auth) {
      sendJson(res, 401, { error: { message: 'Missing API key', type: 'invalid_request_error', code: 'invalid_api_key' } });
      return;
    }
    const model = body.model ?? 'gpt-5';
    const unsupported = unsupportedByModel(model, body);
    if (unsupported !== undefined) {
      sendJson(res, 400, { error: { type: 'invalid_request_error', ...unsupported } });
      return;
    }
    const scripted = script.take(calls.at(-1)!.prompt);
    if (!(await waitUnlessGone(res, scripted.firstByteDelayMs ?? 0))) return;
    if (scripted.failWithStatus !== undefined) {
      sendError(res, scripted, model);
      return;
    }
    const prompt = calls.at(-1)!.prompt;
    const promptText = prompt.system + prompt.turns.map((t) => t.text).join('');
    const behaviour = withinOutputLimit(scripted, model, body.max_completion_tokens ?? body.max_tokens);
    const usage = behaviour.usage ?? { inputTokens: roughTokens(promptText), outputTokens: roughTokens(behaviour.text) + (behaviour.reasoningTokens ?? 0) };
    if (body.stream === true) await streamAnswer(res, model, behaviour, usage, body.stream_options?.include_usage === true);
    else answerWhole(res, model, behaviour.text, usage);
  });

  return {
    url: `${http.origin}/v1`,
    calls,
    imageCalls: images.imageCalls,
    nextImages: (behaviour) => images.nextImages(behaviour),
    close: () => http.close(),
    answer: (text) => script.answer(text),
    enqueue: (...behaviours) => script.enqueue(...behaviours),
    failNext: (status, options) => script.failNext(status, options),
    failAlways: (status) => script.failAlways(status),
    delayNext: (ms, options) => script.delayNext(ms, options),
    cutOffNext: (afterChars, mode) => script.cutOffNext(afterChars, mode),
    reset: () => {
      script.reset();
      images.reset();
    },
    embeddingCalls: embeddings.embeddingCalls,
    rateLimitEmbeddings: (times, seconds) => embeddings.rateLimitEmbeddings(times, seconds),
    failEmbeddings: (status, options) => embeddings.failEmbeddings(status, options),
    delayEmbeddings: (ms) => embeddings.delayEmbeddings(ms),
  };
}

/** The request as a model reads it. */
export function promptOf(body: ChatBody): PromptView {
  const system: string[] = [];
  const turns: PromptTurn[] = [];
  for (const message of body.messages ?? []) {
    const { text, images } = contentOf(message.content);
    if (message.role === 'system' || message.role === 'developer') system.push(text);
    else if (message.role === 'tool') turns.push({ role: 'tool', text, images, toolCallId: message.tool_call_id ?? '' });
    else if (message.role === 'assistant') {
      const toolCalls = (message.tool_calls ?? []).map((call) => ({
        id: call.id ?? '',
        name: call.function?.name ?? '',
        arguments: parseJsonText(call.function?.arguments ?? ''),
      }));
      turns.push({ role: 'assistant', text, images, ...(toolCalls.length ? { toolCalls } : {}) });
    } else turns.push({ role: 'user', text, images });
  }
  const choice = body.tool_choice;
  return {
    system: system.join('\n\n'),
    turns,
    tools: (body.tools ?? []).map((tool) => tool.function?.name ?? ''),
    toolChoice: choice === 'none' || choice === 'auto' ? choice : undefined,
  };
}

/**
 * OpenAI's reasoning models (the o-series and gpt-5, but not gpt-5-chat): they refuse `max_tokens`
 * and any `temperature` but 1 with these 400s, and count the tokens they think with against
 * `max_completion_tokens` (https://platform.openai.com/docs/guides/reasoning, "Allocating space for
 * reasoning": "reserve at least 25,000 tokens for reasoning and outputs").
 */
export const OPENAI_REASONING_MODEL = /^(o\d|gpt-5(?!-chat))/;

function unsupportedByModel(model: string, body: ChatBody): { message: string; param: string; code: string } | undefined {
  if (!OPENAI_REASONING_MODEL.test(model)) return undefined;
  if (body.max_tokens !== undefined) {
    return {
      message: "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
      param: 'max_tokens',
      code: 'unsupported_parameter',
    };
  }
  if (body.temperature !== undefined && body.temperature !== 1) {
    return {
      message: `Unsupported value: 'temperature' does not support ${body.temperature} with this model. Only the default (1) value is supported.`,
      param: 'temperature',
      code: 'unsupported_value',
    };
  }
  return undefined;
}

/**
 * A reasoning model's answer as the output limit leaves it: its thinking comes first, so a limit
 * it uses up ends the answer with `length` after fewer words, or none at all. Only for behaviours
 * that script `reasoningTokens`; a model that thinks nothing is given its whole text.
 */
function withinOutputLimit<B extends LlmFakeBehaviour & { text: string }>(behaviour: B, model: string, limit: number | undefined): B {
  const reasoning = OPENAI_REASONING_MODEL.test(model) ? (behaviour.reasoningTokens ?? 0) : 0;
  if (behaviour.reasoningTokens === undefined || limit === undefined) return { ...behaviour, reasoningTokens: reasoning };
  if (reasoning + roughTokens(behaviour.text) <= limit) return { ...behaviour, reasoningTokens: reasoning };
  const thought = Math.min(reasoning, limit);
  const words = behaviour.text.slice(0, (limit - thought) * 4);
  return { ...behaviour, text: words, reasoningTokens: thought, toolCalls: [], stopReason: 'max_tokens' };
}

function contentOf(content: unknown): { text: string; images: number } {
  if (typeof content === 'string') return { text: content, images: 0 };
  if (!Array.isArray(content)) return { text: '', images: 0 };
  const parts = content as { type?: string; text?: string }[];
  return {
    text: parts.map((part) => (part.type === 'text' ? (part.text ?? '') : '')).join(''),
    images: parts.filter((part) => part.type === 'image_url').length,
  };
}

function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Azure OpenAI's answer to a prompt its content filter refused (Azure's "Content filtering" docs:
 * the call fails with 400 `content_filter`; the `innererror` names the policy and, per category,
 * what was filtered). Through the v1 API (`…openai.azure.com/openai/v1/`) the standard OpenAI
 * client talks to Azure, so this is what `OPENAI_BASE_URL` set to Azure gets.
 */
const AZURE_PROMPT_FILTERED = {
  message:
    "The response was filtered due to the prompt triggering Azure OpenAI's content management policy. Please modify your prompt and retry. To learn more about our content filtering policies please read our documentation: https://go.microsoft.com/fwlink/?linkid=2198766",
  type: null,
  param: 'prompt',
  code: 'content_filter',
  status: 400,
  innererror: {
    code: 'ResponsibleAIPolicyViolation',
    content_filter_result: {
      hate: { filtered: false, severity: 'safe' },
      jailbreak: { filtered: false, detected: false },
      self_harm: { filtered: false, severity: 'safe' },
      sexual: { filtered: false, severity: 'safe' },
      violence: { filtered: true, severity: 'medium' },
    },
  },
};

function sendError(res: ServerResponse, behaviour: LlmFakeBehaviour, model: string): void {
  const status = behaviour.failWithStatus!;
  const headers: Record<string, string> =
    behaviour.retryAfterSeconds === undefined ? {} : { 'retry-after': String(behaviour.retryAfterSeconds) };
  if (behaviour.rateLimitResetSeconds !== undefined) {
    const [requests, tokens] = behaviour.rateLimitResetSeconds;
    Object.assign(headers, {
      'x-ratelimit-limit-requests': '500',
      'x-ratelimit-remaining-requests': requests > 0 ? '0' : '499',
      'x-ratelimit-reset-requests': openAiDuration(requests),
      'x-ratelimit-limit-tokens': '30000',
      'x-ratelimit-remaining-tokens': '1200',
      'x-ratelimit-reset-tokens': openAiDuration(tokens),
    });
  }
  const error =
    behaviour.errorKind === 'context_length'
      ? {
          message:
            "This model's maximum context length is 128000 tokens. However, your messages resulted in 134521 tokens. Please reduce the length of the messages.",
          type: 'invalid_request_error',
          param: 'messages',
          code: 'context_length_exceeded',
        }
      : behaviour.errorKind === 'invalid_image'
        ? {
            message: "You uploaded an unsupported image. Please make sure your image has of one the following formats: ['png', 'jpeg', 'gif', 'webp'].",
            type: 'invalid_request_error',
            param: null,
            code: 'invalid_image_format',
          }
      : behaviour.errorKind === 'content_filter'
        ? AZURE_PROMPT_FILTERED
      : behaviour.errorKind === 'insufficient_quota'
        ? {
            message: 'You exceeded your current quota, please check your plan and billing details.',
            type: 'insufficient_quota',
            param: null,
            code: 'insufficient_quota',
          }
        : status === 429
          ? { message: 'Rate limit reached (fake).', type: 'requests', param: null, code: 'rate_limit_exceeded' }
          : status === 401
            ? { message: 'Incorrect API key provided: sk-test. You can find your API key at https://platform.openai.com/account/api-keys.', type: 'invalid_request_error', param: null, code: 'invalid_api_key' }
          : status === 404
            ? { message: `The model \`${model}\` does not exist or you do not have access to it.`, type: 'invalid_request_error', param: null, code: 'model_not_found' }
          : status < 500
            ? { message: 'Invalid request (fake).', type: 'invalid_request_error', param: null, code: null }
            : { message: 'The server had an error while processing your request (fake).', type: 'server_error', param: null, code: null };
  sendJson(res, status, { error }, headers);
}

/** Seconds as OpenAI writes them in its rate-limit headers: `6m0s`, `1.5s`, `120ms`. */
function openAiDuration(seconds: number): string {
  if (seconds < 1) return `${Math.round(seconds * 1000)}ms`;
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes}m${seconds - minutes * 60}s` : `${seconds}s`;
}

async function streamAnswer(
  res: ServerResponse,
  model: string,
  behaviour: ReturnType<LlmScript['take']>,
  usage: { inputTokens: number; outputTokens: number },
  includeUsage: boolean,
): Promise<void> {
  const id = `chatcmpl-fake${Date.now()}`;
  const created = Math.floor(Date.now() / 1000);
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
    `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices, ...extra })}\n\n`;
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  res.write(chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]));
  const streamError = () => res.end(`data: ${JSON.stringify({ error: { message: 'The server had an error (fake).', type: 'server_error' } })}\n\n`);
  if (behaviour.streamErrorType !== undefined && behaviour.cutOffAfterChars === undefined) {
    streamError();
    return;
  }
  for (const piece of answerChunks(behaviour.text, behaviour.chunkChars, behaviour.cutOffAfterChars)) {
    if (!(await waitUnlessGone(res, behaviour.chunkDelayMs))) return;
    res.write(chunk([{ index: 0, delta: behaviour.asRefusal ? { refusal: piece } : { content: piece }, finish_reason: null }]));
  }
  if (behaviour.cutOffAfterChars !== undefined) {
    if (behaviour.streamErrorType !== undefined) streamError();
    else if (behaviour.garbleRest) res.end(`data: {"choices":[{"index":0,"delta":{"content":${JSON.stringify(behaviour.text.slice(behaviour.cutOffAfterChars))}\n\n`);
    else cutOff(res, behaviour.cutOffMode);
    return;
  }
  // Tool calls as OpenAI streams them: id and name first, then the arguments in pieces.
  const toolCalls = scriptedCalls(behaviour.toolCalls ?? [], 'call_fake');
  if (behaviour.compatToolCalls) {
    const whole = toolCalls.map((call) => ({ type: 'function', function: { name: call.name, arguments: call.json } }));
    if (whole.length > 0) res.write(chunk([{ index: 0, delta: { tool_calls: whole }, finish_reason: null }]));
    res.write(chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]));
    res.end('data: [DONE]\n\n');
    return;
  }
  for (const [index, call] of toolCalls.entries()) {
    const opening = { index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } };
    res.write(chunk([{ index: 0, delta: { tool_calls: [opening] }, finish_reason: null }]));
    for (const piece of answerChunks(call.json, behaviour.chunkChars)) {
      res.write(chunk([{ index: 0, delta: { tool_calls: [{ index, function: { arguments: piece } }] }, finish_reason: null }]));
    }
  }
  const finish = behaviour.stopReason === 'max_tokens' ? 'length' : behaviour.stopReason === 'refusal' ? 'content_filter' : undefined;
  res.write(chunk([{ index: 0, delta: {}, finish_reason: finish ?? (toolCalls.length > 0 ? 'tool_calls' : 'stop') }]));
  if (includeUsage) {
    const total = usage.inputTokens + usage.outputTokens;
    const details = { completion_tokens_details: { reasoning_tokens: behaviour.reasoningTokens ?? 0 } };
    res.write(chunk([], { usage: { prompt_tokens: usage.inputTokens, completion_tokens: usage.outputTokens, total_tokens: total, ...details } }));
  }
  res.end('data: [DONE]\n\n');
}

function answerWhole(res: ServerResponse, model: string, text: string, usage: { inputTokens: number; outputTokens: number }): void {
  sendJson(res, 200, {
    id: `chatcmpl-fake${Date.now()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
    usage: {
      prompt_tokens: usage.inputTokens,
      completion_tokens: usage.outputTokens,
      total_tokens: usage.inputTokens + usage.outputTokens,
    },
  });
}
