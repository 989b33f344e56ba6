import { isChatPlatformError } from '../assistant/chat-platform-error';
import type { SharedEmail } from '../assistant/chat-platform.port';
import { IMAGE_LIMITS, type FileContents } from './file-contents.port';
import { ReaderError, type Reader } from './reader';

export interface SlackFileReaderOptions {
  /** Largest file read as text (PDF, DOCX…). Default 20 MB. */
  readonly maxTextFileBytes?: number;
  /**
   * Largest image file downloaded. Default 25 MB: phone photos of 4–15 MB and large screenshots
   * are scaled down to `IMAGE_LIMITS` before they are sent (the file contents' work), so the
   * file may be far larger than what the model gets; the cap bounds the download and the memory.
   */
  readonly maxImageFileBytes?: number;
}

/** Default `maxImageFileBytes`. */
export const MAX_IMAGE_FILE_BYTES = 25 * 1024 * 1024;

/** Files shared in the question or thread (`files:read`): text, Markdown, CSV, PDF, DOCX, images. */
export function slackFileReader(contents: FileContents, options: SlackFileReaderOptions = {}): Reader {
  const maxBytes = { text: options.maxTextFileBytes ?? 20 * 1024 * 1024, image: options.maxImageFileBytes ?? MAX_IMAGE_FILE_BYTES };
  return {
    kind: 'slack_file',
    counts: 'file',
    accepts: (source) => source.type === 'file' && (source.file.email !== undefined || contents.kindOf(source.file) !== undefined),
    status: (source) => ({ code: 'reading_file', name: source.type === 'file' ? source.file.name : '' }),
    async read(source, context) {
      if (source.type !== 'file') throw new ReaderError('unsupported');
      // An email came with its headers and body: nothing to download.
      if (source.file.email !== undefined) return { title: source.file.email.subject || source.file.name, text: emailText(source.file.email) };
      if (context.platform.downloadFile === undefined) throw new ReaderError('unsupported');
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
      // Anthropic refuses the whole request for one image over 5 MB of base64: never passed on.
      if ('image' in extracted && extracted.image.data.length > IMAGE_LIMITS.maxBase64Chars) throw new ReaderError('too_large');
      if ('image' in extracted) return { title: source.file.name, text: extracted.note ?? '(the image is attached)', images: [{ ...extracted.image, name: source.file.name }] };
      return { title: source.file.name, text: extracted.text };
    },
  };
}

/** An email as the model reads it: its headers, then its plain-text body. */
function emailText(email: SharedEmail): string {
  const headers = [
    `Subject: ${email.subject}`,
    ...(email.from.length > 0 ? [`From: ${email.from.join(', ')}`] : []),
    ...(email.to.length > 0 ? [`To: ${email.to.join(', ')}`] : []),
    ...(email.cc.length > 0 ? [`Cc: ${email.cc.join(', ')}`] : []),
    ...(email.date ? [`Date: ${email.date}`] : []),
  ];
  return `${headers.join('\n')}\n\n${email.text.trim()}`;
}
