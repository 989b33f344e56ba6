import { isChatPlatformError } from '../assistant/chat-platform-error';
import type { FileContents } from './file-contents.port';
import { ReaderError, type Reader } from './reader';

export interface SlackFileReaderOptions {
  /** Largest file read as text (PDF, DOCX…). Default 20 MB. */
  readonly maxTextFileBytes?: number;
  /** Largest image sent to the model. Default 3.75 MB: Anthropic's 5 MB per image is of the base64 text, 4/3 of the bytes. */
  readonly maxImageBytes?: number;
}

/** Anthropic refuses an image whose base64 is over 5 MB (5,242,880 characters); OpenAI takes 20 MB. */
export const MAX_IMAGE_BYTES = Math.floor((5 * 1024 * 1024 * 3) / 4);

/** Files shared in the question or thread (`files:read`): text, Markdown, CSV, PDF, DOCX, images. */
export function slackFileReader(contents: FileContents, options: SlackFileReaderOptions = {}): Reader {
  const maxBytes = { text: options.maxTextFileBytes ?? 20 * 1024 * 1024, image: options.maxImageBytes ?? MAX_IMAGE_BYTES };
  return {
    kind: 'slack_file',
    counts: 'file',
    accepts: (source) => source.type === 'file' && contents.kindOf(source.file) !== undefined,
    status: (source) => ({ code: 'reading_file', name: source.type === 'file' ? source.file.name : '' }),
    async read(source, context) {
      if (source.type !== 'file' || context.platform.downloadFile === undefined) throw new ReaderError('unsupported');
      const kind = contents.kindOf(source.file)!;
      if (source.file.size > maxBytes[kind]) throw new ReaderError('too_large');
      let bytes: Uint8Array;
      try {
        bytes = await context.platform.downloadFile(source.file, { maxBytes: maxBytes[kind], signal: context.signal });
      } catch (error) {
        if (!isChatPlatformError(error)) throw error;
        throw new ReaderError(error.platformCode === 'too_large' ? 'too_large' : error.code === 'not_found' ? 'not_found' : 'failed');
      }
      const extracted = await contents.extract(bytes, source.file, { signal: context.signal });
      if ('image' in extracted) return { title: source.file.name, text: extracted.note ?? '(the image is attached)', images: [{ ...extracted.image, name: source.file.name }] };
      return { title: source.file.name, text: extracted.text };
    },
  };
}
