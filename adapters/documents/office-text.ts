import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';
import { cutText, DOCUMENT_LIMIT, DocumentTextError, documentTurns, inOneShotThread, inTurn, MAX_TEXT_CHARS, TURNDOWN_IN_THREAD, type PdfTextOptions } from './document-text';

/**
 * Microsoft Office files in threads of their own: Word DOCX (mammoth) and Word 97–2003 `.doc`
 * (word-extractor), Excel XLSX (read-excel-file), PowerPoint PPTX (fflate and linkedom). Each
 * ZIP is checked before anything unpacks it (`checkOfficeZip`); OpenDocument files, read the
 * same way, are in `odf-text.ts`.
 */

/**
 * Unpacked size of the parts of an Office file (DOCX, XLSX, PPTX, OpenDocument) its reader may read. Word's
 * own documents of hundreds of pages hold a few MB of XML; mammoth needs about 30 times the XML
 * in memory (20 MB took 590 MB). A spreadsheet of 40 MB of sheet XML holds about 1.5 million
 * cells, far beyond the text an answer takes.
 */
export const MAX_OFFICE_UNPACKED_BYTES = 40 * 1024 * 1024;

const inflateRawAsync = promisify(inflateRaw);

/**
 * Refuses XML with a document type declaration (`<!DOCTYPE`): the Open Packaging Conventions
 * (ECMA-376 Part 2) forbid one in a package's parts and Office never writes one, so one is an
 * attack (entities nested to a billion copies, external entities naming file:///etc/passwd or a
 * URL). None of the parsers here expands entities (the model got the literal `&x;`; Word files
 * already failed in mammoth); this keeps it so whatever a parser's next version does. Read in
 * the XLSX, PPTX, DOCX and OpenDocument threads (LibreOffice writes none in an OpenDocument package either).
 */
export const DOCTYPE_IN_THREAD = `
const hasDoctype = (xml) => /<!DOCTYPE/i.test(xml);
`;

/**
 * In a reader's thread: the text it keeps within `maxChars` as pieces joined by `separator`
 * (each piece costs its length and the separator's). `add(piece)` returns false once the text is
 * cut; a piece that does not fit cuts it, whole when `whole` (a spreadsheet's rows), else at the
 * room left (a slide). `text()` ends a cut text with `cutNote` after a blank line.
 */
export const BUDGET_IN_THREAD = `
function budget(maxChars, cutNote, separator, whole) {
  const pieces = [];
  let length = 0;
  let cut = false;
  return {
    add(piece) {
      if (cut) return false;
      if (length + piece.length + separator.length > maxChars) {
        const room = maxChars - length - separator.length;
        if (!whole && room > 0) pieces.push(piece.slice(0, room));
        cut = true;
        return false;
      }
      pieces.push(piece);
      length += piece.length + separator.length;
      return true;
    },
    get cut() { return cut; },
    get empty() { return pieces.length === 0; },
    text: () => pieces.join(separator) + (cut ? '\\n\\n' + cutNote : ''),
  };
}
`;

/**
 * `checkPartShape(xml, maxElements, maxDepth)` for the threads that parse Office XML into a
 * tree (linkedom for decks, mammoth for Word files; see `PPTX_WORKER_SOURCE` for why): throws
 * `TooLarge` past either limit, else returns the elements it counted.
 */
export const PART_SHAPE_IN_THREAD = `
class TooLarge extends Error {}
// Elements (start tags) and the deepest nesting of a part's XML, counted up to the limits;
// returns the elements counted.
// Comments, CDATA and processing instructions are skipped whole; a tag ends at the next "<".
function checkPartShape(xml, maxElements, maxDepth) {
  let elements = 0;
  let depth = 0;
  for (const [tag, close, selfClosing] of xml.matchAll(/<!--[\\s\\S]*?(?:-->|$)|<!\\[CDATA\\[[\\s\\S]*?(?:\\]\\]>|$)|<[?!][^<>]*>?|<(\\/?)(?:[^<>"']|"[^<"]*"|'[^<']*')*?(\\/?)>/g)) {
    if (close === undefined) continue;
    if (close === '/') depth -= 1;
    else {
      elements += 1;
      if (selfClosing !== '/') depth += 1;
      if (elements > maxElements || depth > maxDepth) throw new TooLarge();
    }
  }
  return elements;
}
`;

/**
 * In a reader's thread (linkedom's `DOMParser` in scope): a chart's and a SmartArt diagram's
 * text as lines, read where they sit in a deck, a Word file or a sheet.
 *
 * `chartLines(document, maxPoints)`: a DrawingML chart part (ECMA-376 Part 1 §21.2, `c:chartSpace`)
 * as `Chart: <title>` (the title's runs, else the one series' name Office shows in its place)
 * then a Markdown table of its categories (`c:cat`, or a scatter chart's `c:xVal`) down and its
 * series (`c:ser`: name from `c:tx`, values from `c:val` or `c:yVal`) across, as the chart last
 * cached them (`c:strCache`, `c:numCache`, the innermost level of `c:multiLvlStrCache`, or
 * literals): the values the chart shows, not its formulas. A cache's `formatCode` with `%` gives
 * percentages, one with days or years ISO dates (cached as serial numbers). Points past
 * `maxPoints` are left out.
 *
 * `diagramLines(document)`: a SmartArt data model (`dgm:dataModel`, ppt/diagrams/dataN.xml,
 * word/diagrams/dataN.xml) as `SmartArt:` and its nodes' text (`dgm:pt`/`dgm:t`) as a `- `
 * list, nested and ordered as the connections (`dgm:cxn` of type parOf, by `srcOrd`) say, from
 * the document point down; a node no connection reaches is read after them.
 */
export const GRAPHICS_IN_THREAD = `
// A chart's points read (by index) and cells written at most.
const MAX_CHART_POINTS = 10000;
const CHART_CELLS = 100000;
const graphicName = (element) => element.tagName.replace(/^.*:/, '');
const graphicChildren = (element, name) => [...element.children].filter((child) => graphicName(child) === name);
const graphicDescendants = (element, name) => [...element.querySelectorAll('*')].filter((child) => graphicName(child) === name);
const graphicText = (text) => text.replace(/\\s+/g, ' ').trim();
const graphicCell = (text) => graphicText(text).replace(/\\|/g, '\\\\|');
// A cached value as the chart shows it: percentages and dates by the cache's number format.
function chartValue(text, format) {
  const value = graphicText(text);
  const number = Number(value);
  if (value === '' || !Number.isFinite(number)) return value;
  const plain = (n) => String(Number(n.toPrecision(15)));
  const code = (format || '').replace(/"[^"]*"|\\[[^\\]]*\\]|\\\\./g, '');
  if (/%/.test(code)) return plain(number * 100) + '%';
  // A date format: days or years, no digit placeholders, not a named one (General, Standard).
  if (/[dy]/i.test(code) && !/[#0?]|general|standard/i.test(code) && number > 0 && number < 2958466) {
    const date = new Date(Math.round((number - 25569) * 86400) * 1000);
    const day = date.toISOString().slice(0, 10);
    const clock = date.toISOString().slice(11, 16);
    return /[hs]/i.test(code) && clock !== '00:00' ? day + ' ' + clock : day;
  }
  return plain(number);
}
// The points a series' c:tx, c:cat, c:val (or c:xVal, c:yVal) caches, by index.
function chartPoints(reference, maxPoints) {
  if (!reference) return [];
  const cache = [...reference.querySelectorAll('*')].find((element) => ['strCache', 'numCache', 'strLit', 'numLit', 'lvl'].includes(graphicName(element)));
  if (!cache) {
    const value = graphicChildren(reference, 'v')[0];
    return value ? [graphicText(value.textContent)] : [];
  }
  const formatCode = graphicChildren(cache, 'formatCode')[0];
  const format = formatCode ? formatCode.textContent : '';
  const points = [];
  for (const point of graphicChildren(cache, 'pt')) {
    const index = Number(point.getAttribute('idx'));
    const value = graphicChildren(point, 'v')[0];
    if (!Number.isInteger(index) || index < 0 || index >= maxPoints || !value) continue;
    const own = graphicChildren(point, 'formatCode')[0];
    points[index] = chartValue(value.textContent, own ? own.textContent : format);
  }
  return points;
}
const runsText = (element) => graphicDescendants(element, 'p').map((paragraph) => graphicDescendants(paragraph, 't').map((run) => run.textContent).join('')).map(graphicText).filter(Boolean).join(' ');
function chartLines(document, maxPoints) {
  const chart = graphicDescendants(document, 'chart')[0];
  const plotArea = chart && graphicChildren(chart, 'plotArea')[0];
  if (!plotArea) return [];
  // The series the chart shows (c:ser in c:barChart, c:lineChart…), not those filtered out (c15:ser in an extension list).
  const series = graphicDescendants(plotArea, 'ser').filter((ser) => /Chart$/.test(graphicName(ser.parentNode))).map((ser, n) => {
    const name = chartPoints(graphicChildren(ser, 'tx')[0], 1)[0];
    return {
      name: name || 'Series ' + (n + 1),
      categories: chartPoints(graphicChildren(ser, 'cat')[0] || graphicChildren(ser, 'xVal')[0], maxPoints),
      values: chartPoints(graphicChildren(ser, 'val')[0] || graphicChildren(ser, 'yVal')[0], maxPoints),
    };
  });
  const titleElement = graphicChildren(chart, 'title')[0];
  const titleText = titleElement && graphicChildren(titleElement, 'tx')[0];
  let title = titleText ? runsText(titleText) || chartPoints(titleText, 1)[0] || '' : '';
  const deleted = graphicChildren(chart, 'autoTitleDeleted')[0];
  if (!title && titleElement && series.length === 1 && !(deleted && /^(?:1|true)$/.test(deleted.getAttribute('val')))) title = series[0].name;
  const lines = [title ? 'Chart: ' + graphicText(title) : 'Chart'];
  if (series.length === 0) return lines;
  const categories = (series.find((one) => one.categories.length > 0) || { categories: [] }).categories;
  // At most CHART_CELLS cells: a chart of many series and a far point index is mostly empty cells.
  const rows = Math.min(series.reduce((most, one) => Math.max(most, one.values.length), categories.length), Math.floor(CHART_CELLS / (series.length + 1)));
  lines.push('|  | ' + series.map((one) => graphicCell(one.name)).join(' | ') + ' |', '|' + ' --- |'.repeat(series.length + 1));
  for (let row = 0; row < rows; row += 1) {
    lines.push('| ' + [categories.length > 0 ? categories[row] || '' : String(row + 1), ...series.map((one) => one.values[row] || '')].map(graphicCell).join(' | ') + ' |');
  }
  return lines;
}
function diagramLines(document) {
  const points = new Map();
  const order = [];
  for (const point of graphicDescendants(document, 'pt')) {
    const type = point.getAttribute('type') || 'node';
    const id = point.getAttribute('modelId');
    if (id === null || points.has(id)) continue;
    const text = graphicChildren(point, 't')[0];
    points.set(id, { type, text: text ? runsText(text) : '' });
    order.push(id);
  }
  const children = new Map();
  for (const connection of graphicDescendants(document, 'cxn')) {
    if ((connection.getAttribute('type') || 'parOf') !== 'parOf') continue;
    const parent = connection.getAttribute('srcId');
    if (!children.has(parent)) children.set(parent, []);
    children.get(parent).push({ id: connection.getAttribute('destId'), order: Number(connection.getAttribute('srcOrd')) || 0 });
  }
  const lines = [];
  const seen = new Set();
  // Depth first with a stack of its own (a hostile chain of nodes is deep), indentation capped.
  const visit = (root) => {
    const stack = [{ id: root, depth: 0 }];
    while (stack.length > 0) {
      const { id, depth } = stack.pop();
      if (seen.has(id) || !points.has(id)) continue;
      seen.add(id);
      const point = points.get(id);
      let below = depth;
      if ((point.type === 'node' || point.type === 'asst') && point.text !== '') {
        lines.push('  '.repeat(Math.min(depth, 8)) + '- ' + point.text);
        below = depth + 1;
      }
      const next = (children.get(id) || []).slice().sort((a, b) => b.order - a.order);
      for (const child of next) stack.push({ id: child.id, depth: below });
    }
  };
  for (const id of order) if (points.get(id).type === 'doc') visit(id);
  for (const id of order) if (!seen.has(id) && (points.get(id).type === 'node' || points.get(id).type === 'asst')) visit(id);
  return lines.length > 0 ? ['SmartArt:', ...lines] : [];
}
`;

/**
 * In the Word and Excel threads (`posix`, `strFromU8`, `DOMParser`, `DOCTYPE_IN_THREAD`,
 * `PART_SHAPE_IN_THREAD` and `GRAPHICS_IN_THREAD` in scope), over the unpacked `files`:
 * `parsedPart` parses a part after refusing a DOCTYPE and counting it (`maxElements`,
 * `maxDepth`), `partRelationships` gives a part's relationships by id (type and the path in the
 * archive they name), and `graphicOf` the lines of the chart (`c:chart r:id`) or SmartArt data
 * model (`dgm:relIds r:dm`) a relationship names, each part read once (`cache`).
 */
export const PARTS_IN_THREAD = `
function parsedPart(files, name, maxElements, maxDepth) {
  if (!Object.hasOwn(files, name)) return undefined;
  const text = strFromU8(files[name]);
  if (hasDoctype(text)) throw new Error('DOCTYPE in ' + name);
  checkPartShape(text, maxElements, maxDepth);
  return new DOMParser().parseFromString(text, 'text/xml');
}
function partRelationships(files, part, maxElements, maxDepth) {
  const found = new Map();
  const rels = parsedPart(files, posix.join(posix.dirname(part), '_rels', posix.basename(part) + '.rels'), maxElements, maxDepth);
  for (const rel of rels ? graphicDescendants(rels, 'Relationship') : []) {
    const target = rel.getAttribute('Target') || '';
    found.set(rel.getAttribute('Id'), { type: rel.getAttribute('Type') || '', path: target.startsWith('/') ? target.slice(1) : posix.join(posix.dirname(part), target) });
  }
  return found;
}
function graphicOf(files, relationships, kind, id, cache, maxElements, maxDepth) {
  const target = relationships.get(id);
  if (!target || !target.type.endsWith(kind === 'chart' ? '/chart' : '/diagramData')) return [];
  const key = kind + ' ' + target.path;
  if (!cache.has(key)) {
    const part = parsedPart(files, target.path, maxElements, maxDepth);
    cache.set(key, part ? (kind === 'chart' ? chartLines(part, MAX_CHART_POINTS) : diagramLines(part)) : []);
  }
  return cache.get(key);
}
`;

/**
 * mammoth and turndown in a thread of their own: a DOCX of 81 KB whose 38 MB of XML hold half a
 * million one-letter paragraphs kept the event loop 20 s and took the process to 2.9 GB. Its
 * word/*.xml parts are counted first (`MAX_DOCX_ELEMENTS` in all, `MAX_PART_DEPTH` deep) and one
 * with a DOCTYPE is unreadable, as a deck's are.
 */
const DOCX_WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { posix } = require('node:path');
const mammoth = require(workerData.modules.mammoth);
const { unzipSync, zipSync, strFromU8, strToU8 } = require(workerData.modules.fflate);
const { DOMParser } = require(workerData.modules.linkedom);
${TURNDOWN_IN_THREAD}
${DOCTYPE_IN_THREAD}
${PART_SHAPE_IN_THREAD}
${GRAPHICS_IN_THREAD}
${PARTS_IN_THREAD}
// Comments (mammoth reads them with a style for comment-reference): the mark where the comment
// ends ([AS1]: the author's initials, else those of the name, else C, and its number), and
// after the text "Comments:" with each one's mark, author and text, as an OpenDocument's.
const commentAuthors = new Map();
const commentInitials = (author) => author.split(/\\s+/).filter(Boolean).map((word) => String.fromCodePoint(word.codePointAt(0)).toUpperCase()).join('') || 'C';
function withCommentAuthors(document) {
  for (const comment of document.comments || []) {
    const author = (comment.authorName || '').replace(/\\s+/g, ' ').trim();
    commentAuthors.set('comment-' + comment.commentId, author);
    if (!(comment.authorInitials || '').trim()) comment.authorInitials = commentInitials(author);
  }
  return document;
}
turndown.addRule('commentReferences', {
  filter: (node) => node.nodeName === 'A' && /^#comment-(?:ref-)?\\d+$/.test(node.getAttribute('href') || ''),
  replacement: (content, node) => (/-ref-/.test(node.getAttribute('href')) ? '' : node.textContent.trim()),
});
turndown.addRule('comments', {
  filter: (node) => node.nodeName === 'DL' && Array.from(node.children).some((child) => child.nodeName === 'DT' && /^comment-\\d+$/.test(child.getAttribute('id') || '')),
  replacement: (content, node) => {
    const lines = [];
    for (const term of Array.from(node.children).filter((child) => child.nodeName === 'DT')) {
      const mark = term.textContent.replace(/^\\s*Comment\\s*/, '').trim();
      const author = commentAuthors.get(term.getAttribute('id')) || '';
      const body = term.nextElementSibling && term.nextElementSibling.nodeName === 'DD' ? term.nextElementSibling.textContent.replace(/↑\\s*$/, '').replace(/\\s+/g, ' ').trim() : '';
      lines.push(mark + ' ' + (author ? author + ': ' : '') + body);
    }
    return '\\n\\nComments:\\n' + lines.join('\\n') + '\\n\\n';
  },
});
// An inline or floating drawing of the body that holds no other drawing (a text box may hold one).
const DRAWING = /<w:drawing\\b[^>]*>(?:(?!<w:drawing\\b)[\\s\\S])*?<\\/w:drawing>/g;
const attributeOf = (tag, element, attribute) => {
  const found = new RegExp('<(?:[\\\\w.-]+:)?' + element + '\\\\b[^>]*?\\\\s[\\\\w.-]+:' + attribute + '\\\\s*=\\\\s*(["\\x27])([^"\\x27<]*)\\\\1').exec(tag);
  return found ? found[2] : undefined;
};
parentPort.once('message', async ({ bytes, maxElements, maxDepth }) => {
  try {
    const files = unzipSync(bytes);
    // The Word XML mammoth parses and the charts and diagrams read here, counted first (elements
    // over all parts, nesting per part).
    let left = maxElements;
    for (const [name, part] of Object.entries(files)) {
      if (!/^word\\/(?:(?:charts|diagrams)\\/)?[^/]+\\.xml$/.test(name)) continue;
      const xml = strFromU8(part);
      if (hasDoctype(xml)) throw new Error('DOCTYPE in ' + name);
      left -= checkPartShape(xml, left, maxDepth);
    }
    // A chart's or SmartArt diagram's drawing (which mammoth skips) becomes a mark in the text,
    // replaced by its lines once turndown has written the rest.
    const graphics = [];
    let input = bytes;
    // The body's part, as mammoth finds it: the package's officeDocument relationship (word/document.xml as Word names it).
    const main = [...partRelationships(files, '', maxElements, maxDepth).values()].find((rel) => rel.type.endsWith('/officeDocument'));
    const mainPart = main && Object.hasOwn(files, main.path) ? main.path : 'word/document.xml';
    const body = files[mainPart] ? strFromU8(files[mainPart]) : '';
    if (/<(?:[\\w.-]+:)?(?:chart|relIds)\\b/.test(body)) {
      const relationships = partRelationships(files, mainPart, maxElements, maxDepth);
      const cache = new Map();
      const marked = body.replace(DRAWING, (drawing) => {
        const chart = attributeOf(drawing, 'chart', 'id');
        const diagram = chart === undefined ? attributeOf(drawing, 'relIds', 'dm') : undefined;
        const lines = chart !== undefined ? graphicOf(files, relationships, 'chart', chart, cache, maxElements, maxDepth) : diagram !== undefined ? graphicOf(files, relationships, 'diagram', diagram, cache, maxElements, maxDepth) : [];
        if (lines.length === 0) return drawing;
        graphics.push(lines.join('\\n'));
        return '<w:t xml:space="preserve">\\uE010' + (graphics.length - 1) + '\\uE011</w:t>';
      });
      if (graphics.length > 0) {
        files[mainPart] = strToU8(marked);
        input = zipSync(files, { level: 0 });
      }
    }
    // Pictures are not read: their bytes would be inlined as base64 (see embeddedImages).
    const { value } = await mammoth.convertToHtml({ buffer: Buffer.from(input.buffer, input.byteOffset, input.byteLength) }, { convertImage: mammoth.images.imgElement(async () => ({ src: '' })), styleMap: ['comment-reference => sup'], transformDocument: withCommentAuthors });
    let text = turndown.turndown(value);
    if (graphics.length > 0) text = text.replace(/ *\\uE010(\\d+)\\uE011 */g, (mark, n) => '\\n\\n' + (graphics[Number(n)] || '') + '\\n\\n').replace(/\\n{3,}/g, '\\n\\n');
    parentPort.postMessage({ text: text.trim() });
  } catch (error) {
    parentPort.postMessage(error instanceof TooLarge ? { failed: true, tooLarge: true } : { failed: true });
  }
});
`;

const DOCX_MODULES = (() => {
  const require = createRequire(import.meta.url);
  return { mammoth: require.resolve('mammoth'), turndown: require.resolve('turndown'), fflate: require.resolve('fflate'), linkedom: require.resolve('linkedom') };
})();

/**
 * Elements a Word file's XML may hold in all before mammoth parses it: mammoth's tree of
 * 150,000 plain paragraphs (450,000 elements) ran its thread out of its 512 MB, 100,000 (300,000)
 * read in about 8 s; a 500-page report holds about 100,000. Like a deck's parts, a Word file
 * past it would risk ending the whole process rather than its thread (nodejs/node#47224).
 */
export const MAX_DOCX_ELEMENTS = 400_000;

/**
 * A Word document's text as Markdown (mammoth, turndown), in a thread of its own with a capped
 * heap (`PdfTextOptions`: ended when `signal` aborts or after `timeoutMs`, default 30 s), after
 * its ZIP was checked against `MAX_OFFICE_UNPACKED_BYTES`.
 */
export async function docxText(bytes: Uint8Array, options: PdfTextOptions = {}): Promise<string> {
  await checkOfficeZip(bytes, 'DOCX', () => true);
  const { text } = await inTurn(documentTurns, options, DOCUMENT_LIMIT, (signal) => inOneShotThread<{ text: string }>(DOCX_WORKER_SOURCE, { modules: DOCX_MODULES }, { maxElements: MAX_DOCX_ELEMENTS, maxDepth: MAX_PART_DEPTH }, bytes, options.maxHeapMb ?? 512, signal, 'not a readable DOCX'));
  return cutText(text);
}

/** Said after a spreadsheet's or a deck's text when it went on beyond `MAX_TEXT_CHARS` (for the model). */
export const OFFICE_CUT_NOTE = '[The rest of this file was not read: it goes on beyond the text Tomo reads from one file.]';

/**
 * The parts of an XLSX read-excel-file reads (its filter: the XML parts and their
 * relationships), the only ones checked and unpacked.
 */
const XLSX_PARTS = /\.xml(?:\.rels)?$/i;

/**
 * read-excel-file in a thread of its own. Its unzipper reads the archive as a stream, by the
 * local headers, where the size check reads the central directory (as fflate does): a hostile
 * ZIP can hide entries from the one that the other sees. So fflate unpacks the parts the check
 * counted and stores them in a fresh ZIP that read-excel-file then reads. Each sheet is a
 * `## Sheet: <name>` and a Markdown table (the first row as its header), dates as ISO dates,
 * empty rows left out, up to `maxChars`.
 *
 * `Date.now` stands still in this thread: read-excel-file parses a sheet in chunks, parses a tag
 * cut by a chunk's end again with the next chunk, and halves the chunk when one took over 7 ms.
 * A tag of a megabyte (one long attribute: 3 KB zipped) took longer each time, the chunk fell
 * to 0 bytes (and below: 1.6e-232) and the thread parsed the same tag until the 30 s were up.
 * With the clock still, chunks only grow and such a sheet reads in a second. Nothing read
 * here needs the time (dates are the cells' serial numbers).
 */
const XLSX_WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { posix } = require('node:path');
const { strFromU8, unzipSync, zipSync } = require(workerData.modules.fflate);
const readXlsxFile = require(workerData.modules.readExcelFile);
const { DOMParser } = require(workerData.modules.linkedom);
${DOCTYPE_IN_THREAD}
${BUDGET_IN_THREAD}
${PART_SHAPE_IN_THREAD}
${GRAPHICS_IN_THREAD}
${PARTS_IN_THREAD}
// Each sheet's charts (by the sheet's name in xl/workbook.xml), in its drawing's order: the
// workbook's relationships name the sheet's part, the sheet's its drawing (xdr:wsDr), the
// drawing's each chart it anchors.
function sheetCharts(parts, maxElements, maxDepth) {
  const charts = new Map();
  const workbook = parsedPart(parts, 'xl/workbook.xml', maxElements, maxDepth);
  if (!workbook) return charts;
  const sheets = partRelationships(parts, 'xl/workbook.xml', maxElements, maxDepth);
  const cache = new Map();
  for (const sheet of graphicDescendants(workbook, 'sheet')) {
    const id = ([...sheet.attributes].find((found) => found.name.endsWith(':id')) || {}).value;
    const part = sheets.get(id);
    if (!part || charts.has(sheet.getAttribute('name'))) continue;
    const lines = [];
    for (const drawing of partRelationships(parts, part.path, maxElements, maxDepth).values()) {
      if (!drawing.type.endsWith('/drawing')) continue;
      const document = parsedPart(parts, drawing.path, maxElements, maxDepth);
      if (!document) continue;
      const relationships = partRelationships(parts, drawing.path, maxElements, maxDepth);
      for (const chart of graphicDescendants(document, 'chart')) {
        const chartId = ([...chart.attributes].find((found) => found.name.endsWith(':id')) || {}).value;
        lines.push(graphicOf(parts, relationships, 'chart', chartId, cache, maxElements, maxDepth));
      }
    }
    charts.set(sheet.getAttribute('name'), lines.filter((chart) => chart.length > 0));
  }
  return charts;
}
const ENTITIES = { amp: '&', apos: "'", gt: '>', lt: '<', quot: '"' };
// An attribute's value as read-excel-file's parser (saxen) gives it: character references decoded.
const attributeValue = (value) => value.replace(/&#(\\d+);|&#x([0-9a-f]+);|&(\\w+);/gi, (found, decimal, hex, name) =>
  decimal ? String.fromCharCode(decimal) : hex ? String.fromCharCode(parseInt(hex, 16)) : (Object.hasOwn(ENTITIES, name.toLowerCase()) ? ENTITIES[name.toLowerCase()] : found));
// The cells read-excel-file makes of a sheet: every row up to the last one with a value, each
// as wide as the widest (cells are placed by their r="B7" and rows by their r="7"). The
// attribute is read as XML allows it (either quote, spaces around =, character references)
// and its value as read-excel-file reads it: a row is Number(r) ("1e9" too), a cell's column
// adds 26 times over each character's code less 64 up to the first digit ("z" and "~" too):
// read as r="XFD1048576" alone, r='XFD1048576' or r="&#88;FD1048576" made the same 17 billion
// cells. A tag ends at the next "<" (XML allows none in a value), so the scan stays linear.
function cellsFilled(xml) {
  let rows = 0;
  let columns = 0;
  for (const [, tag, attributes] of xml.matchAll(/<(?:[\\w.-]+:)?(row|c)((?:\\s(?:[^<>"']|"[^<"]*"|'[^<']*')*)?)\\/?>/g)) {
    const found = /(?:^|\\s)r\\s*=\\s*(?:"([^"]*)"|'([^']*)')/.exec(attributes);
    if (!found) continue;
    const r = attributeValue(found[1] !== undefined ? found[1] : found[2]);
    if (tag === 'row') {
      rows = Math.max(rows, Number(r) || 0);
      continue;
    }
    const digit = r.search(/\\d/);
    if (digit < 0) continue;
    let column = 0;
    for (let at = 0; at < digit; at += 1) column = column * 26 + r.charCodeAt(at) - 64;
    columns = Math.max(columns, column);
    rows = Math.max(rows, Number(r.slice(digit)) || 0);
  }
  return rows * columns;
}
// The sheets Excel hides (state="hidden" or "veryHidden" in xl/workbook.xml), by name as read-excel-file gives it.
function hiddenSheets(xml) {
  const hidden = new Set();
  for (const [, attributes] of xml.matchAll(/<(?:[\\w.-]+:)?sheet(\\s(?:[^<>"']|"[^<"]*"|'[^<']*')*)\\/?>/g)) {
    const value = (name) => {
      const found = new RegExp('(?:^|\\\\s)' + name + '\\\\s*=\\\\s*(?:"([^"]*)"|\\'([^\\']*)\\')').exec(attributes);
      return found ? attributeValue(found[1] !== undefined ? found[1] : found[2]) : undefined;
    };
    if (value('state') === 'hidden' || value('state') === 'veryHidden') hidden.add(value('name'));
  }
  return hidden;
}
const pad = (n) => String(n).padStart(2, '0');
function cellText(value) {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    // A serial number of 15 digits (as Excel and LibreOffice write them) comes back a millisecond
    // off (09:30 as 09:29:59.999): rounded to the second, as Excel shows it.
    value = new Date(Math.round(value.getTime() / 1000) * 1000);
    const day = value.getUTCFullYear() + '-' + pad(value.getUTCMonth() + 1) + '-' + pad(value.getUTCDate());
    const seconds = value.getUTCSeconds();
    const clock = pad(value.getUTCHours()) + ':' + pad(value.getUTCMinutes()) + (seconds ? ':' + pad(seconds) : '');
    if (clock === '00:00') return day;
    // A time of day alone is a date on the day before Excel's first (its serial number is under 1).
    return day === '1899-12-30' || day === '1899-12-31' ? clock : day + ' ' + clock;
  }
  if (value === true) return 'TRUE';
  if (value === false) return 'FALSE';
  return String(value).replace(/\\s*[\\r\\n]+\\s*/g, ' ').replace(/\\|/g, '\\\\|').trim();
}
parentPort.once('message', async ({ bytes, maxChars, cutNote, maxCells, maxElements, maxDepth }) => {
  try {
    const parts = unzipSync(bytes, { filter: (file) => ${XLSX_PARTS.toString()}.test(file.name) });
    for (const [name, part] of Object.entries(parts)) {
      const xml = strFromU8(part);
      if (hasDoctype(xml)) return parentPort.postMessage({ failed: true });
      if (name.startsWith('xl/worksheets/') && !(cellsFilled(xml) <= maxCells)) return parentPort.postMessage({ failed: true, tooLarge: true });
    }
    const hidden = parts['xl/workbook.xml'] ? hiddenSheets(strFromU8(parts['xl/workbook.xml'])) : new Set();
    // Charts are read when the workbook has any; one too large (or broken) leaves the charts out, not the cells.
    let charts = new Map();
    try {
      if (Object.keys(parts).some((name) => name.startsWith('xl/charts/'))) charts = sheetCharts(parts, maxElements, maxDepth);
    } catch {
      charts = new Map();
    }
    const clean = zipSync(parts, { level: 0 });
    // From here on the clock stands still (see above; fflate's zipSync dates the entries with it).
    Date.now = () => 0;
    const sheets = await readXlsxFile(Buffer.from(clean.buffer, clean.byteOffset, clean.byteLength));
    const lines = budget(maxChars, cutNote, '\\n', true);
    const add = lines.add;
    for (const { sheet, data } of sheets) {
      const rows = data.map((row) => row.map(cellText)).filter((cells) => cells.some((cell) => cell !== ''));
      let width = 0;
      for (const cells of rows) {
        let last = cells.length;
        while (last > width && cells[last - 1] === '') last -= 1;
        width = Math.max(width, last);
      }
      if (!lines.empty && !add('')) break;
      if (!add('## Sheet: ' + sheet + (hidden.has(sheet) ? ' (hidden)' : ''))) break;
      if (rows.length === 0 && !add('(empty)')) break;
      for (let n = 0; n < rows.length && !lines.cut; n += 1) {
        const cells = rows[n].slice(0, width);
        while (cells.length < width) cells.push('');
        if (add('| ' + cells.join(' | ') + ' |') && n === 0) add('|' + ' --- |'.repeat(width));
      }
      // The sheet's charts after its cells, each after a blank line.
      for (const chart of charts.get(sheet) || []) {
        if (lines.cut || !add('')) break;
        for (const line of chart) if (!add(line)) break;
      }
      if (lines.cut) break;
    }
    const empty = sheets.every(({ data }) => data.every((row) => row.every((cell) => cellText(cell) === ''))) && [...charts.values()].every((chart) => chart.length === 0);
    parentPort.postMessage({ text: empty ? '' : lines.text() });
  } catch {
    parentPort.postMessage({ failed: true });
  }
});
`;

/**
 * The parts of a PPTX read: the presentation and its relationships (the slides' order), the
 * slides and the notes pages with theirs, and the charts and SmartArt diagrams they show.
 */
const PPTX_PARTS = /^ppt\/(?:presentation\.xml|_rels\/presentation\.xml\.rels|(?:slides|notesSlides)\/(?:_rels\/)?[^/]+\.xml(?:\.rels)?|(?:charts|diagrams)\/[^/]+\.xml)$/;

/**
 * A deck's text in a thread of its own: fflate unpacks only `PPTX_PARTS`, linkedom parses their
 * XML (leniently: a broken part gives the text before the break). Slides in the order of
 * ppt/presentation.xml's slide list (their relationships name the parts; file names say
 * nothing of the order), each `## Slide N` then its shapes' paragraphs as lines (a table's rows
 * as `| a | b |`, a chart or SmartArt diagram as `GRAPHICS_IN_THREAD` writes it), then its
 * speaker notes; slide numbers, dates and footers left out. A chart or diagram part is read once
 * however many times slides show it, and counted like a slide before it is parsed.
 *
 * Before linkedom parses a part, its elements and their nesting are counted (`partShape`):
 * linkedom takes about 460 bytes of heap for each element, so 1 million empty elements (6 MB
 * of XML, 20 KB zipped) filled the thread's 512 MB, and 500,000 slide ids in
 * ppt/presentation.xml (16 MB) ended the whole process, not just the thread (Node stops a
 * thread at its heap limit only for some shapes of allocation: nodejs/node#47224); nesting
 * costs time squared (100,000 nested groups, 6 KB zipped: 15 s). A part of over
 * `MAX_PART_ELEMENTS` elements or nested deeper than `MAX_PART_DEPTH` makes the deck too
 * large; one with a DOCTYPE (`DOCTYPE_IN_THREAD`) unreadable. A slide or notes part the deck
 * lists more than once is read once: 10,000 ids naming one slide made it parse 10,000 times.
 */
const PPTX_WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { posix } = require('node:path');
const { unzipSync, strFromU8 } = require(workerData.modules.fflate);
const { DOMParser } = require(workerData.modules.linkedom);
${DOCTYPE_IN_THREAD}
${PART_SHAPE_IN_THREAD}
${BUDGET_IN_THREAD}
${GRAPHICS_IN_THREAD}
const local = (element) => element.tagName.replace(/^.*:/, '');
const elements = (root, name) => [...root.querySelectorAll('*')].filter((element) => local(element) === name);
// The lines of the chart or SmartArt diagram a slide's relationship names (set for each slide).
let graphicLines = () => [];
const attribute = (element, name) => (element.hasAttribute(name) ? element.getAttribute(name) : undefined);
// The relationship an element names (r:id, whatever the prefix of the relationships' namespace).
const relationshipId = (element) => ([...element.attributes].find((found) => found.name.endsWith(':id')) || {}).value;
const ASIDE = new Set(['sldNum', 'dt', 'ftr', 'hdr', 'sldImg']);
function paragraphText(paragraph) {
  let text = '';
  const collect = (element) => {
    for (const child of element.children) {
      const name = local(child);
      if (name === 't') text += child.textContent;
      else if (name === 'br') text += '\\n';
      else collect(child);
    }
  };
  collect(paragraph);
  return text.replace(/[^\\S\\n]+/g, ' ').trim();
}
function textLines(element, lines) {
  for (const child of element.children) {
    const name = local(child);
    if (name === 'sp' && elements(child, 'ph').some((ph) => ASIDE.has(attribute(ph, 'type')))) continue;
    if (name === 'pic') {
      // A picture's alt text (PowerPoint's title and description on its cNvPr), as a Word file's and an ODP's are read.
      const properties = elements(child, 'cNvPr')[0];
      const alt = properties ? [attribute(properties, 'title'), attribute(properties, 'descr')].map((text) => (text || '').replace(/\\s+/g, ' ').trim()).filter(Boolean).join(': ') : '';
      if (alt !== '') lines.push('[image: ' + alt + ']');
      continue;
    }
    if (name === 'p') {
      const line = paragraphText(child);
      if (line !== '') lines.push(line);
    } else if (name === 'chart' || name === 'relIds') {
      // A chart (c:chart r:id) or a SmartArt diagram (dgm:relIds r:dm: its data model) where it sits.
      const id = name === 'chart' ? relationshipId(child) : ([...child.attributes].find((found) => found.name.endsWith(':dm')) || {}).value;
      lines.push(...graphicLines(name, id));
    } else if (name === 'tbl') {
      // A table's rows as a Markdown table, the first row with text as its header.
      let header = true;
      for (const row of [...child.children].filter((found) => local(found) === 'tr')) {
        const cells = [...row.children].filter((cell) => local(cell) === 'tc').map((cell) => elements(cell, 'p').map(paragraphText).filter(Boolean).join(' ').replace(/\\n/g, ' ').replace(/\\|/g, '\\\\|'));
        if (!cells.some(Boolean)) continue;
        lines.push('| ' + cells.join(' | ') + ' |');
        if (header) lines.push('|' + ' --- |'.repeat(cells.length));
        header = false;
      }
    } else {
      textLines(child, lines);
    }
  }
  return lines;
}
parentPort.once('message', ({ bytes, maxChars, cutNote, maxElements, maxDepth }) => {
  try {
    const parts = unzipSync(bytes, { filter: (file) => ${PPTX_PARTS.toString()}.test(file.name) });
    const xml = (name) => {
      if (!Object.hasOwn(parts, name)) return undefined;
      const text = strFromU8(parts[name]);
      if (hasDoctype(text)) throw new Error('DOCTYPE');
      checkPartShape(text, maxElements, maxDepth);
      return new DOMParser().parseFromString(text, 'text/xml');
    };
    const read = new Set();
    // A chart or diagram part's lines, read once however often slides show it.
    const graphics = new Map();
    // A part's relationships (its folder's _rels/<name>.rels), by id, as paths in the archive.
    const relationships = (part) => {
      const rels = xml(posix.join(posix.dirname(part), '_rels', posix.basename(part) + '.rels'));
      const found = new Map();
      for (const rel of rels ? elements(rels, 'Relationship') : []) {
        const target = attribute(rel, 'Target') || '';
        found.set(attribute(rel, 'Id'), { type: attribute(rel, 'Type') || '', path: target.startsWith('/') ? target.slice(1) : posix.join(posix.dirname(part), target) });
      }
      return found;
    };
    const presentation = xml('ppt/presentation.xml');
    if (!presentation) throw new Error('no presentation');
    const slides = relationships('ppt/presentation.xml');
    const blocks = budget(maxChars, cutNote, '\\n\\n', false);
    let text = false;
    let number = 0;
    for (const id of elements(presentation, 'sldId')) {
      const slide = slides.get(relationshipId(id));
      if (!slide || read.has(slide.path)) continue;
      read.add(slide.path);
      const document = xml(slide.path);
      if (!document) continue;
      number += 1;
      const slideRelationships = relationships(slide.path);
      graphicLines = (kind, id) => {
        const target = slideRelationships.get(id);
        if (!target || !target.type.endsWith(kind === 'chart' ? '/chart' : '/diagramData')) return [];
        const key = kind + ' ' + target.path;
        if (!graphics.has(key)) {
          const part = xml(target.path);
          graphics.set(key, part ? (kind === 'chart' ? chartLines(part, MAX_CHART_POINTS) : diagramLines(part)) : []);
        }
        return graphics.get(key);
      };
      const lines = textLines(document, []);
      const notesPart = [...slideRelationships.values()].find((rel) => rel.type.endsWith('/notesSlide') && !read.has(rel.path));
      if (notesPart) read.add(notesPart.path);
      const notesDocument = notesPart && xml(notesPart.path);
      graphicLines = () => [];
      const notes = notesDocument ? textLines(notesDocument, []) : [];
      if (lines.length + notes.length > 0) text = true;
      const hidden = attribute(document.documentElement, 'show') === '0' ? ' (hidden)' : '';
      if (!blocks.add(['## Slide ' + number + hidden, ...lines, ...(notes.length > 0 ? ['', 'Speaker notes:', ...notes] : [])].join('\\n'))) break;
    }
    parentPort.postMessage({ text: text ? blocks.text() : '' });
  } catch (error) {
    parentPort.postMessage(error instanceof TooLarge ? { failed: true, tooLarge: true } : { failed: true });
  }
});
`;

/**
 * Elements one part of a deck may have before linkedom parses it (about 90 MB of its heap):
 * a slide of a 50 × 20 table holds about 20,000.
 */
export const MAX_PART_ELEMENTS = 200_000;
/** Nesting one part of a deck may have: PowerPoint's groups in groups stay within a few dozen. */
export const MAX_PART_DEPTH = 1_000;

/**
 * A Word 97–2003 document (`.doc`, an OLE compound file) read by word-extractor (ADR 95) in a
 * thread of its own, like a DOCX: the body, then text boxes, footnotes and endnotes, paragraphs as
 * lines.
 * word-extractor reads a ZIP (a DOCX) too, through yauzl and without the ZIP check, so only the
 * OLE signature is handed to it; a `.doc` that is really a DOCX goes to `docxText` before.
 */
const DOC_WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const WordExtractor = require(workerData.modules.wordExtractor);
parentPort.once('message', async ({ bytes, maxChars, cutNote }) => {
  try {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (buffer.length < 8 || buffer.readUInt32BE(0) !== 0xd0cf11e0 || buffer.readUInt32BE(4) !== 0xa1b11ae1) throw new Error('not an OLE file');
    const document = await new WordExtractor().extract(buffer);
    const clean = (text) => text.replace(/\\r\\n?/g, '\\n').replace(/[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f]/g, '').replace(/[ \\t]+$/gm, '').replace(/\\n{3,}/g, '\\n\\n').trim();
    const parts = [clean(document.getBody())];
    // Word keeps a text box's words apart from the body (the body holds only its anchor).
    const textboxes = clean(document.getTextboxes({ includeHeadersAndFooters: false }));
    if (textboxes !== '') parts.push('Text boxes:\\n' + textboxes);
    const footnotes = clean(document.getFootnotes());
    if (footnotes !== '') parts.push('Footnotes:\\n' + footnotes);
    const endnotes = clean(document.getEndnotes());
    if (endnotes !== '') parts.push('Endnotes:\\n' + endnotes);
    const text = parts.filter((part) => part !== '').join('\\n\\n');
    parentPort.postMessage({ text: text.length > maxChars ? text.slice(0, maxChars) + '\\n\\n' + cutNote : text });
  } catch {
    parentPort.postMessage({ failed: true });
  }
});
`;

/**
 * A Word 97–2003 document's text (`DOC_WORKER_SOURCE`), read as `xlsxText` reads a workbook: in
 * a thread with a capped heap and the documents' time limit. A `.doc` whose bytes are a ZIP
 * (a DOCX renamed, or saved with the old extension) is read as the DOCX it is.
 */
export async function docText(bytes: Uint8Array, options: PdfTextOptions = {}): Promise<string> {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) return docxText(bytes, options);
  return officeTextInThread(DOC_WORKER_SOURCE, bytes, options, 'not a readable DOC');
}

const OFFICE_MODULES = (() => {
  const require = createRequire(import.meta.url);
  return {
    fflate: require.resolve('fflate'),
    readExcelFile: require.resolve('read-excel-file/node'),
    linkedom: require.resolve('linkedom'),
    wordExtractor: require.resolve('word-extractor'),
  };
})();

/**
 * An Excel workbook's text (every sheet, `XLSX_WORKER_SOURCE`), up to `MAX_TEXT_CHARS` and then
 * `OFFICE_CUT_NOTE`, read as a DOCX is: its ZIP checked against `MAX_OFFICE_UNPACKED_BYTES`,
 * then a thread of its own with a capped heap, ended when `signal` aborts or after `timeoutMs`.
 * A sheet of more than `MAX_SHEET_CELLS` cells, or one that takes more memory than the heap, is
 * `too_large`.
 */
export async function xlsxText(bytes: Uint8Array, options: PdfTextOptions = {}): Promise<string> {
  await checkOfficeZip(bytes, 'XLSX', (name) => XLSX_PARTS.test(name));
  return officeTextInThread(XLSX_WORKER_SOURCE, bytes, options, 'not a readable XLSX', { maxCells: MAX_SHEET_CELLS, maxElements: MAX_PART_ELEMENTS, maxDepth: MAX_PART_DEPTH });
}

/**
 * Cells of one sheet read-excel-file may fill in, counted before it reads (`cellsFilled`): it
 * makes every row up to the last as wide as the widest, so a workbook of 2 KB whose two cells
 * are A1 and XFD1048576 made 17 billion empty cells and ran its thread out of memory after
 * seconds of work. 100,000 rows of 50 columns still read.
 */
export const MAX_SHEET_CELLS = 5_000_000;

/** A PowerPoint deck's text (`PPTX_WORKER_SOURCE`), read as `xlsxText` reads a workbook. */
export async function pptxText(bytes: Uint8Array, options: PdfTextOptions = {}): Promise<string> {
  await checkOfficeZip(bytes, 'PPTX', (name) => PPTX_PARTS.test(name));
  return officeTextInThread(PPTX_WORKER_SOURCE, bytes, options, 'not a readable PPTX', { maxElements: MAX_PART_ELEMENTS, maxDepth: MAX_PART_DEPTH });
}

export async function officeTextInThread(source: string, bytes: Uint8Array, options: PdfTextOptions, broken: string, limits: object = {}): Promise<string> {
  const message = { maxChars: MAX_TEXT_CHARS - OFFICE_CUT_NOTE.length - 2, cutNote: OFFICE_CUT_NOTE, ...limits };
  const { text } = await inTurn(documentTurns, options, DOCUMENT_LIMIT, (signal) => inOneShotThread<{ text: string }>(source, { modules: OFFICE_MODULES }, message, bytes, options.maxHeapMb ?? 512, signal, broken));
  return text;
}

/**
 * Checks an Office file's ZIP before anything reads it: the parts `read` says its reader reads
 * must unpack to at most `MAX_OFFICE_UNPACKED_BYTES`, first by the sizes the central directory
 * declares (a "zip bomb": 100 MB of repeated text deflated to 0.1 MB, refused before anything
 * is unpacked), then by inflating them: the declared sizes are the writer's word, and a hostile
 * ZIP says 2 KB and inflates to gigabytes, which JSZip (in mammoth) holds whole before it
 * compares. They are inflated off the event loop and stopped at the cap, keeping nothing.
 */
export async function checkOfficeZip(bytes: Uint8Array, kind: 'DOCX' | 'XLSX' | 'PPTX' | 'OpenDocument file', read: (name: string) => boolean): Promise<void> {
  const unpacked = zipUnpackedBytes(bytes, read);
  if (unpacked === undefined) throw new DocumentTextError(`not a readable ${kind}`);
  if (unpacked > MAX_OFFICE_UNPACKED_BYTES) throw new DocumentTextError(`the ${kind} unpacks to too much`, 'too_large');
  await checkZipInflatesWithin(bytes, MAX_OFFICE_UNPACKED_BYTES, kind, read);
}

/**
 * The sum of the sizes a ZIP archive's entries whose names pass `read` declare unpacked (its
 * central directory), or undefined when it is no ZIP. ZIP64 sizes (0xFFFFFFFF: over 4 GB) count
 * as infinite, and so does an archive with a ZIP64 end record: fflate and JSZip take their
 * entries' count and place from that record, which this check does not read.
 */
function zipUnpackedBytes(bytes: Uint8Array, read: (name: string) => boolean): number | undefined {
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
  if (end >= 20 && view.readUInt32LE(end - 20) === 0x07064b50) return Number.POSITIVE_INFINITY;
  const entries = view.readUInt16LE(end + 10);
  let at = view.readUInt32LE(end + 16);
  let total = 0;
  for (let n = 0; n < entries; n += 1) {
    if (at + 46 > view.length || view.readUInt32LE(at) !== 0x02014b50) return entries === 0xffff ? Number.POSITIVE_INFINITY : undefined;
    const size = view.readUInt32LE(at + 24);
    const nameLength = view.readUInt16LE(at + 28);
    if (read(view.toString('utf8', at + 46, at + 46 + nameLength))) total += size === 0xffffffff ? Number.POSITIVE_INFINITY : size;
    at += 46 + nameLength + view.readUInt16LE(at + 30) + view.readUInt16LE(at + 32);
  }
  return total;
}

/**
 * Inflates each entry whose name passes `read` of a ZIP whose central directory
 * `zipUnpackedBytes` has read (where JSZip and fflate find its data: the local header at the
 * directory's offset, then the directory's compressed size), keeping nothing, and throws
 * `too_large` once the bytes they really unpack to pass `maxBytes` (zlib's `maxOutputLength`
 * stops there), `unsupported` for data that does not inflate.
 */
async function checkZipInflatesWithin(bytes: Uint8Array, maxBytes: number, kind: string, read: (name: string) => boolean): Promise<void> {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const broken = () => new DocumentTextError(`not a readable ${kind}`);
  const tooLarge = () => new DocumentTextError(`the ${kind} unpacks to too much`, 'too_large');
  let end = view.length - 22;
  while (end >= 0 && view.readUInt32LE(end) !== 0x06054b50) end -= 1;
  const entries = view.readUInt16LE(end + 10);
  let at = view.readUInt32LE(end + 16);
  let total = 0;
  for (let n = 0; n < entries; n += 1) {
    const method = view.readUInt16LE(at + 10);
    const compressed = view.readUInt32LE(at + 20);
    const local = view.readUInt32LE(at + 42);
    const nameLength = view.readUInt16LE(at + 28);
    const name = view.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + view.readUInt16LE(at + 30) + view.readUInt16LE(at + 32);
    if (!read(name)) continue;
    if (local + 30 > view.length || view.readUInt32LE(local) !== 0x04034b50) throw broken();
    const start = local + 30 + view.readUInt16LE(local + 26) + view.readUInt16LE(local + 28);
    const data = view.subarray(start, start + compressed);
    if (method === 0) {
      total += data.length;
    } else if (method === 8) {
      try {
        total += (await inflateRawAsync(data, { maxOutputLength: Math.max(1, maxBytes - total + 1) })).length;
      } catch (error) {
        if (error instanceof RangeError) throw tooLarge();
        throw broken();
      }
    } else {
      throw broken();
    }
    if (total > maxBytes) throw tooLarge();
  }
}
