import type { SharedFile } from '../assistant/chat-platform.port';
import type { LlmImage } from '../assistant/llm-provider.port';

/** How a kind of file is read: as text (text, Markdown, CSV, PDF, DOCX…) or as an image. */
export type FileReading = 'text' | 'image';

/**
 * What an image sent to a model must fit (docs/adr/0086-shared-images-downscaled-with-sharp.md).
 * Anthropic refuses an image whose base64 is over 5 MB (5,242,880 characters) or whose side is
 * over 8,000 px (2,000 px with more than 20 images in a request), and scales anything with a long
 * edge over 1,568 px or over about 1.15 megapixels down before the model sees it; OpenAI fits
 * images into 2,048 × 2,048 and then 768 px on the short side. Larger images only cost tokens,
 * bandwidth and time to the first word, so they are scaled down to this before they are sent.
 */
export const IMAGE_LIMITS = {
  /** Base64 characters of one image (Anthropic's 5 MB; OpenAI takes 20 MB). */
  maxBase64Chars: 5 * 1024 * 1024,
  /** Longest side, in pixels, after the EXIF orientation is applied. */
  maxLongEdge: 1568,
  /** Pixels (width × height). */
  maxPixels: 1_150_000,
} as const;

/**
 * Turns a shared file's bytes into what a model takes. `kindOf` answers before anything is
 * downloaded; `extract` throws `ReaderError('unsupported')` for bytes that are not what
 * they claim (a broken PDF, an image that does not decode), `ReaderError('too_large')` for an
 * image that cannot be made to fit `IMAGE_LIMITS`, and stops a long extraction once `signal`
 * is aborted. An image it returns fits `IMAGE_LIMITS`.
 */
export interface FileContents {
  kindOf(file: SharedFile): FileReading | undefined;
  /** An image may come with a note for the model (an animated GIF's first frame says so, a scaled-down photo its sizes). */
  extract(bytes: Uint8Array, file: SharedFile, options?: { signal?: AbortSignal }): Promise<{ text: string } | { image: LlmImage; note?: string }>;
}
