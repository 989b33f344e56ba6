import { setTimeout } from 'node:timers/promises';
import OpenAI, { APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import {
  ImageGenerationError,
  type GeneratedImage,
  type ImageGenerationRequest,
  type ImageGenerator,
} from '../../core/images/image-generator.port';
import { SDK_LOG_LEVEL } from '../llm/llm-stream-guard';

export const DEFAULT_IMAGE_MODEL = 'gpt-image-1';
export const DEFAULT_IMAGE_TIMEOUT_MS = 120_000;

export interface OpenAiImageGeneratorOptions {
  apiKey: string;
  /** `OPENAI_BASE_URL`: OpenAI or any server speaking its Images API. */
  baseURL?: string;
  /** `OPENAI_IMAGE_MODEL`: `gpt-image-1` (default), `gpt-image-1-mini`, `dall-e-3`, `dall-e-2`… */
  model?: string;
  /** The whole generation, all variants included. Default 120 s. */
  timeoutMs?: number;
  size?: string;
}

/** The provider's codes for a prompt its safety system refused (DALL·E, GPT Image). */
const CONTENT_POLICY_CODES = new Set(['content_policy_violation', 'moderation_blocked', 'image_generation_user_error']);

/**
 * OpenAI Images API (`POST /v1/images/generations`). GPT Image models return every variant
 * of one request as base64 (`n` up to 10); DALL·E 3 takes `n: 1` only, so its variants are
 * asked for in parallel, and DALL·E models are told to answer in base64 rather than with
 * URLs. The SDK's own retries are off: a timeout or rate limit is told to the person.
 */
export class OpenAiImageGenerator implements ImageGenerator {
  readonly provider = 'openai';
  readonly model: string;
  private readonly client: OpenAI;
  private readonly timeoutMs: number;

  constructor(private readonly options: OpenAiImageGeneratorOptions) {
    this.model = options.model ?? DEFAULT_IMAGE_MODEL;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_IMAGE_TIMEOUT_MS;
    this.client = new OpenAI({
      apiKey: options.apiKey,
      ...(options.baseURL === undefined ? {} : { baseURL: options.baseURL }),
      logLevel: SDK_LOG_LEVEL,
      maxRetries: 0,
      timeout: this.timeoutMs,
    });
  }

  async generate(request: ImageGenerationRequest): Promise<GeneratedImage[]> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const signal = request.signal === undefined ? timeout : AbortSignal.any([request.signal, timeout]);
    const oneAtATime = this.model === 'dall-e-3';
    try {
      const batches = oneAtATime
        ? await this.variants(request.prompt, request.count, signal, Date.now() + this.timeoutMs)
        : [await this.request(request.prompt, request.count, signal)];
      const images = batches.flat();
      if (images.length !== request.count) throw new ImageGenerationError('unavailable', `got_${images.length}_images`);
      return images;
    } catch (error) {
      throw this.translate(error, timeout.aborted);
    }
  }

  /**
   * DALL·E 3's variants, one request each, in parallel. Its low usage tiers allow a handful of
   * images a minute, so one of the four may get a 429 while the others are drawn (and billed):
   * that one is asked for again after the provider's Retry-After (2 s, 4 s… without one), as
   * long as the generation's time allows, instead of losing the other three. Any other failure
   * of one variant stops the others at once: the person gets all four or none.
   */
  private async variants(prompt: string, count: number, signal: AbortSignal, deadline: number): Promise<GeneratedImage[][]> {
    const siblings = new AbortController();
    const shared = AbortSignal.any([signal, siblings.signal]);
    const one = async (): Promise<GeneratedImage[]> => {
      for (let attempt = 0; ; attempt += 1) {
        try {
          return await this.request(prompt, 1, shared);
        } catch (error) {
          const wait = rateLimitWait(error, attempt);
          if (wait === undefined || Date.now() + wait >= deadline) throw error;
          await setTimeout(wait, undefined, { signal: shared });
        }
      }
    };
    return Promise.all(
      Array.from({ length: count }, () =>
        one().catch((error: unknown) => {
          siblings.abort();
          throw error;
        }),
      ),
    );
  }

  private async request(prompt: string, n: number, signal: AbortSignal): Promise<GeneratedImage[]> {
    const isDallE = this.model.startsWith('dall-e');
    const response = await this.client.images.generate(
      {
        model: this.model,
        prompt,
        n,
        ...(this.options.size === undefined ? {} : { size: this.options.size as '1024x1024' }),
        ...(isDallE ? { response_format: 'b64_json' as const } : {}),
      },
      { signal },
    );
    const format = response.output_format ?? 'png';
    return (response.data ?? []).map((image) => {
      if (image.b64_json === undefined || image.b64_json === '') throw new ImageGenerationError('unavailable', 'no_image_data');
      return { bytes: new Uint8Array(Buffer.from(image.b64_json, 'base64')), mimetype: `image/${format}` };
    });
  }

  private translate(error: unknown, timedOut: boolean): ImageGenerationError | unknown {
    if (error instanceof ImageGenerationError) return error;
    if (error instanceof APIConnectionTimeoutError || (timedOut && (error instanceof APIUserAbortError || isAbort(error)))) {
      return new ImageGenerationError('timeout');
    }
    if (error instanceof APIError) {
      const code = typeof error.code === 'string' ? error.code : undefined;
      if (code !== undefined && CONTENT_POLICY_CODES.has(code)) return new ImageGenerationError('content_policy', code);
      if (error.status === 429) {
        return new ImageGenerationError(code === 'insufficient_quota' ? 'unavailable' : 'rate_limited', code ?? 'http_429');
      }
      if (error.status === 400 && /safety system|content policy/i.test(error.message)) return new ImageGenerationError('content_policy', 'http_400');
      return new ImageGenerationError('unavailable', code ?? (error.status === undefined ? 'connection' : `http_${error.status}`));
    }
    if (error instanceof APIUserAbortError || isAbort(error)) return error;
    return error;
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

/** How long to wait before asking again after a rate limit (not a spent quota); undefined for any other error. */
function rateLimitWait(error: unknown, attempt: number): number | undefined {
  if (!(error instanceof APIError) || error.status !== 429 || error.code === 'insufficient_quota') return undefined;
  const headers = error.headers as Headers | undefined;
  const millis = Number(headers?.get('retry-after-ms'));
  if (Number.isFinite(millis) && millis > 0) return millis;
  const seconds = Number(headers?.get('retry-after'));
  if (Number.isFinite(seconds) && seconds > 0) return seconds * 1000;
  return 2000 * 2 ** attempt;
}

