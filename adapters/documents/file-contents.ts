import type { SharedFile } from '../../core/assistant/chat-platform.port';
import type { FileContents, FileReading } from '../../core/readers/file-contents.port';
import { ReaderError } from '../../core/readers/reader';
import { DocumentTextError, decodeUndeclaredText, docxText, pdfText } from './document-text';

const IMAGES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const TEXT_TYPES = new Set(['application/json', 'application/xml', 'application/x-yaml', 'application/yaml', 'application/javascript', 'application/x-sh']);
// Slack's short types for text-like uploads and snippets.
const TEXT_FILETYPES = new Set(['text', 'markdown', 'csv', 'tsv', 'json', 'xml', 'yaml', 'html', 'javascript', 'typescript', 'python', 'sql', 'shell', 'go', 'java', 'ruby', 'rust', 'c', 'cpp', 'css', 'diff', 'post']);

/** Slack files as text (text, Markdown, CSV, code, PDF, DOCX) or as images (PNG, JPEG, GIF, WebP). */
export class DocumentFileContents implements FileContents {
  kindOf(file: SharedFile): FileReading | undefined {
    const type = file.mimetype.toLowerCase();
    if (imageType(file) !== undefined) return 'image';
    if (type === 'application/pdf' || file.filetype === 'pdf') return 'text';
    if (type === DOCX || file.filetype === 'docx') return 'text';
    if (type.startsWith('text/') || TEXT_TYPES.has(type) || TEXT_FILETYPES.has(file.filetype ?? '')) return 'text';
    return undefined;
  }

  async extract(bytes: Uint8Array, file: SharedFile, options: { signal?: AbortSignal } = {}) {
    const image = imageType(file);
    if (image !== undefined) return { image: { mediaType: image, data: Buffer.from(bytes).toString('base64') } };
    try {
      if (file.mimetype === 'application/pdf' || file.filetype === 'pdf') return { text: (await pdfText(bytes, options)).text };
      if (file.mimetype === DOCX || file.filetype === 'docx') return { text: await docxText(bytes) };
    } catch (error) {
      throw error instanceof DocumentTextError ? new ReaderError(error.failure, error.message) : error;
    }
    return { text: decodeUndeclaredText(bytes) };
  }
}

function imageType(file: SharedFile): string | undefined {
  const type = file.mimetype.toLowerCase();
  if (Object.values(IMAGES).includes(type)) return type;
  return IMAGES[file.filetype ?? ''];
}
