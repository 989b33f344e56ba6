import type { SharedFile } from '../../core/assistant/chat-platform.port';
import type { FileContents, FileReading } from '../../core/readers/file-contents.port';
import { ReaderError } from '../../core/readers/reader';
import { decodeHtml, decodeUndeclaredText } from './charset';
import { DocumentTextError, htmlToMarkdown, pdfText } from './document-text';
import { docText, docxText, pptxText, xlsxText } from './office-text';
import { fitImage } from './image-fit';
import { odfText } from './odf-text';

const IMAGES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
/** OpenDocument text, spreadsheet and presentation (`.odt`, `.ods`, `.odp`), by MIME type and Slack file type. */
const ODF_TYPES = new Set(['application/vnd.oasis.opendocument.text', 'application/vnd.oasis.opendocument.spreadsheet', 'application/vnd.oasis.opendocument.presentation']);
const ODF_FILETYPES = new Set(['odt', 'ods', 'odp']);
/** Word 97–2003 (`.doc`). */
const DOC = 'application/msword';
const TEXT_TYPES = new Set(['application/json', 'application/xml', 'application/x-yaml', 'application/yaml', 'application/javascript', 'application/x-sh']);
// Slack's short types for text-like uploads and snippets.
const TEXT_FILETYPES = new Set(['text', 'markdown', 'csv', 'tsv', 'json', 'xml', 'yaml', 'html', 'javascript', 'typescript', 'python', 'sql', 'shell', 'go', 'java', 'ruby', 'rust', 'c', 'cpp', 'css', 'diff', 'post']);

/** Slack files as text (text, Markdown, CSV, code, PDF, DOCX, DOC, XLSX, PPTX, ODT, ODS, ODP) or as images (PNG, JPEG, GIF, WebP; scaled down to fit, image-fit.ts). */
export class DocumentFileContents implements FileContents {
  kindOf(file: SharedFile): FileReading | undefined {
    // Stored outside Slack (Google Drive…): Slack has no bytes of it to download.
    if (file.external !== undefined) return undefined;
    const type = file.mimetype.toLowerCase();
    if (imageType(file) !== undefined) return 'image';
    if (type === 'application/pdf' || file.filetype === 'pdf') return 'text';
    if (type === DOCX || file.filetype === 'docx') return 'text';
    if (type === XLSX || file.filetype === 'xlsx') return 'text';
    if (type === PPTX || file.filetype === 'pptx') return 'text';
    if (type === DOC || file.filetype === 'doc') return 'text';
    if (ODF_TYPES.has(type) || ODF_FILETYPES.has(file.filetype ?? '')) return 'text';
    if (type.startsWith('text/') || TEXT_TYPES.has(type) || TEXT_FILETYPES.has(file.filetype ?? '')) return 'text';
    return undefined;
  }

  async extract(bytes: Uint8Array, file: SharedFile, options: { signal?: AbortSignal } = {}) {
    const image = imageType(file);
    if (image === 'image/gif' && isAnimatedGif(bytes)) {
      // OpenAI refuses an animated GIF with the whole request: its first frame, a still GIF, is sent.
      const first = firstGifFrame(bytes);
      if (first === undefined) throw new ReaderError('unsupported', 'an animated GIF');
      const fitted = await fitImage(first, options);
      return { image: { mediaType: fitted.mediaType, data: fitted.data.toString('base64') }, note: ANIMATED_GIF_NOTE };
    }
    if (image !== undefined) {
      // Scaled down to what the models take (IMAGE_LIMITS), upright, of the type its bytes are.
      const fitted = await fitImage(bytes, options);
      const note = fitted.scaledFrom && `(the image is attached, scaled down from ${fitted.scaledFrom.width} × ${fitted.scaledFrom.height} px to ${fitted.width} × ${fitted.height} px)`;
      return { image: { mediaType: fitted.mediaType, data: fitted.data.toString('base64') }, ...(note ? { note } : {}) };
    }
    try {
      if (file.mimetype === 'application/pdf' || file.filetype === 'pdf') return { text: (await pdfText(bytes, options)).text };
      if (file.mimetype === DOCX || file.filetype === 'docx') return { text: await docxText(bytes, options) };
      if (file.mimetype === XLSX || file.filetype === 'xlsx') return { text: await xlsxText(bytes, options) };
      if (file.mimetype === PPTX || file.filetype === 'pptx') return { text: await pptxText(bytes, options) };
      if (file.mimetype === DOC || file.filetype === 'doc') return { text: await docText(bytes, options) };
      if (ODF_TYPES.has(file.mimetype.toLowerCase()) || ODF_FILETYPES.has(file.filetype ?? '')) return { text: await odfText(bytes, options) };
      // A saved page or an exported report: its readable text as Markdown, as for a linked page,
      // not its markup (scripts and styles filled the answer's token budget before the text).
      if (file.mimetype.toLowerCase() === 'text/html' || file.filetype === 'html') return { text: (await htmlToMarkdown(decodeHtml(bytes), 'https://files.slack.com/', options)).text };
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

const ANIMATED_GIF_NOTE = '(the first frame of this animated GIF is attached; the animation itself could not be sent)';

/**
 * Whether a GIF holds more than one image (an animation). OpenAI takes only non-animated GIFs
 * and refuses the whole request otherwise, so the answer failed; Anthropic reads GIFs, but an
 * answer may fall back from one provider to the other.
 */
export function isAnimatedGif(bytes: Uint8Array): boolean {
  return gifImageEnds(bytes).length > 1;
}

/**
 * An animated GIF's first frame as a still GIF: everything up to the end of the first image's
 * data (header, logical screen, global color table, the extensions before it, the image with
 * its local color table), then the trailer (0x3B). Undefined when that image is cut short.
 */
export function firstGifFrame(bytes: Uint8Array): Buffer | undefined {
  const end = gifImageEnds(bytes)[0];
  if (end === undefined || end > bytes.length) return undefined;
  return Buffer.concat([bytes.subarray(0, end), Buffer.from([0x3b])]);
}

/**
 * Where a GIF's first two images end (the byte after each one's data), walking the blocks as
 * the format lays them out (GIF89a: header, screen, color table, then extensions and images,
 * each of sub-blocks), so bytes inside the data are never taken for an image.
 */
function gifImageEnds(bytes: Uint8Array): number[] {
  const colorTable = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  const skipSubBlocks = (from: number) => {
    let at = from;
    while (at < bytes.length && bytes[at] !== 0) at += bytes[at]! + 1;
    return at + 1;
  };
  const ends: number[] = [];
  if (bytes.length < 13 || Buffer.from(bytes.subarray(0, 3)).toString('latin1') !== 'GIF') return ends;
  let at = 13 + colorTable(bytes[10]!);
  while (at < bytes.length && ends.length < 2) {
    const block = bytes[at];
    if (block === 0x21) {
      at = skipSubBlocks(at + 2);
    } else if (block === 0x2c) {
      // Descriptor (10 bytes with its 0x2C), local color table, LZW code size, data.
      at = skipSubBlocks(at + 10 + colorTable(bytes[at + 9] ?? 0) + 1);
      ends.push(at);
    } else {
      break; // the trailer (0x3B), or bytes that are no GIF block
    }
  }
  return ends;
}
