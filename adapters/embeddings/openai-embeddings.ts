import OpenAI from 'openai';
import { wellFormed } from '../../core/shared/clip-text';
import { EmbeddingsError, type Embeddings } from '../../core/knowledge/embeddings.port';
import { SDK_LOG_LEVEL } from '../llm/llm-stream-guard';

export interface OpenAiEmbeddingsOptions {
  apiKey: string;
  /** OpenAI, or a compatible server: Ollama `http://127.0.0.1:11434/v1`, vLLM. */
  baseURL?: string | undefined;
  model: string;
  dimensions: number;
  /** Texts per request (OpenAI takes up to 2,048; smaller batches keep each request short). */
  batchSize: number;
  /** Send `dimensions` (OpenAI's text-embedding-3 models shorten their vectors); off for servers that refuse it. */
  sendDimensions: boolean;
  /** Attempts per batch on 429 and 5xx; the SDK waits what `Retry-After` says between them. */
  maxRetries?: number;
  timeoutMs?: number;
}

/**
 * The OpenAI embeddings API (`POST /v1/embeddings`) through the official SDK, which retries
 * 429s and 5xx after the `Retry-After`/`retry-after-ms` the server sends (or its own backoff).
 * Texts go in batches; vectors come back in input order, checked for length.
 */
export class OpenAiEmbeddings implements Embeddings {
  readonly model: string;
  readonly dimensions: number;
  private readonly client: OpenAI;

  constructor(private readonly options: OpenAiEmbeddingsOptions) {
    this.model = options.model;
    this.dimensions = options.dimensions;
    this.client = new OpenAI({
      apiKey: options.apiKey,
      ...(options.baseURL === undefined ? {} : { baseURL: options.baseURL }),
      logLevel: SDK_LOG_LEVEL,
      maxRetries: options.maxRetries ?? 6,
      timeout: options.timeoutMs ?? 60_000,
    });
  }

  async embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += this.options.batchSize) {
      const batch = texts.slice(start, start + this.options.batchSize);
      out.push(...(await this.embedBatch(batch, signal)));
    }
    return out;
  }

  private async embedBatch(batch: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
    let response: OpenAI.CreateEmbeddingResponse;
    try {
      response = await this.client.embeddings.create(
        {
          model: this.model,
          // An empty string is refused by the API; a space embeds as "nothing here".
          input: batch.map((t) => (t.trim() === '' ? ' ' : wellFormed(t))),
          ...(this.options.sendDimensions ? { dimensions: this.dimensions } : {}),
          encoding_format: 'float',
        },
        signal ? { signal } : {},
      );
    } catch (error) {
      // The SDK's message is the server's words, and a server may quote what it was sent (a
      // validation error naming the input): only the status and the error's code or type are kept.
      const status = error instanceof OpenAI.APIError ? error.status : undefined;
      const retryable = status === undefined || status === 408 || status === 429 || status >= 500;
      throw new EmbeddingsError(`Embeddings request failed${status ? ` (HTTP ${status})` : ''}: ${errorKind(error)}`, { retryable });
    }
    const data = [...response.data].sort((a, b) => a.index - b.index);
    if (data.length !== batch.length) {
      throw new EmbeddingsError(`Embeddings service returned ${data.length} vectors for ${batch.length} texts`, { retryable: true });
    }
    return data.map((d) => {
      if (d.embedding.length !== this.dimensions) {
        throw new EmbeddingsError(
          `Embeddings model ${this.model} returned ${d.embedding.length} dimensions, EMBEDDINGS_DIMENSIONS says ${this.dimensions}`,
          { retryable: false },
        );
      }
      return Float32Array.from(d.embedding);
    });
  }
}

/** What failed, as a word: the API's error code or type (identifiers, no text), or the SDK error's class. */
function errorKind(error: unknown): string {
  const word = (value: unknown) => (typeof value === 'string' && /^[\w.-]{1,64}$/.test(value) ? value : undefined);
  if (error instanceof OpenAI.APIError) return word(error.code) ?? word(error.type) ?? 'error';
  return error instanceof Error ? (word(error.name) ?? 'error') : 'error';
}
