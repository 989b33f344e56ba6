import { BUDGET_IN_THREAD, checkOfficeZip, DOCTYPE_IN_THREAD, MAX_DOCX_ELEMENTS, MAX_PART_DEPTH, MAX_SHEET_CELLS, officeTextInThread, PART_SHAPE_IN_THREAD } from './office-text';
import type { PdfTextOptions } from './document-text';

/**
 * OpenDocument files (ODF 1.x: LibreOffice's own format, Google's "download as"): text `.odt`,
 * spreadsheet `.ods`, presentation `.odp`, read as a PPTX is (ADR 94): the ZIP checked, then
 * fflate and linkedom in a thread of their own. Only `content.xml` (the whole body of every
 * kind), `styles.xml` (the list styles a text's lists may name) and `META-INF/manifest.xml` (to
 * tell an encrypted file) are unpacked and counted.
 */
const ODF_PARTS = /^(?:content\.xml|styles\.xml|META-INF\/manifest\.xml)$/;

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
 * Word 97–2003 file's are, its comments marked where they end and read after them, as a DOCX's
 * are (`commentMark`), its numbered lists with their numbers (`listLines`); tracked deletions,
 * ruby (furigana) and a table of contents (a copy of the headings) are left out. A spreadsheet is
 * read from the text of its body, row by row, up to the budget (`spreadsheetText`).
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
// A text document's comments as they are met (their lines), and the marks of those whose range
// ends later (office:annotation-end), by name; null where comments are left out.
let comments = null;
let commentEnds = new Map();
// The names of the comments whose range ends with an office:annotation-end.
let rangeEnds = new Set();
// List styles by name: each level's numbering ({ format, prefix, suffix, start }) or null for bullets.
let listStyles = new Map();
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
    if (name === 'annotation' && comments) {
      commentMark(child, parts);
      continue;
    }
    if (name === 'annotation-end' && comments) {
      const mark = commentEnds.get(child.getAttribute('office:name'));
      if (mark) parts.push(mark);
      commentEnds.delete(child.getAttribute('office:name'));
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
      const row = rowCells(child, textOf);
      if (!row) continue;
      count += row.times;
      width = Math.max(width, row.cells.length);
      if (count * width > maxCells) throw new TooLarge();
      rows.push(row);
    }
  };
  visit(table);
  return { rows, width };
}
// A row's cells and how often it repeats ({ cells, times }), or null for a row without text.
function rowCells(row, textOf) {
  const cells = [];
  let empty = 0;
  for (const cell of row.children) {
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
  return cells.length === 0 ? null : { cells, times: repeated(row, 'table:number-rows-repeated') };
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
      const lines = listLines(child, 0, [], undefined);
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
// The list styles (text:list-style) of content.xml's automatic styles and styles.xml's styles:
// a level numbered (text:list-level-style-number) with its format, prefix, suffix and first number.
function readListStyles(roots) {
  const found = new Map();
  for (const root of roots) {
    for (const holder of [...root.children].filter((child) => local(child) === 'automatic-styles' || local(child) === 'styles')) {
      for (const style of [...holder.children].filter((child) => local(child) === 'list-style')) {
        const levels = new Map();
        for (const level of style.children) {
          const number = Math.floor(Number(level.getAttribute('text:level'))) || 1;
          if (local(level) !== 'list-level-style-number') {
            levels.set(number, null);
            continue;
          }
          const format = level.getAttribute('style:num-format');
          levels.set(number, format === '' ? null : {
            format: format || '1',
            prefix: level.getAttribute('style:num-prefix') || '',
            suffix: level.hasAttribute('style:num-suffix') ? level.getAttribute('style:num-suffix') : '.',
            start: Math.floor(Number(level.getAttribute('text:start-value'))) || 1,
          });
        }
        if (!found.has(style.getAttribute('style:name'))) found.set(style.getAttribute('style:name'), levels);
      }
    }
  }
  return found;
}
// A list item's number as its level's style:num-format writes it (1, a, A, i, I; others as 1).
function formatNumber(number, format) {
  if (format === 'a' || format === 'A') {
    let letters = '';
    for (let n = number; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(97 + ((n - 1) % 26)) + letters;
    return format === 'A' ? letters.toUpperCase() : letters;
  }
  if ((format === 'i' || format === 'I') && number > 0 && number < 4000) {
    let roman = '';
    let left = number;
    for (const [value, digits] of [[1000, 'm'], [900, 'cm'], [500, 'd'], [400, 'cd'], [100, 'c'], [90, 'xc'], [50, 'l'], [40, 'xl'], [10, 'x'], [9, 'ix'], [5, 'v'], [4, 'iv'], [1, 'i']]) {
      for (; left >= value; left -= value) roman += digits;
    }
    return format === 'I' ? roman.toUpperCase() : roman;
  }
  return String(number);
}
// Where each top-level list's numbering ended, by its xml:id and by its style's name, for the
// lists that continue it (text:continue-list, text:continue-numbering).
let listEnds = new Map();
let styleEnds = new Map();
// A list's lines: '- ' for a bulleted level, its number (1., a), iv.) for a numbered one.
function listLines(list, depth, lines, inheritedStyle) {
  const indent = '  '.repeat(depth);
  const styleName = list.getAttribute('text:style-name') || inheritedStyle;
  const levels = listStyles.get(styleName);
  const level = levels ? levels.get(depth + 1) : null;
  let number;
  if (depth === 0) {
    const continued = list.getAttribute('text:continue-list');
    if (continued && listEnds.has(continued)) number = listEnds.get(continued);
    else if (list.getAttribute('text:continue-numbering') === 'true' && styleEnds.has(styleName)) number = styleEnds.get(styleName);
  }
  if (number === undefined) number = (level ? level.start : 1) - 1;
  for (const item of list.children) {
    if (local(item) !== 'list-item' && local(item) !== 'list-header') continue;
    const start = Math.floor(Number(item.getAttribute('text:start-value')));
    if (start >= 1) number = start - 1;
    let first = true;
    for (const child of item.children) {
      if (local(child) === 'list') {
        listLines(child, depth + 1, lines, styleName);
        continue;
      }
      for (const block of textBlocks({ children: [child] }, [])) {
        let marker = '- ';
        if (first && level && local(item) === 'list-item') {
          number += 1;
          marker = level.prefix + formatNumber(number, level.format) + level.suffix + ' ';
        }
        lines.push(block.split('\\n').map((line, n) => (first && n === 0 ? indent + marker : indent + '  ') + line).join('\\n'));
        first = false;
      }
    }
  }
  if (depth === 0) {
    if (list.getAttribute('xml:id')) listEnds.set(list.getAttribute('xml:id'), number);
    if (styleName) styleEnds.set(styleName, number);
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
// A spreadsheet read from content.xml's text from its office:body (at from), not parsed whole:
// each sheet's start tag, and its rows with text in batches of about ROW_BATCH characters, are
// parsed on their own, and rows are read only until the text budget is full, so a sheet of
// 50,000 rows costs the rows that fit, not a tree of every cell (which past MAX_ODF_ELEMENTS
// made the file too large, and without that limit ran the thread out of heap after a minute).
// A row without text (no character data, date or boolean) is not parsed. Sheets come as they
// did when the tree was parsed whole; a sheet cut by the budget is padded to the widest of the
// rows read.
const SHEET_TAGS = /<(\\/?)(?:[\\w.-]+:)?(table|table-row)(?=[\\s\\/>])(?:[^<>"']|"[^<"]*"|'[^<']*')*?(\\/?)>/g;
const ROW_TAGS = /<(\\/?)(?:[\\w.-]+:)?table-row(?=[\\s\\/>])(?:[^<>"']|"[^<"]*"|'[^<']*')*?(\\/?)>/g;
const ROW_BATCH = 256 * 1024;
function spreadsheetText(xml, from, maxChars, cutNote, maxElements, maxDepth) {
  const lines = budget(maxChars, cutNote, '\\n', true);
  const add = lines.add;
  let text = false;
  // Elements parsed so far (rows whose text is all left out, such as comments, add nothing to
  // the budget): past four times a document's allowance the rest is left unread.
  let parsed = 0;
  let full = false;
  const parse = (fragment) => {
    parsed += checkPartShape(fragment, maxElements, maxDepth);
    return new DOMParser().parseFromString('<fragment>' + fragment + '</fragment>', 'text/xml').documentElement;
  };
  let sheet = null;
  let batch = [];
  let batched = 0;
  // The rows batched so far, parsed together and added to the sheet.
  const flush = () => {
    if (batch.length === 0) return;
    const fragment = parse(batch.join(''));
    batch = [];
    batched = 0;
    for (const element of fragment ? fragment.children : []) {
      const row = rowCells(element, sheetCell);
      if (!row) continue;
      sheet.count += row.times;
      sheet.width = Math.max(sheet.width, row.cells.length);
      if (sheet.count * sheet.width > maxCells) throw new TooLarge();
      sheet.rows.push(row);
      // What the row's lines take at least (each cell and its " | ", times its repeats).
      sheet.chars += row.cells.reduce((sum, cell) => sum + cell.length + 3, 2) * row.times;
      if (sheet.chars > maxChars) {
        full = true;
        break;
      }
    }
    if (parsed > maxElements * 4) full = true;
  };
  const finish = () => {
    flush();
    const done = sheet;
    sheet = null;
    if (!lines.empty && !add('')) return false;
    if (!add('## Sheet: ' + done.name + done.hidden)) return false;
    if (done.rows.length === 0 && !add('(empty)')) return false;
    if (done.rows.length > 0) text = true;
    eachRow(done, add);
    return !lines.cut;
  };
  const tags = new RegExp(SHEET_TAGS.source, 'g');
  tags.lastIndex = from;
  for (let found = tags.exec(xml); found && !full; found = tags.exec(xml)) {
    const [tag, close, name, selfClosing] = found;
    if (name === 'table') {
      if (close === '/') {
        if (sheet && !finish()) break;
        continue;
      }
      // A sheet's start tag (name, style), parsed alone.
      if (sheet) continue;
      const element = parse(selfClosing === '/' ? tag : tag.slice(0, -1) + '/>').firstElementChild;
      sheet = { name: (element && element.getAttribute('table:name')) || '', hidden: element ? hiddenMark(element, 'table:style-name') : '', rows: [], width: 0, count: 0, chars: 0 };
      if (selfClosing === '/' && !finish()) break;
      continue;
    }
    if (close === '/' || !sheet || selfClosing === '/') continue;
    // The row's XML, up to the end tag that closes it (a row may hold a table of its own).
    const rowTags = new RegExp(ROW_TAGS.source, 'g');
    rowTags.lastIndex = tags.lastIndex;
    let depth = 1;
    let end = -1;
    for (let inner = rowTags.exec(xml); inner; inner = rowTags.exec(xml)) {
      if (inner[1] === '/') depth -= 1;
      else if (inner[2] !== '/') depth += 1;
      if (depth === 0) {
        end = rowTags.lastIndex;
        break;
      }
    }
    // Broken XML: the rows before the break are read, as linkedom reads the text before one.
    if (end < 0) break;
    tags.lastIndex = end;
    const rowXml = xml.slice(found.index, end);
    if (!/>\\s*[^\\s<]/.test(rowXml) && !/office:(?:date|boolean)-value/.test(rowXml)) continue;
    batch.push(rowXml);
    batched += rowXml.length;
    if (batched >= ROW_BATCH) flush();
  }
  // A sheet the budget filled, or left open by broken XML, is read as far as it went.
  if (sheet && !lines.cut) finish();
  // Rows left unread that the budget did not cut (too many elements parsed): a piece that cannot
  // fit cuts it, so the cut note says the rest was not read.
  if (full && !lines.cut) add('x'.repeat(maxChars + 1));
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
// A comment's mark ([initials and number], as mammoth marks a Word file's) where its range ends
// (office:annotation-end of its name) or, for a comment on a point, where it stands; its author
// and text kept for the end.
function commentMark(annotation, parts) {
  const creator = [...annotation.children].find((child) => local(child) === 'creator');
  const author = creator ? creator.textContent.replace(/\\s+/g, ' ').trim() : '';
  const mark = '[' + commentInitials(author) + (comments.length + 1) + ']';
  const text = textBlocks(annotation, []).join(' ').replace(/\\s*\\n\\s*/g, ' ');
  comments.push(mark + ' ' + (author ? author + ': ' : '') + text);
  const name = annotation.getAttribute('office:name');
  if (name && rangeEnds.has(name)) commentEnds.set(name, mark);
  else parts.push(mark);
}
// A comment's author as initials (Aiko Sato: AS), or C for a comment without one.
const commentInitials = (author) => author.split(' ').filter(Boolean).map((word) => String.fromCodePoint(word.codePointAt(0)).toUpperCase()).join('') || 'C';
function documentText(body, maxChars, cutNote) {
  notes = [];
  comments = [];
  rangeEnds = new Set([...body.querySelectorAll('*')].filter((element) => local(element) === 'annotation-end').map((element) => element.getAttribute('office:name')));
  const blocks = textBlocks(body, []);
  for (const [endnote, heading] of [[false, 'Footnotes:'], [true, 'Endnotes:']]) {
    const lines = notes.filter((note) => note.endnote === endnote).map((note) => note.line);
    if (lines.length > 0) blocks.push(heading + '\\n' + lines.join('\\n'));
  }
  if (comments.length > 0) blocks.push('Comments:\\n' + comments.join('\\n'));
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
    // A spreadsheet is read from the text of its body (spreadsheetText); only the part before
    // the body (its styles) is parsed here. Any other kind is parsed whole, after counting.
    const bodyAt = xml.search(/<(?:[\\w.-]+:)?body[\\s>]/);
    const kind = bodyAt >= 0 ? /^<(?:[\\w.-]+:)?body[^<>]*>\\s*<(?:[\\w.-]+:)?([\\w-]+)/.exec(xml.slice(bodyAt, bodyAt + 1000)) : null;
    const streamed = kind !== null && kind[1] === 'spreadsheet';
    const parsedXml = streamed ? xml.slice(0, bodyAt) + '</office:document-content>' : xml;
    checkPartShape(parsedXml, maxElements, maxDepth);
    const root = new DOMParser().parseFromString(parsedXml, 'text/xml').documentElement;
    if (!root || local(root) !== 'document-content') throw new Error('no document-content');
    hidingStyles = stylesHiding(root);
    if (streamed) return parentPort.postMessage({ text: spreadsheetText(xml, bodyAt, maxChars, cutNote, maxElements, maxDepth) });
    // The list styles a text's lists name: its own automatic ones, then styles.xml's (LibreOffice's "Numbering 123").
    const stylesXml = parts['styles.xml'] && /<(?:[\\w.-]+:)?list\\b/.test(xml) ? strFromU8(parts['styles.xml']) : '';
    if (stylesXml !== '' && (hasDoctype(stylesXml) || !/^\\uFEFF?\\s*</.test(stylesXml))) throw new Error('not ODF XML');
    if (stylesXml !== '') checkPartShape(stylesXml, maxElements, maxDepth);
    const stylesRoot = stylesXml !== '' ? new DOMParser().parseFromString(stylesXml, 'text/xml').documentElement : null;
    listStyles = readListStyles(stylesRoot ? [root, stylesRoot] : [root]);
    const officeBody = [...root.children].find((child) => local(child) === 'body');
    const body = officeBody && [...officeBody.children].find((child) => ['text', 'spreadsheet', 'presentation'].includes(local(child)));
    if (!body) throw new Error('no text, spreadsheet or presentation');
    // A spreadsheet whose kind the look at its body's start missed (a comment before it), parsed whole within the allowance.
    if (local(body) === 'spreadsheet') return parentPort.postMessage({ text: spreadsheetText(xml, Math.max(0, bodyAt), maxChars, cutNote, maxElements, maxDepth) });
    const read = { text: documentText, presentation: presentationText }[local(body)];
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
