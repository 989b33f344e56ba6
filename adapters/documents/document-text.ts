import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import mammoth from 'mammoth';
import TurndownService from 'turndown';
import { extractText, getDocumentProxy, getMeta } from 'unpdf';

/**
 * Text out of the documents people share and link: HTML through Mozilla's Readability on a
 * server-side DOM (linkedom, no scripts run) into Markdown (turndown), PDF text (unpdf, the
 * serverless build of pdf.js), Word DOCX (mammoth). Each result is cut at `MAX_TEXT_CHARS`:
 * the answer's token budget takes far less.
 */
export const MAX_TEXT_CHARS = 400_000;

export class DocumentTextError extends Error {
  override readonly name = 'DocumentTextError';
}

const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
turndown.remove(['script', 'style', 'noscript', 'iframe', 'form', 'canvas', 'template']);

/** A page's title and its readable part as Markdown; the whole body when it has no article. */
export function htmlToMarkdown(html: string, url: string): { title: string; text: string } {
  const { document } = parseHTML(html);
  const pageTitle = document.querySelector('title')?.textContent?.trim() ?? '';
  let article: ReturnType<Readability['parse']>;
  try {
    // Readability changes the document it reads; it gets its own parse.
    article = new Readability(parseHTML(html).document as unknown as Document, { charThreshold: 200 }).parse();
  } catch {
    article = null;
  }
  const content = article?.content ?? document.querySelector('body')?.innerHTML ?? html;
  const text = turndown.turndown(String(content)).replace(/\n{3,}/g, '\n\n').trim();
  return { title: (article?.title ?? pageTitle).trim() || new URL(url).hostname, text: cut(text) };
}

export async function pdfText(bytes: Uint8Array): Promise<{ title: string | undefined; text: string }> {
  try {
    const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
    const [{ text }, meta] = await Promise.all([extractText(pdf, { mergePages: true }), getMeta(pdf).catch(() => undefined)]);
    const info = (meta?.info ?? {}) as { Title?: unknown };
    return { title: typeof info.Title === 'string' && info.Title.trim() !== '' ? info.Title.trim() : undefined, text: cut(text.trim()) };
  } catch {
    throw new DocumentTextError('not a readable PDF');
  }
}

export async function docxText(bytes: Uint8Array): Promise<string> {
  try {
    const { value } = await mammoth.convertToHtml({ buffer: Buffer.from(bytes) });
    return cut(turndown.turndown(value).trim());
  } catch {
    throw new DocumentTextError('not a readable DOCX');
  }
}

/**
 * Bytes as text in their declared charset (UTF-8 when unknown or unsupported). Without a
 * charset from the HTTP header, the document's own declaration in its first 1,024 bytes is
 * used, as browsers do (HTML's `<meta charset>` or `http-equiv` prescan, an XML declaration's
 * encoding): older Japanese sites serve Shift_JIS or EUC-JP pages that way.
 */
export function decodeText(bytes: Uint8Array, charset?: string): string {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset ?? declaredCharset(bytes) ?? 'utf-8');
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  return cut(decoder.decode(bytes));
}

const META_CHARSET = /<meta\b[^>]*?charset\s*=\s*["']?\s*([\w.:-]+)/i;
const XML_ENCODING = /^\s*<\?xml\b[^>]*?encoding\s*=\s*["']([\w.:-]+)["']/i;

function declaredCharset(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  const label = (XML_ENCODING.exec(head) ?? META_CHARSET.exec(head))?.[1]?.toLowerCase();
  // A page's bytes cannot declare UTF-16 in ASCII; HTML takes such a declaration as UTF-8.
  return label === undefined || label.startsWith('utf-16') ? undefined : label;
}

function cut(text: string): string {
  return text.length > MAX_TEXT_CHARS ? text.slice(0, MAX_TEXT_CHARS) : text;
}
