/**
 * Makes pictures from a description. The OpenAI Images adapter implements it through
 * `OPENAI_BASE_URL`; without an image-capable provider there is none, and Tomo says so.
 */

/** One picture as the provider made it; lives in memory only, never stored or logged. */
export interface GeneratedImage {
  readonly bytes: Uint8Array;
  /** `image/png`, `image/jpeg` or `image/webp`. */
  readonly mimetype: string;
}

export interface ImageGenerationRequest {
  /** What to draw, in the person's words. Never logged. */
  readonly prompt: string;
  /** How many variants: Tomo asks for 4. */
  readonly count: number;
  readonly signal?: AbortSignal;
}

/**
 * Why no pictures came: the provider's content policy refused the prompt, it took too long,
 * it is rate limiting us, or it failed otherwise. Each has its own message for the person.
 */
export type ImageGenerationErrorCode = 'content_policy' | 'timeout' | 'rate_limited' | 'unavailable';

export class ImageGenerationError extends Error {
  override readonly name = 'ImageGenerationError';

  constructor(
    readonly code: ImageGenerationErrorCode,
    /** The provider's own code or status, for logs (never the prompt). */
    readonly providerCode?: string,
  ) {
    super(`Image generation failed: ${code}${providerCode === undefined ? '' : ` (${providerCode})`}`);
  }
}

export function isImageGenerationError(error: unknown): error is ImageGenerationError {
  return error instanceof ImageGenerationError;
}

export interface ImageGenerator {
  /** Provider and model, for the egress record (e.g. `openai`, `gpt-image-1`). */
  readonly provider: string;
  readonly model: string;
  /**
   * Exactly `count` pictures, or an ImageGenerationError: never fewer, so nothing is
   * half-posted.
   */
  generate(request: ImageGenerationRequest): Promise<GeneratedImage[]>;
}
