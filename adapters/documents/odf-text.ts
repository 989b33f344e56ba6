import { BUDGET_IN_THREAD, checkOfficeZip, DOCTYPE_IN_THREAD, MAX_DOCX_ELEMENTS, MAX_PART_DEPTH, MAX_SHEET_CELLS, officeTextInThread, PART_SHAPE_IN_THREAD } from './office-text';
import type { PdfTextOptions } from './document-text';

/**
 * OpenDocument files (ODF 1.x: LibreOffice's own format, Google's "download as"): text `.odt`,
 * spreadsheet `.ods`, presentation `.odp`, read as a PPTX is (ADR 94): the ZIP checked, then
 * fflate and linkedom in a thread of their own. Only `content.xml` (the whole body of every
 * kind) and `META-INF/manifest.xml` (to tell an encrypted file) are unpacked and counted.
 */
const ODF_PARTS = /^(?:content\.xml|META-INF\/manifest\.xml)$/;

/**
 * Elements content.xml may hold before linkedom parses it. Unlike a deck's slides it is one part
 * holding the whole document, as a Word file's word/document.xml does, so it gets a Word file's
 * allowance (`MAX_DOCX_ELEMENTS`); linkedom takes about 460 bytes of heap an element.
 */
export const MAX_ODF_ELEMENTS = MAX_DOCX_ELEMENTS;

/**
 * The thread. The body's one child tells the kind (`office:text`, `office:spreadsheet`,
 * `office:presentation`; a drawing or anything else is not read). Elements are known by their
 * local names, attributes by ODF's prefixes (`text:`, `table:`, `office:`), which every writer
 * uses. Whitespace is collapsed as ODF says (§6.1.2: runs of spaces, tabs and line feeds are one
 * space) and `text:s`, `text:tab` and `text:line-break` put theirs back. A text document's
 * footnotes and endnotes are marked where they are cited (`[1]`) and read after its text, as a
 * Word 97–2003 file's are; comments, tracked deletions, ruby (furigana) and a table of contents
 * (a copy of the headings) are left out.
 *
 * `table:number-rows-repeated` and `table:number-columns-repeated` stand for rows and cells
 * written once: LibreOffice ends a sheet whose columns have a style with one empty row repeated
 * up to row 1,048,576 and cells repeated to column 16,384. Empty rows and trailing empty cells
 * are dropped without being expanded; the rest may fill at most `maxCells` cells a table
 * (counted before anything is expanded), else the file is too large.
 */
const ODF_WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { unzipSync, strFromU8 } = require(workerData.modules.fflate);
const { DOMParser } = require(workerData.modules.linkedom);
${DOCTYPE_IN_THREAD}
${PART_SHAPE_IN_THREAD}
${BUDGET_IN_THREAD}
const local = (element) => element.tagName.replace(/^.*:/, '');
// Cells one table's repeats may fill (set from the message).
let maxCells = 0;
const SKIP = new Set(['note', 'annotation', 'tracked-changes', 'ruby-text', 'table-of-content', 'sequence-decls', 'page-thumbnail', 'forms', 'binary-data', 'title', 'desc']);
// Spaces, tabs and breaks the markup asks for, kept apart from the text's own whitespace until it is collapsed.
const SPACE = '\\uE000';
const TAB = '\\uE001';
const BREAK = '\\uE002';
// The automatic styles that hide a sheet (table:display="false") or a slide (presentation:visibility="hidden"), by name; set from content.xml.
let hidingStyles = new Set();
function stylesHiding(root) {
  const hiding = new Set();
  const styles = [...root.children].find((child) => local(child) === 'automatic-styles');
  for (const style of styles ? styles.children : []) {
    if (local(style) !== 'style') continue;
    const hides = (child) =>
      (local(child) === 'table-properties' && child.getAttribute('table:display') === 'false') ||
      (local(child) === 'drawing-page-properties' && child.getAttribute('presentation:visibility') === 'hidden');
    if ([...style.children].some(hides)) hiding.add(style.getAttribute('style:name'));
  }
  return hiding;
}
const hiddenMark = (element, styleAttribute) => (hidingStyles.has(element.getAttribute(styleAttribute)) ? ' (hidden)' : '');
// A text document's footnotes and endnotes as they are met ({ endnote, line }); null where notes are left out.
let notes = null;
function inline(element, parts) {
  for (const child of element.childNodes) {
    if (child.nodeType === 3 || child.nodeType === 4) {
      parts.push(child.textContent.replace(/[\\s\\uE000-\\uE002]+/g, ' '));
      continue;
    }
    if (child.nodeType !== 1) continue;
    const name = local(child);
    if (name === 'note' && notes) {
      noteMark(child, parts);
      continue;
    }
    if (SKIP.has(name)) continue;
    if (name === 's') parts.push(SPACE.repeat(Math.min(100, Math.max(1, Math.floor(Number(child.getAttribute('text:c'))) || 1))));
    else if (name === 'tab') parts.push(TAB);
    else if (name === 'line-break') parts.push(BREAK);
    else if (name === 'p' || name === 'h') {
      parts.push(' ');
      inline(child, parts);
      parts.push(' ');
    } else {
      if (name === 'frame') parts.push(' ', imageText(child), ' ');
      inline(child, parts);
    }
  }
  return parts;
}
const finish = (parts) => parts.join('').replace(/ {2,}/g, ' ').trim().replace(/\\uE000/g, ' ').replace(/\\uE001/g, '\\t').replace(/\\uE002/g, '\\n');
const paragraphText = (element) => finish(inline(element, []));
// A picture's or a shape's alt text ([image: title: description]), if it has one.
function imageText(frame) {
  const alt = [...frame.children].filter((child) => local(child) === 'title' || local(child) === 'desc').map((child) => child.textContent.replace(/\\s+/g, ' ').trim()).filter(Boolean).join(': ');
  return alt === '' ? '' : '[image: ' + alt + ']';
}
const repeated = (element, name) => {
  const times = Math.floor(Number(element.getAttribute(name)));
  return times >= 1 ? times : 1;
};
const cellLine = (text) => text.replace(/\\s*[\\r\\n]+\\s*/g, ' ').replace(/\\|/g, '\\\\|').trim();
// A table's rows (header rows, row groups), each as its cells' texts: repeats expanded, empty
// rows and trailing empty cells dropped unexpanded; throws TooLarge past maxCells.
function tableRows(table, textOf) {
  const rows = [];
  let width = 0;
  let count = 0;
  const visit = (element) => {
    for (const child of element.children) {
      const name = local(child);
      if (name === 'table-header-rows' || name === 'table-rows' || name === 'table-row-group') visit(child);
      if (name !== 'table-row') continue;
      const cells = [];
      let empty = 0;
      for (const cell of child.children) {
        const kind = local(cell);
        if (kind !== 'table-cell' && kind !== 'covered-table-cell') continue;
        const times = repeated(cell, 'table:number-columns-repeated');
        const text = textOf(cell);
        if (text === '') {
          empty += times;
          continue;
        }
        if (cells.length + empty + times > maxCells) throw new TooLarge();
        for (; empty > 0; empty -= 1) cells.push('');
        for (let n = 0; n < times; n += 1) cells.push(text);
      }
      if (cells.length === 0) continue;
      const times = repeated(child, 'table:number-rows-repeated');
      count += times;
      width = Math.max(width, cells.length);
      if (count * width > maxCells) throw new TooLarge();
      rows.push({ cells, times });
    }
  };
  visit(table);
  return { rows, width };
}
// Each line of the table as a Markdown table (the first row its header, then the --- row),
// repeats written out, calling line until it returns false.
function eachRow({ rows, width }, line) {
  let header = true;
  for (const { cells, times } of rows) {
    const padded = cells.concat(Array(width - cells.length).fill(''));
    const text = '| ' + padded.join(' | ') + ' |';
    for (let n = 0; n < times; n += 1) {
      if (!line(text)) return;
      if (header && !line('|' + ' --- |'.repeat(width))) return;
      header = false;
    }
  }
}
// A table cell's text on one line: its paragraphs, lists and any table inside it, as words.
const cellText = (cell) => cellLine(finish(inline(cell, [])));
// A text body's blocks as Markdown: headings, paragraphs, lists, tables, pictures' alt text.
function textBlocks(element, blocks) {
  for (const child of element.children) {
    const name = local(child);
    if (SKIP.has(name)) continue;
    if (name === 'h') {
      const text = paragraphText(child).replace(/\\n/g, ' ');
      const level = Math.min(6, Math.max(1, Math.floor(Number(child.getAttribute('text:outline-level'))) || 1));
      if (text !== '') blocks.push('#'.repeat(level) + ' ' + text);
    } else if (name === 'p') {
      const text = paragraphText(child);
      if (text !== '') blocks.push(text);
    } else if (name === 'list') {
      const lines = listLines(child, 0, []);
      if (lines.length > 0) blocks.push(lines.join('\\n'));
    } else if (name === 'table') {
      const lines = [];
      eachRow(tableRows(child, cellText), (line) => lines.push(line) > 0);
      if (lines.length > 0) blocks.push(lines.join('\\n'));
    } else if (name === 'frame') {
      const alt = imageText(child);
      if (alt !== '') blocks.push(alt);
      textBlocks(child, blocks);
    } else {
      textBlocks(child, blocks);
    }
  }
  return blocks;
}
function listLines(list, depth, lines) {
  const indent = '  '.repeat(depth);
  for (const item of list.children) {
    if (local(item) !== 'list-item' && local(item) !== 'list-header') continue;
    let first = true;
    for (const child of item.children) {
      if (local(child) === 'list') {
        listLines(child, depth + 1, lines);
        continue;
      }
      for (const block of textBlocks({ children: [child] }, [])) {
        lines.push(block.split('\\n').map((line, n) => (first && n === 0 ? indent + '- ' : indent + '  ') + line).join('\\n'));
        first = false;
      }
    }
  }
  return lines;
}
// A sheet's cell: dates as ISO dates, booleans as TRUE/FALSE, else the text it shows.
function sheetCell(cell) {
  const type = cell.getAttribute('office:value-type');
  const date = type === 'date' && /^(-?\\d{4,}-\\d\\d-\\d\\d)(?:T(\\d\\d):(\\d\\d)(?::(\\d\\d))?)?/.exec(cell.getAttribute('office:date-value') || '');
  if (date) {
    const [, day, hours = '00', minutes = '00', seconds = '00'] = date;
    if (hours + minutes + seconds === '000000') return day;
    return day + ' ' + hours + ':' + minutes + (seconds === '00' ? '' : ':' + seconds);
  }
  const truth = type === 'boolean' ? cell.getAttribute('office:boolean-value') : null;
  if (truth === 'true' || truth === 'false') return truth.toUpperCase();
  return cellText(cell);
}
function spreadsheetText(body, maxChars, cutNote) {
  const lines = budget(maxChars, cutNote, '\\n', true);
  const add = lines.add;
  let text = false;
  for (const table of [...body.children].filter((child) => local(child) === 'table')) {
    const sheet = tableRows(table, sheetCell);
    if (!lines.empty && !add('')) break;
    if (!add('## Sheet: ' + (table.getAttribute('table:name') || '') + hiddenMark(table, 'table:style-name'))) break;
    if (sheet.rows.length === 0 && !add('(empty)')) break;
    if (sheet.rows.length > 0) text = true;
    eachRow(sheet, add);
    if (lines.cut) break;
  }
  return text ? lines.text() : '';
}
// A slide's lines, as a PPTX's: paragraphs, a table's rows, pictures' alt text; page numbers,
// dates, headers and footers left out.
const ASIDE = new Set(['page-number', 'date-time', 'header', 'footer', 'page']);
function slideLines(element, lines) {
  for (const child of element.children) {
    const name = local(child);
    if (SKIP.has(name) || name === 'notes') continue;
    if (ASIDE.has(child.getAttribute('presentation:class'))) continue;
    if (name === 'p' || name === 'h') {
      const text = paragraphText(child);
      if (text !== '') lines.push(...text.split('\\n'));
    } else if (name === 'table') {
      eachRow(tableRows(child, cellText), (line) => lines.push(line) > 0);
    } else {
      if (name === 'frame' || name === 'custom-shape') {
        const alt = imageText(child);
        if (alt !== '') lines.push(alt);
      }
      slideLines(child, lines);
    }
  }
  return lines;
}
function presentationText(body, maxChars, cutNote) {
  const blocks = budget(maxChars, cutNote, '\\n\\n', false);
  let text = false;
  let number = 0;
  for (const page of [...body.children].filter((child) => local(child) === 'page')) {
    number += 1;
    const lines = slideLines(page, []);
    const notesPage = [...page.children].find((child) => local(child) === 'notes');
    const notes = notesPage ? slideLines(notesPage, []) : [];
    if (lines.length + notes.length > 0) text = true;
    if (!blocks.add(['## Slide ' + number + hiddenMark(page, 'draw:style-name'), ...lines, ...(notes.length > 0 ? ['', 'Speaker notes:', ...notes] : [])].join('\\n'))) break;
  }
  return text ? blocks.text() : '';
}
// A note's citation ([1], or the label it was given) where it stands, its text kept for the end.
function noteMark(note, parts) {
  const citation = [...note.children].find((child) => local(child) === 'note-citation');
  const body = [...note.children].find((child) => local(child) === 'note-body');
  const mark = '[' + ((citation && (citation.getAttribute('text:label') || citation.textContent.trim())) || '*') + ']';
  parts.push(mark);
  const text = body ? textBlocks(body, []).join(' ').replace(/\\s*\\n\\s*/g, ' ') : '';
  if (text !== '') notes.push({ endnote: note.getAttribute('text:note-class') === 'endnote', line: mark + ' ' + text });
}
function documentText(body, maxChars, cutNote) {
  notes = [];
  const blocks = textBlocks(body, []);
  for (const [endnote, heading] of [[false, 'Footnotes:'], [true, 'Endnotes:']]) {
    const lines = notes.filter((note) => note.endnote === endnote).map((note) => note.line);
    if (lines.length > 0) blocks.push(heading + '\\n' + lines.join('\\n'));
  }
  const text = blocks.join('\\n\\n');
  return text.length > maxChars ? text.slice(0, maxChars) + '\\n\\n' + cutNote : text;
}
parentPort.once('message', ({ bytes, maxChars, cutNote, maxElements, maxDepth, maxCells: cells }) => {
  maxCells = cells;
  try {
    const parts = unzipSync(bytes, { filter: (file) => ${ODF_PARTS.toString()}.test(file.name) });
    // An encrypted file's manifest says how each part was encrypted; its content.xml is no XML.
    const manifest = parts['META-INF/manifest.xml'] ? strFromU8(parts['META-INF/manifest.xml']) : '';
    if (/<(?:[\\w.-]+:)?encryption-data[\\s/>]/.test(manifest)) throw new Error('encrypted');
    if (!parts['content.xml']) throw new Error('no content.xml');
    const xml = strFromU8(parts['content.xml']);
    if (!/^\\uFEFF?\\s*</.test(xml) || hasDoctype(xml)) throw new Error('not ODF XML');
    checkPartShape(xml, maxElements, maxDepth);
    const root = new DOMParser().parseFromString(xml, 'text/xml').documentElement;
    if (!root || local(root) !== 'document-content') throw new Error('no document-content');
    hidingStyles = stylesHiding(root);
    const officeBody = [...root.children].find((child) => local(child) === 'body');
    const body = officeBody && [...officeBody.children].find((child) => ['text', 'spreadsheet', 'presentation'].includes(local(child)));
    if (!body) throw new Error('no text, spreadsheet or presentation');
    const read = { text: documentText, spreadsheet: spreadsheetText, presentation: presentationText }[local(body)];
    parentPort.postMessage({ text: read(body, maxChars, cutNote) });
  } catch (error) {
    parentPort.postMessage(error instanceof TooLarge ? { failed: true, tooLarge: true } : { failed: true });
  }
});
`;

/**
 * An OpenDocument text, spreadsheet or presentation (`ODF_WORKER_SOURCE`) as Markdown, read as
 * `pptxText` reads a deck: text as headings, paragraphs, `- ` lists and tables; every sheet as
 * `## Sheet: <name>` and a table as `xlsxText` writes one; each slide as `## Slide N`, its lines
 * and its speaker notes. An encrypted file, or one that is no ODF, is `unsupported`.
 */
export async function odfText(bytes: Uint8Array, options: PdfTextOptions = {}): Promise<string> {
  await checkOfficeZip(bytes, 'OpenDocument file', (name) => ODF_PARTS.test(name));
  return officeTextInThread(ODF_WORKER_SOURCE, bytes, options, 'not a readable OpenDocument file', { maxElements: MAX_ODF_ELEMENTS, maxDepth: MAX_PART_DEPTH, maxCells: MAX_SHEET_CELLS });
}
