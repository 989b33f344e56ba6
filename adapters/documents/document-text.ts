import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import mammoth from 'mammoth';
import TurndownService from 'turndown';
import { getDocumentProxy, getMeta } from 'unpdf';
import { Turns } from './turns';

/**
 * Text out of the documents people share and link: HTML through Mozilla's Readability on a
 * server-side DOM (linkedom, no scripts run) into Markdown (turndown), PDF text (unpdf, the
 * serverless build of pdf.js), Word DOCX (mammoth). Each result is cut at `MAX_TEXT_CHARS`:
 * the answer's token budget takes far less.
 */
export const MAX_TEXT_CHARS = 400_000;

export class DocumentTextError extends Error {
  override readonly name = 'DocumentTextError';
  constructor(
    message: string,
    readonly failure: 'unsupported' | 'too_large' = 'unsupported',
  ) {
    super(message);
  }
}

/**
 * Unpacked size of a DOCX's parts mammoth may read. Word's own documents of hundreds of pages
 * hold a few MB of XML; mammoth needs about 30 times the XML in memory (20 MB took 590 MB).
 */
export const MAX_DOCX_UNPACKED_BYTES = 40 * 1024 * 1024;

const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
turndown.remove(['script', 'style', 'noscript', 'iframe', 'form', 'canvas', 'template']);

/**
 * The conversion runs in a worker thread: Readability on linkedom is synchronous and can take
 * seconds on a large page and minutes on a small, deeply nested one (11 KB of 1,000 nested
 * `<div>`s took 6 s, 5,000 took 4 min), which on the main thread stalled every other answer of
 * the worker process and could not be stopped by any time limit. A thread that has not answered
 * when `signal` aborts or after `timeoutMs` is ended. A thread that has answered waits for the
 * next page (at most `IDLE_HTML_THREADS` wait): starting one and loading the libraries costs
 * about 200 ms of CPU, 40 times the conversion of an ordinary page. CommonJS source: it runs as
 * it is in tests and in the esbuild output, with the packages resolved from here.
 */
const HTML_WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { Readability } = require(workerData.modules.readability);
const { parseHTML } = require(workerData.modules.linkedom);
const TurndownService = require(workerData.modules.turndown);
const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
turndown.remove(['script', 'style', 'noscript', 'iframe', 'form', 'canvas', 'template']);
parentPort.on('message', (html) => {
  const { document } = parseHTML(html);
  const pageTitle = (document.querySelector('title') && document.querySelector('title').textContent || '').trim();
  let article = null;
  try {
    // Readability changes the document it reads; it gets its own parse.
    article = new Readability(parseHTML(html).document, { charThreshold: 200 }).parse();
  } catch {
    article = null;
  }
  const body = document.querySelector('body');
  const content = (article && article.content) || (body && body.innerHTML) || html;
  const text = turndown.turndown(String(content)).replace(/\\n{3,}/g, '\\n\\n').trim();
  parentPort.postMessage({ title: (article && article.title) || pageTitle, text });
});
`;

const HTML_MODULES = (() => {
  const require = createRequire(import.meta.url);
  return { readability: require.resolve('@mozilla/readability'), linkedom: require.resolve('linkedom'), turndown: require.resolve('turndown') };
})();

/**
 * Threads alive at once (converting or waiting for the next page): a burst of pages (answers
 * with links, knowledge crawls) waits its turn instead of starting a thread each. 100 pages at
 * once started 99 threads: 1.9 GB peak RSS and 21 s of CPU loading the libraries, with every
 * core busy; with 2 threads, 0.2 GB and 0.5 s (`npm run bench html-burst`, 2 cores). At most 4
 * whatever the machine: each may take its 256 MB heap on a hostile page, and a container's CPU
 * limit is not the cores Node sees.
 */
export const HTML_THREADS_AT_ONCE = Math.min(4, Math.max(2, availableParallelism()));
/**
 * Threads kept waiting for the next page (about 30 MB each), each for at most
 * `HTML_THREAD_IDLE_MS`.
 */
const IDLE_HTML_THREADS = 2;
const HTML_THREAD_IDLE_MS = 60_000;
const idleHtmlThreads: { worker: Worker; heapMb: number; timer: ReturnType<typeof setTimeout> }[] = [];
let htmlThreadsStarted = 0;
/** A turn to convert (one of `HTML_THREADS_AT_ONCE`); given up, never taken, when the answer stops first. */
const htmlTurns = new Turns(HTML_THREADS_AT_ONCE);

/** Threads started so far and threads waiting for a page (for tests and diagnostics). */
export function htmlThreadStats(): { started: number; idle: number } {
  return { started: htmlThreadsStarted, idle: idleHtmlThreads.length };
}

function htmlThread(heapMb: number): Worker {
  const at = idleHtmlThreads.findIndex((thread) => thread.heapMb === heapMb);
  if (at >= 0) {
    const [thread] = idleHtmlThreads.splice(at, 1);
    clearTimeout(thread!.timer);
    return thread!.worker;
  }
  // Waiting threads (of another heap) make room: at most `HTML_THREADS_AT_ONCE` are alive.
  while (idleHtmlThreads.length > 0 && htmlTurns.running + idleHtmlThreads.length > HTML_THREADS_AT_ONCE) {
    const [thread] = idleHtmlThreads.splice(0, 1);
    clearTimeout(thread!.timer);
    void thread!.worker.terminate();
  }
  htmlThreadsStarted += 1;
  const worker = new Worker(HTML_WORKER_SOURCE, {
    eval: true,
    workerData: { modules: HTML_MODULES },
    resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 32 },
  });
  // A waiting thread neither keeps the process alive nor takes it down when it fails.
  worker.unref();
  worker.on('error', () => undefined);
  worker.once('exit', () => {
    const index = idleHtmlThreads.findIndex((thread) => thread.worker === worker);
    if (index >= 0) clearTimeout(idleHtmlThreads.splice(index, 1)[0]!.timer);
  });
  return worker;
}

export interface HtmlToMarkdownOptions {
  /** Ends the conversion (the reader's time is up), also while it waits its turn. */
  readonly signal?: AbortSignal;
  /** The conversion's own limit, its wait for a turn included. Default 10 s. */
  readonly timeoutMs?: number;
  /** The thread's heap. Default 256 MB. */
  readonly maxHeapMb?: number;
}

/** A page's title and its readable part as Markdown; the whole body when it has no article. */
export async function htmlToMarkdown(html: string, url: string, options: HtmlToMarkdownOptions = {}): Promise<{ title: string; text: string }> {
  options.signal?.throwIfAborted();
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(new DocumentTextError('the page took too long to read')), options.timeoutMs ?? 10_000);
  const onAbort = () => stop.abort(new DocumentTextError('stopped'));
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    await htmlTurns.take(stop.signal);
    try {
      // Time may have run out just as the turn came: the page is not started.
      stop.signal.throwIfAborted();
      const converted = await convertInThread(html, options.maxHeapMb ?? 256, stop.signal);
      return { title: converted.title.trim() || new URL(url).hostname, text: cut(converted.text) };
    } finally {
      // After the thread was kept or ended, so a stuck one's memory is freed before the next starts.
      htmlTurns.release();
    }
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

async function convertInThread(html: string, heapMb: number, signal: AbortSignal): Promise<{ title: string; text: string }> {
  const worker = htmlThread(heapMb);
  let onAbort: (() => void) | undefined;
  let onMessage: ((converted: { title: string; text: string }) => void) | undefined;
  let onFailure: (() => void) | undefined;
  let answered = false;
  try {
    const converted = await new Promise<{ title: string; text: string }>((resolve, reject) => {
      onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      onMessage = resolve;
      onFailure = () => reject(new DocumentTextError('not readable HTML'));
      worker.once('message', onMessage);
      worker.once('error', onFailure);
      worker.once('exit', onFailure);
      worker.postMessage(html);
    });
    answered = true;
    return converted;
  } finally {
    if (onAbort) signal.removeEventListener('abort', onAbort);
    if (onMessage) worker.off('message', onMessage);
    if (onFailure) worker.off('error', onFailure).off('exit', onFailure);
    // Only a thread that answered is kept: one still converting is ended here.
    if (answered && idleHtmlThreads.length < IDLE_HTML_THREADS) {
      const timer = setTimeout(() => void worker.terminate(), HTML_THREAD_IDLE_MS);
      timer.unref();
      idleHtmlThreads.push({ worker, heapMb, timer });
    } else {
      await worker.terminate();
    }
  }
}

/** Pages whose text is asked for at once: one at a time is several times slower in pdf.js. */
const PDF_PAGES_AT_ONCE = 20;

/**
 * A PDF's title and text, pages read in small batches until `MAX_TEXT_CHARS`: a long PDF costs
 * only the pages that are used (all pages at once held hundreds of MB and the event loop for
 * many seconds), and timers run between batches so the reader's time limit can end it
 * (`signal`: no further pages are read once it is aborted).
 */
export async function pdfText(bytes: Uint8Array, options: { signal?: AbortSignal } = {}): Promise<{ title: string | undefined; text: string }> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>> | undefined;
  try {
    pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
    const document = pdf;
    const meta = await getMeta(document).catch(() => undefined);
    const pages: string[] = [];
    let length = 0;
    for (let first = 1; first <= document.numPages && length < MAX_TEXT_CHARS; first += PDF_PAGES_AT_ONCE) {
      await new Promise((resolve) => setImmediate(resolve));
      if (options.signal?.aborted) throw new DocumentTextError('stopped');
      const numbers = Array.from({ length: Math.min(PDF_PAGES_AT_ONCE, document.numPages - first + 1) }, (_, n) => first + n);
      for (const text of await Promise.all(numbers.map((number) => pageText(document, number)))) {
        pages.push(text);
        length += text.length;
      }
    }
    // unpdf's merged text: whitespace collapsed, line breaks kept, at most one blank line.
    const text = pages.join('\n').replace(/[^\S\n]+/g, ' ').replace(/ ?\n ?/g, '\n').replace(/\n{3,}/g, '\n\n');
    const info = (meta?.info ?? {}) as { Title?: unknown };
    return { title: typeof info.Title === 'string' && info.Title.trim() !== '' ? info.Title.trim() : undefined, text: cut(text.trim()) };
  } catch (error) {
    throw error instanceof DocumentTextError ? error : new DocumentTextError('not a readable PDF');
  } finally {
    await pdf?.loadingTask.destroy().catch(() => undefined);
  }
}

async function pageText(pdf: Awaited<ReturnType<typeof getDocumentProxy>>, number: number): Promise<string> {
  const page = await pdf.getPage(number);
  const { items } = await page.getTextContent();
  page.cleanup();
  return items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
}

export async function docxText(bytes: Uint8Array): Promise<string> {
  // A ZIP says in its central directory how large each part unpacks; a "zip bomb" (100 MB of
  // repeated text deflated to 0.1 MB) is refused before anything is unpacked.
  const unpacked = zipUnpackedBytes(bytes);
  if (unpacked === undefined) throw new DocumentTextError('not a readable DOCX');
  if (unpacked > MAX_DOCX_UNPACKED_BYTES) throw new DocumentTextError('the DOCX unpacks to too much', 'too_large');
  try {
    const { value } = await mammoth.convertToHtml({ buffer: Buffer.from(bytes) });
    return cut(turndown.turndown(value).trim());
  } catch {
    throw new DocumentTextError('not a readable DOCX');
  }
}

/**
 * The sum of the sizes a ZIP archive's entries declare unpacked (its central directory), or
 * undefined when it is no ZIP. ZIP64 sizes (0xFFFFFFFF: over 4 GB) count as infinite.
 */
function zipUnpackedBytes(bytes: Uint8Array): number | undefined {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record: 22 bytes plus a comment of at most 65,535.
  let end = -1;
  for (let at = view.length - 22; at >= Math.max(0, view.length - 22 - 0xffff); at -= 1) {
    if (view.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) return undefined;
  const entries = view.readUInt16LE(end + 10);
  let at = view.readUInt32LE(end + 16);
  let total = 0;
  for (let n = 0; n < entries; n += 1) {
    if (at + 46 > view.length || view.readUInt32LE(at) !== 0x02014b50) return entries === 0xffff ? Number.POSITIVE_INFINITY : undefined;
    const size = view.readUInt32LE(at + 24);
    total += size === 0xffffffff ? Number.POSITIVE_INFINITY : size;
    at += 46 + view.readUInt16LE(at + 28) + view.readUInt16LE(at + 30) + view.readUInt16LE(at + 32);
  }
  return total;
}

/**
 * Bytes as text in their declared charset (UTF-8 when unknown or unsupported). Without a
 * charset from the HTTP header, the document's own declaration in its first 1,024 bytes is
 * used, as browsers do (HTML's `<meta charset>` or `http-equiv` prescan, an XML declaration's
 * encoding): older Japanese sites serve Shift_JIS or EUC-JP pages that way. A byte order mark
 * wins over any declaration, as in browsers.
 */
export function decodeText(bytes: Uint8Array, charset?: string): string {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(byteOrderMark(bytes) ?? charset ?? declaredCharset(bytes) ?? 'utf-8');
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  return cut(decoder.decode(bytes));
}

/**
 * A file's text when nothing declares its charset (Slack tells none): UTF-8, unless it is not
 * valid UTF-8 and reads with fewer broken characters as Shift_JIS or EUC-JP, which Japanese
 * Excel and older Japanese tools still write (a CSV saved by Excel on Japanese Windows).
 */
export function decodeUndeclaredText(bytes: Uint8Array): string {
  if (byteOrderMark(bytes) !== undefined) return decodeText(bytes);
  const head = bytes.subarray(0, MAX_TEXT_CHARS);
  let best = { charset: 'utf-8', ...oddities(head, 'utf-8') };
  if (best.broken === 0) return decodeText(bytes);
  for (const charset of ['shift_jis', 'euc-jp']) {
    const found = oddities(head, charset);
    // Fewer broken characters wins; on a tie, fewer half-width katakana: EUC-JP's bytes are
    // also valid Shift_JIS, as half-width katakana that Japanese prose hardly ever uses.
    if (found.broken < best.broken || (found.broken === best.broken && found.halfWidthKana < best.halfWidthKana)) best = { charset, ...found };
  }
  return decodeText(bytes, best.charset);
}

function oddities(bytes: Uint8Array, charset: string): { broken: number; halfWidthKana: number } {
  const text = new TextDecoder(charset).decode(bytes);
  return { broken: text.split('\uFFFD').length - 1, halfWidthKana: text.match(/[\uFF61-\uFF9F]/g)?.length ?? 0 };
}

function byteOrderMark(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return undefined;
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
