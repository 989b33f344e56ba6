import type { SharedFile } from '../assistant/chat-platform.port';
import type { LlmImage } from '../assistant/llm-provider.port';

/** How a kind of file is read: as text (text, Markdown, CSV, PDF, DOCX…) or as an image. */
export type FileReading = 'text' | 'image';

/**
 * Turns a shared file's bytes into what a model takes. `kindOf` answers before anything is
 * downloaded; `extract` throws `ReaderError('unsupported')` for bytes that are not what
 * they claim (a broken PDF), and stops a long extraction once `signal` is aborted.
 */
export interface FileContents {
  kindOf(file: SharedFile): FileReading | undefined;
  /** An image may come with a note for the model (an animated GIF's first frame says so). */
  extract(bytes: Uint8Array, file: SharedFile, options?: { signal?: AbortSignal }): Promise<{ text: string } | { image: LlmImage; note?: string }>;
}
