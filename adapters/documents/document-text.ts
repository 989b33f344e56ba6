import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { Turns } from './turns';

/**
 * Text out of the documents people share and link: HTML through Mozilla's Readability on a
 * server-side DOM (linkedom, no scripts run) into Markdown (turndown) and PDF text (unpdf, the
 * serverless build of pdf.js) here; Office files in `office-text.ts` and `odf-text.ts`, bytes
 * to text in `charset.ts`. Each result is cut at `MAX_TEXT_CHARS`: the answer's token budget
 * takes far less. Each reading runs in a thread of its own (`inOneShotThread`), in a turn.
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
 * The conversion runs in a worker thread: Readability on linkedom is synchronous and can take
 * seconds on a large page and minutes on a small, deeply nested one (11 KB of 1,000 nested
 * `<div>`s took 6 s, 5,000 took 4 min), which on the main thread stalled every other answer of
 * the worker process and could not be stopped by any time limit. A thread that has not answered
 * when `signal` aborts or after `timeoutMs` is ended. A thread that has answered waits for the
 * next page (at most `IDLE_HTML_THREADS` wait): starting one and loading the libraries costs
 * about 200 ms of CPU, 40 times the conversion of an ordinary page. CommonJS source: it runs as
 * it is in tests and in the esbuild output, with the packages resolved from here.
 */
/**
 * Turndown for the threads' CommonJS sources (`workerData.modules.turndown`). Images whose bytes
 * are in the document (`data:` URIs: a page's inline pictures and placeholders) or that have no
 * address (a DOCX's pictures, which mammoth is told not to inline) become their alt text, if any,
 * never their base64: turndown wrote `![](data:image/png;base64,…)`, so a Word file of photos
 * reached the model as 400,000 characters of base64 and the read-text budget went on it.
 */
export const TURNDOWN_IN_THREAD = `
const TurndownService = require(workerData.modules.turndown);
const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
turndown.remove(['script', 'style', 'noscript', 'iframe', 'form', 'canvas', 'template']);
turndown.addRule('embeddedImages', {
  filter: (node) => node.nodeName === 'IMG' && /^\\s*(?:data:|$)/i.test(node.getAttribute('src') || ''),
  replacement: (_content, node) => {
    const alt = (node.getAttribute('alt') || '').replace(/\\s+/g, ' ').trim();
    return alt === '' ? '' : '[image: ' + alt + ']';
  },
});
// A Word file's note references as mammoth writes them: [1] where cited, no link, and no ↑ back.
turndown.addRule('noteReferences', {
  filter: (node) => node.nodeName === 'A' && /^#(?:foot|end)note-(?:ref-)?\\d+$/.test(node.getAttribute('href') || ''),
  replacement: (content, node) => (/-ref-/.test(node.getAttribute('href')) ? '' : node.textContent.trim()),
});
const ancestor = (node, names) => {
  for (let parent = node.parentNode; parent; parent = parent.parentNode) if (names.includes(parent.nodeName)) return parent;
  return null;
};
const ownTable = (node) => ancestor(node, ['TABLE']);
// A table inside another's cell, or one of a single column (a page laid out in a table, a
// boxed note): its cells are read as blocks, not as a Markdown table. (Turndown parses with
// domino, whose node lists are not iterable: Array.from, not spread.)
const shapes = new WeakMap();
function readAsBlocks(table) {
  if (!table) return true;
  if (!shapes.has(table)) {
    const rows = Array.from(table.querySelectorAll('tr')).filter((row) => ownTable(row) === table);
    const widest = Math.max(0, ...rows.map((row) => Array.from(row.children).filter((cell) => cell.nodeName === 'TD' || cell.nodeName === 'TH').length));
    shapes.set(table, ancestor(table, ['TD', 'TH']) !== null || widest <= 1);
  }
  return shapes.get(table);
}
const cellLine = (content) => content.trim().replace(/\\s+/g, ' ').replace(/\\|/g, '\\\\|');
turndown.addRule('tableCell', {
  filter: ['th', 'td'],
  replacement: (content, node) => {
    if (readAsBlocks(ownTable(node))) return '\\n\\n' + content + '\\n\\n';
    const span = Math.min(100, Math.max(1, Number(node.getAttribute('colspan')) || 1));
    const first = !node.previousElementSibling;
    return (first ? '|' : '') + ' ' + cellLine(content) + ' |' + '  |'.repeat(span - 1);
  },
});
turndown.addRule('tableRow', {
  filter: 'tr',
  replacement: (content, node) => {
    const table = ownTable(node);
    if (readAsBlocks(table)) return '\\n\\n' + content + '\\n\\n';
    // The first row is the header, as a sheet's first row is.
    const width = Array.from(node.children).reduce((sum, cell) => sum + Math.min(100, Math.max(1, Number(cell.getAttribute('colspan')) || 1)), 0);
    return '\\n' + content + (table.querySelector('tr') === node ? '\\n|' + ' --- |'.repeat(width) : '') + '\\n';
  },
});
turndown.addRule('tableCaption', { filter: 'caption', replacement: () => '' });
turndown.addRule('table', {
  filter: 'table',
  replacement: (content, node) => {
    if (readAsBlocks(node)) return '\\n\\n' + content + '\\n\\n';
    const caption = node.querySelector('caption');
    const title = caption && ownTable(caption) === node ? caption.textContent.replace(/\\s+/g, ' ').trim() : '';
    return '\\n\\n' + (title ? title + '\\n\\n' : '') + content.replace(/\\n+/g, '\\n').trim() + '\\n\\n';
  },
});
`;

const HTML_WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { Readability } = require(workerData.modules.readability);
const { parseHTML } = require(workerData.modules.linkedom);
${TURNDOWN_IN_THREAD}
/**
 * The start of a page's HTML holding about twice \`budget\` characters of text (a run of spaces
 * counted once; scripts, styles and comments not counted), cut before a tag: what the budget
 * keeps is all read, and the rest is never parsed. A 5 MB page of 70,000 paragraphs took
 * Readability 10 s and turndown seconds more, for 400,000 characters kept.
 */
function cutHtml(html, budget) {
  if (html.length <= 2 * budget) return html;
  const lower = (at, length) => html.slice(at, at + length).toLowerCase();
  const closing = (pattern, from) => {
    pattern.lastIndex = from;
    const found = pattern.exec(html);
    return found ? found.index : -1;
  };
  let text = 0;
  let space = false;
  for (let i = 0; i < html.length; i += 1) {
    const c = html.charCodeAt(i);
    if (c === 60) {
      if (text >= 2 * budget) return html.slice(0, i);
      let end;
      if (html.startsWith('<!--', i)) end = html.indexOf('-->', i + 4);
      else if (lower(i, 7) === '<script') end = closing(/<\\/script/gi, i + 7);
      else if (lower(i, 6) === '<style') end = closing(/<\\/style/gi, i + 6);
      else end = i;
      if (end < 0) return html.slice(0, i);
      const close = html.indexOf('>', end);
      if (close < 0) return html;
      i = close;
    } else if (c === 32 || c === 10 || c === 9 || c === 13) {
      if (!space) text += 1;
      space = true;
    } else {
      text += 1;
      space = false;
    }
  }
  return html;
}
parentPort.on('message', ({ html: whole, links: wantLinks }) => {
  const html = cutHtml(whole, workerData.textBudget);
  let article = null;
  // The page's \`<a href>\` values, as written, when asked (a crawl follows them): taken here,
  // from the parse Readability reads (before it changes the document), not from a parse of
  // the crawl's own on the main thread.
  let links;
  try {
    const { document } = parseHTML(html);
    if (wantLinks) {
      links = [];
      for (const a of document.querySelectorAll('a[href]')) {
        if (links.length >= workerData.maxLinks) break;
        links.push(a.getAttribute('href') || '');
      }
    }
    article = new Readability(document, { charThreshold: 200 }).parse();
  } catch {
    article = null;
  }
  let title = (article && article.title) || '';
  let content = (article && article.content) || '';
  if (!title || !content) {
    // Readability changed the document it read: the page's own title and body come from a parse
    // of their own, only when needed (a parse of a 5 MB page is seconds).
    const { document } = parseHTML(html);
    title = title || ((document.querySelector('title') && document.querySelector('title').textContent) || '').trim();
    const body = document.querySelector('body');
    content = content || (body && body.innerHTML) || html;
  }
  const text = turndown.turndown(String(content)).replace(/\\n{3,}/g, '\\n\\n').trim();
  parentPort.postMessage({ title, text, links });
});
`;

/** \`<a href>\` values a page gives back at most (a crawl keeps far fewer addresses per source). */
const MAX_PAGE_LINKS = 20_000;

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
    workerData: { modules: HTML_MODULES, textBudget: MAX_TEXT_CHARS, maxLinks: MAX_PAGE_LINKS },
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
  /**
   * Also give the page's links (its `<a href>` addresses, absolute, http(s) only, at most
   * `MAX_PAGE_LINKS`), taken in the thread: a crawl parsing the page again on the main thread
   * held the event loop 6 s for 200,000 links and minutes for 40,000 unclosed `<a>` tags.
   */
  readonly links?: boolean;
}

interface Converted {
  title: string;
  text: string;
  links?: string[];
}

/** A page's title and its readable part as Markdown; the whole body when it has no article. */
export async function htmlToMarkdown(html: string, url: string, options: HtmlToMarkdownOptions = {}): Promise<{ title: string; text: string; links: string[] }> {
  // The turn is released after the thread was kept or ended, so a stuck one's memory is freed before the next starts.
  const converted = await inTurn(htmlTurns, options, { timeoutMs: 10_000, timeoutMessage: 'the page took too long to read' }, (signal) =>
    convertInThread(html, options.links === true, options.maxHeapMb ?? 256, signal),
  );
  return { title: converted.title.trim() || new URL(url).hostname, text: cutText(converted.text), links: absoluteLinks(converted.links ?? [], url) };
}

function absoluteLinks(hrefs: readonly string[], base: string): string[] {
  const out: string[] = [];
  for (const href of hrefs) {
    if (!URL.canParse(href, base)) continue;
    const url = new URL(href, base);
    if (url.protocol === 'http:' || url.protocol === 'https:') out.push(url.href);
  }
  return out;
}

async function convertInThread(html: string, links: boolean, heapMb: number, signal: AbortSignal): Promise<Converted> {
  const worker = htmlThread(heapMb);
  let onAbort: (() => void) | undefined;
  let onMessage: ((converted: Converted) => void) | undefined;
  let onFailure: (() => void) | undefined;
  let answered = false;
  try {
    const converted = await new Promise<Converted>((resolve, reject) => {
      onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      onMessage = resolve;
      onFailure = () => reject(new DocumentTextError('not readable HTML'));
      worker.once('message', onMessage);
      worker.once('error', onFailure);
      worker.once('exit', onFailure);
      worker.postMessage({ html, links });
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
 * pdf.js in a thread of its own (CommonJS source, like the HTML thread's): the pages' text, as
 * unpdf's `extractText` gives it, read in batches until `maxChars`.
 */
const PDF_WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { getDocumentProxy, getMeta } = require(workerData.modules.unpdf);
parentPort.once('message', async ({ bytes, maxChars, pagesAtOnce }) => {
  try {
    const pdf = await getDocumentProxy(bytes, { verbosity: 0 });
    const meta = await getMeta(pdf).catch(() => undefined);
    const pages = [];
    let length = 0;
    for (let first = 1; first <= pdf.numPages && length < maxChars; first += pagesAtOnce) {
      const numbers = Array.from({ length: Math.min(pagesAtOnce, pdf.numPages - first + 1) }, (_, n) => first + n);
      const texts = await Promise.all(numbers.map(async (number) => {
        const page = await pdf.getPage(number);
        const { items } = await page.getTextContent();
        page.cleanup();
        return items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\\n' : '') : '')).join('');
      }));
      for (const text of texts) {
        pages.push(text);
        length += text.length;
      }
    }
    const title = meta && meta.info && typeof meta.info.Title === 'string' && meta.info.Title.trim() !== '' ? meta.info.Title.trim() : undefined;
    parentPort.postMessage({ title, pages });
  } catch {
    parentPort.postMessage({ failed: true });
  }
});
`;

const PDF_MODULES = (() => {
  const require = createRequire(import.meta.url);
  return { unpdf: require.resolve('unpdf') };
})();

/** PDFs and Word documents read at once in a process (each in its own thread); the others wait their turn. */
export const documentTurns = new Turns(HTML_THREADS_AT_ONCE);

export interface PdfTextOptions {
  /** Ends the reading (the reader's time is up), also while it waits its turn. */
  readonly signal?: AbortSignal;
  /** The reading's own limit, its wait for a turn included. Default 30 s. */
  readonly timeoutMs?: number;
  /** The thread's heap. Default 512 MB. */
  readonly maxHeapMb?: number;
}

/**
 * A PDF's title and text up to `MAX_TEXT_CHARS` (`pdfPages` merged as unpdf merges pages:
 * whitespace collapsed, line breaks kept, at most one blank line).
 */
export async function pdfText(bytes: Uint8Array, options: PdfTextOptions = {}): Promise<{ title: string | undefined; text: string }> {
  const { title, pages } = await pdfPages(bytes, { ...options, maxChars: MAX_TEXT_CHARS });
  const text = pages.join('\n').replace(/[^\S\n]+/g, ' ').replace(/ ?\n ?/g, '\n').replace(/\n{3,}/g, '\n\n');
  return { title, text: cutText(text.trim()) };
}

/**
 * A PDF's title and its pages' text, pages read in batches until `maxChars` (a long PDF costs
 * only the pages that are used). pdf.js runs in a worker thread with a capped heap, ended when
 * `signal` aborts or after `timeoutMs`: on the main thread one page's text was beyond any limit,
 * and a 150 KB PDF whose one page inflates to 50 MB of text operators held the event loop
 * 13 s (600 KB: 73 s, 2.8 GB), stalling every answer of the process and going on after the
 * reader gave up. A thread that runs out of heap is `too_large`; a PDF pdf.js cannot open, or
 * time running out, is `unsupported` (`signal.aborted` tells the two apart).
 */
export async function pdfPages(bytes: Uint8Array, options: PdfTextOptions & { maxChars?: number } = {}): Promise<{ title: string | undefined; pages: string[] }> {
  return inTurn(documentTurns, options, DOCUMENT_LIMIT, (signal) => pdfInThread(bytes, options.maxChars ?? Number.POSITIVE_INFINITY, options.maxHeapMb ?? 512, signal));
}

/** Message of the error a document reading ends with when its own time is up. */
export const DOCUMENT_TIMEOUT = 'the document took too long to read';

/**
 * `work` in one of `turns` (the HTML or the document threads'), given a signal that aborts with
 * the caller's `signal` (`stopped`) or after `timeoutMs` (`timeoutMessage`), also while it waits;
 * time that runs out just as the turn comes starts nothing.
 */
export async function inTurn<T>(
  turns: Turns,
  options: { readonly signal?: AbortSignal; readonly timeoutMs?: number },
  defaults: { timeoutMs: number; timeoutMessage: string },
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  if (options.signal?.aborted) throw new DocumentTextError('stopped');
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(new DocumentTextError(defaults.timeoutMessage)), options.timeoutMs ?? defaults.timeoutMs);
  const onAbort = () => stop.abort(new DocumentTextError('stopped'));
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    await turns.take(stop.signal);
    try {
      stop.signal.throwIfAborted();
      return await work(stop.signal);
    } finally {
      turns.release();
    }
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

/** A document reading's own limit: 30 s, its wait for a turn included. */
export const DOCUMENT_LIMIT = { timeoutMs: 30_000, timeoutMessage: DOCUMENT_TIMEOUT };

async function pdfInThread(bytes: Uint8Array, maxChars: number, heapMb: number, signal: AbortSignal): Promise<{ title: string | undefined; pages: string[] }> {
  const result = await inOneShotThread<{ title: string | undefined; pages: string[] }>(PDF_WORKER_SOURCE, { modules: PDF_MODULES }, { maxChars, pagesAtOnce: PDF_PAGES_AT_ONCE }, bytes, heapMb, signal, 'not a readable PDF');
  return { title: result.title, pages: result.pages };
}

/**
 * Runs `source` (CommonJS) in a thread of its own with a capped heap, hands it a copy of `bytes`
 * (transferred; pdf.js and JSZip take the buffer they are given) with `message`, and takes its one
 * answer; `{ failed: true }` or the thread ending is `broken`, running out of heap or
 * `{ failed: true, tooLarge: true }` (the thread saw it would) `too_large`.
 * The thread is ended when `signal` aborts (rejecting with its reason) and once it has answered.
 */
export async function inOneShotThread<T>(source: string, workerData: object, message: object, bytes: Uint8Array, heapMb: number, signal: AbortSignal, broken: string): Promise<T> {
  const worker = new Worker(source, { eval: true, workerData, resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 32 } });
  let onAbort: (() => void) | undefined;
  try {
    return await new Promise<T>((resolve, reject) => {
      onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      worker.once('message', (result: { failed: true; tooLarge?: true } | T) => {
        if (typeof result === 'object' && result !== null && 'failed' in result) reject(result.tooLarge ? new DocumentTextError('the document needs too much memory', 'too_large') : new DocumentTextError(broken));
        else resolve(result);
      });
      worker.once('error', (error: Error & { code?: string }) => {
        reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new DocumentTextError('the document needs too much memory', 'too_large') : new DocumentTextError(broken));
      });
      worker.once('exit', () => reject(new DocumentTextError(broken)));
      const copy = new Uint8Array(bytes);
      worker.postMessage({ ...message, bytes: copy }, [copy.buffer]);
    });
  } finally {
    if (onAbort) signal.removeEventListener('abort', onAbort);
    await worker.terminate();
  }
}

/** `text` cut at `MAX_TEXT_CHARS`. */
export function cutText(text: string): string {
  return text.length > MAX_TEXT_CHARS ? text.slice(0, MAX_TEXT_CHARS) : text;
}
