import type { IncomingMessage, ServerResponse } from 'node:http';
import { hashingEmbedding } from '../../../adapters/memory/hashing-embeddings';
import { header, parseJson, sendJson } from '../support/http-fake';

/** One `POST /v1/embeddings` as the fake saw it (counts, never the texts). */
export interface RecordedEmbeddingCall {
  model: string | undefined;
  inputs: number;
  dimensions: number | undefined;
  encodingFormat: string | undefined;
  status: number;
}

export interface EmbeddingsFake {
  embeddingCalls: RecordedEmbeddingCall[];
  /** The next `times` embedding requests answer 429 with `Retry-After: seconds`. */
  rateLimitEmbeddings(times: number, retryAfterSeconds: number): void;
  /**
   * Every embedding request fails with this status until reset (null). `echo`: the error's
   * message quotes the first input, as some OpenAI-compatible servers' validation errors do;
   * `retryAfterSeconds` is sent as Retry-After.
   */
  failEmbeddings(status: number | null, options?: { echo?: boolean; retryAfterSeconds?: number }): void;
  /** Successful embedding requests answer after this many milliseconds (a slow model); 0 resets. */
  delayEmbeddings(ms: number): void;
}

/** The fake model's vectors: deterministic, texts sharing words are near each other. */
export function fakeEmbedding(text: string, dimensions: number): number[] {
  return Array.from(hashingEmbedding(text, dimensions));
}

/** Adds the embeddings endpoint to the OpenAI fake; returns true when it answered. */
export function embeddingsRoute(): EmbeddingsFake & { handle(req: IncomingMessage, res: ServerResponse, raw: Buffer): boolean } {
  const embeddingCalls: RecordedEmbeddingCall[] = [];
  let limited = 0;
  let retryAfter = 0;
  let failing: number | null = null;
  let failingOptions: { echo?: boolean; retryAfterSeconds?: number } = {};
  let delayMs = 0;
  return {
    embeddingCalls,
    rateLimitEmbeddings(times, seconds) {
      limited = times;
      retryAfter = seconds;
    },
    failEmbeddings(status, options = {}) {
      failing = status;
      failingOptions = options;
    },
    delayEmbeddings(ms) {
      delayMs = ms;
    },
    handle(req, res, raw) {
      const path = (req.url ?? '/').split('?')[0]!;
      if (req.method !== 'POST' || path !== '/v1/embeddings') return false;
      const body = (parseJson(raw) ?? {}) as { model?: string; input?: unknown; dimensions?: number; encoding_format?: string };
      const inputs = Array.isArray(body.input) ? (body.input as unknown[]) : [body.input];
      const record = (status: number) =>
        embeddingCalls.push({ model: body.model, inputs: inputs.length, dimensions: body.dimensions, encodingFormat: body.encoding_format, status });
      if (!header(req, 'authorization')) {
        record(401);
        sendJson(res, 401, { error: { message: 'Missing API key', type: 'invalid_request_error', code: 'invalid_api_key' } });
        return true;
      }
      if (limited > 0) {
        limited -= 1;
        record(429);
        sendJson(res, 429, { error: { message: 'Rate limit reached for requests (fake).', type: 'requests', code: 'rate_limit_exceeded' } }, { 'retry-after': String(retryAfter) });
        return true;
      }
      if (failing !== null) {
        record(failing);
        const message = failingOptions.echo ? `Invalid input ${JSON.stringify(String(inputs[0]).slice(0, 200))}: the server had an error (fake).` : 'The server had an error (fake).';
        const headers: Record<string, string> = failingOptions.retryAfterSeconds === undefined ? {} : { 'retry-after': String(failingOptions.retryAfterSeconds) };
        sendJson(res, failing, { error: { message, type: 'server_error', code: null } }, headers);
        return true;
      }
      // A lone surrogate, as strict JSON parsers (serde_json's, Anthropic's) refuse it.
      if (inputs.some((i) => typeof i !== 'string' || i === '' || i !== i.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, ''))) {
        record(400);
        sendJson(res, 400, { error: { message: "'$.input' is invalid.", type: 'invalid_request_error', code: null } });
        return true;
      }
      record(200);
      const dimensions = body.dimensions ?? 1536;
      const data = (inputs as string[]).map((text, index) => {
        const vector = fakeEmbedding(text, dimensions);
        const embedding = body.encoding_format === 'base64' ? Buffer.from(Float32Array.from(vector).buffer).toString('base64') : vector;
        return { object: 'embedding', index, embedding };
      });
      const tokens = (inputs as string[]).reduce((s, t) => s + Math.ceil(t.length / 4), 0);
      const answer = () => {
        if (!res.destroyed) sendJson(res, 200, { object: 'list', data, model: body.model ?? 'text-embedding-3-small', usage: { prompt_tokens: tokens, total_tokens: tokens } });
      };
      if (delayMs > 0) setTimeout(answer, delayMs);
      else answer();
      return true;
    },
  };
}
