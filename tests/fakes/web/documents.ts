import { crc32, deflateRawSync, deflateSync, inflateRawSync } from 'node:zlib';

/**
 * Small real documents for the readers: a PDF with text on its pages and a Word DOCX, built
 * byte by byte so no fixture binaries live in the repository.
 */

/** A PDF 1.4 file whose pages show `pages` (one string per page) in Helvetica. */
export function pdfWithText(pages: readonly string[], title?: string): Buffer {
  const escape = (text: string) => text.replace(/\\/g, '\\\\').replace(/\(/g, '\\(').replace(/\)/g, '\\)');
  const objects: string[] = [];
  const pageIds = pages.map((_, n) => 4 + n * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  pages.forEach((text, n) => {
    const stream = `BT /F1 12 Tf 72 720 Td (${escape(text)}) Tj ET`;
    objects[4 + n * 2] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${5 + n * 2} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`;
    objects[5 + n * 2] = `<< /Length ${Buffer.byteLength(stream)} >>\nstream\n${stream}\nendstream`;
  });
  const infoId = objects.length;
  objects[infoId] = `<< /Title (${escape(title ?? 'Untitled')}) >>`;
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets[id] = Buffer.byteLength(body);
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id += 1) body += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info ${infoId} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * A PDF of one page whose content stream (FlateDecode) inflates to `megabytes` MB of text
 * operators: a few hundred KB that pdf.js works on for many seconds and hundreds of MB.
 */
export function pdfInflatingTo(megabytes: number): Buffer {
  const operator = Buffer.from('BT /F1 12 Tf 72 720 Td (Hello lighthouse world) Tj ET\n');
  const stream = deflateSync(Buffer.alloc(megabytes * 1024 * 1024, operator), { level: 9 });
  const objects: Buffer[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R /Resources << /Font << /F1 3 0 R >> >> >>',
  ].map((object) => Buffer.from(object, 'latin1'));
  objects.push(Buffer.concat([Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'), stream, Buffer.from('\nendstream', 'latin1')]));
  const parts = [Buffer.from('%PDF-1.4\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((object, n) => {
    offsets.push(length);
    const part = Buffer.concat([Buffer.from(`${n + 1} 0 obj\n`, 'latin1'), object, Buffer.from('\nendobj\n', 'latin1')]);
    parts.push(part);
    length += part.length;
  });
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

/** A Word document with one heading and the given paragraphs. */
export function docxWithText(heading: string, paragraphs: readonly string[], options: { deflate?: boolean } = {}): Buffer {
  const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const paragraph = (text: string, style?: string) =>
    `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}<w:r><w:t xml:space="preserve">${xml(text)}</w:t></w:r></w:p>`;
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraph(heading, 'Heading1')}${paragraphs.map((p) => paragraph(p)).join('')}</w:body></w:document>`;
  return zip({
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
    'word/document.xml': document,
  }, options);
}

/**
 * A Word document whose one paragraph sits in `depth` content controls nested in one another
 * (`w:sdt` / `w:sdtContent`, as Word writes them; Word itself nests a few): 100,000 are 5 MB of
 * XML, a few KB deflated.
 */
export function docxNested(depth: number): Buffer {
  const bytes = docxWithText('Nested', ['Deep inside'], { deflate: true });
  const entries = zipEntries(bytes);
  const document = entries['word/document.xml']!.toString('utf8');
  const nested = document.replace(/<w:p><w:r>/, `${'<w:sdt><w:sdtContent>'.repeat(depth)}<w:p><w:r>`).replace(/<\/w:body>/, `${'</w:sdtContent></w:sdt>'.repeat(depth)}</w:body>`);
  return zip({ ...entries, 'word/document.xml': nested }, { deflate: true });
}

/**
 * A Word document that only holds pictures (a scanned form pasted in, a page of screenshots):
 * `count` PNGs drawn inline as Word writes them (`w:drawing` → `a:blip r:embed`), with
 * `paragraphs` of text after them, if any.
 */
export function docxWithImages(count: number, image: Buffer, paragraphs: readonly string[] = []): Buffer {
  const drawing = (n: number) =>
    `<w:p><w:r><w:drawing><wp:inline><wp:extent cx="952500" cy="952500"/><wp:docPr id="${n + 1}" name="Picture ${n + 1}"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="${n + 1}" name="image${n + 1}.png"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="rIdImage${n + 1}"/></pic:blipFill><pic:spPr/></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;
  const text = paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${p.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</w:t></w:r></w:p>`).join('');
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><w:body>${Array.from({ length: count }, (_, n) => drawing(n)).join('')}${text}</w:body></w:document>`;
  const media = Object.fromEntries(Array.from({ length: count }, (_, n) => [`word/media/image${n + 1}.png`, image]));
  return zip({
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
    'word/_rels/document.xml.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${Array.from({ length: count }, (_, n) => `<Relationship Id="rIdImage${n + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/image${n + 1}.png"/>`).join('')}</Relationships>`,
    'word/document.xml': document,
    ...media,
  });
}

/**
 * A "zip bomb" DOCX: `megabytes` MB of paragraphs in word/document.xml, deflated to a small
 * fraction (about 1:1000), as anyone can make one in a word processor with a long repeated text.
 */
export function docxBomb(megabytes: number): Buffer {
  const paragraph = 'A'.repeat(1_000);
  return docxWithText('Bomb', Array.from({ length: megabytes * 1_000 }, () => paragraph), { deflate: true });
}

/**
 * A DOCX whose word/document.xml inflates to `megabytes` MB of paragraphs while its central
 * directory and local header say it unpacks to 2 KB: ZIP sizes are the writer's word, and a
 * hostile one lies so that a check of the declared sizes passes. Its CRC is that of the bytes.
 */
export function docxLyingAboutSize(megabytes: number): Buffer {
  const paragraph = Buffer.from(`<w:p><w:r><w:t>${'A'.repeat(1_000)}</w:t></w:r></w:p>`);
  const body = Buffer.alloc(megabytes * 1024 * 1024, paragraph);
  const document = Buffer.concat([
    Buffer.from('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>'),
    body,
    Buffer.from('</w:body></w:document>'),
  ]);
  const honest = docxWithText('Bomb', [], { deflate: true });
  return zip({ ...zipEntries(honest), 'word/document.xml': document }, { deflate: true, declaredSizes: { 'word/document.xml': 2_048 } });
}

type Cell = string | number | boolean | Date | null;

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A1-style name of a 0-based column: 0 → A, 25 → Z, 26 → AA. */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/**
 * An Excel workbook as Excel writes one: its sheets' strings in xl/sharedStrings.xml, numbers
 * and booleans in the cells, dates as serial numbers styled with the built-in date format (14).
 * `sheetXml` replaces a sheet's XML as it is (a broken or hostile sheet).
 */
export function xlsxWithSheets(sheets: readonly { name: string; rows?: readonly (readonly Cell[])[]; sheetXml?: string; state?: 'hidden' | 'veryHidden' }[], options: { deflate?: boolean } = {}): Buffer {
  const strings: string[] = [];
  const stringIndex = (text: string) => {
    const at = strings.indexOf(text);
    return at >= 0 ? at : strings.push(text) - 1;
  };
  const cell = (value: Cell, ref: string) => {
    if (value === null) return '';
    if (typeof value === 'string') return `<c r="${ref}" t="s"><v>${stringIndex(value)}</v></c>`;
    if (typeof value === 'boolean') return `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
    // A date as its serial number, written as Excel and LibreOffice write it: 15 significant digits (09:30 is 45352.3958333333).
    if (value instanceof Date) return `<c r="${ref}" s="1"><v>${Number((value.getTime() / 86_400_000 + 25_569).toPrecision(15))}</v></c>`;
    return `<c r="${ref}"><v>${value}</v></c>`;
  };
  const sheetParts = sheets.map(
    (sheet) =>
      sheet.sheetXml ??
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${(sheet.rows ?? [])
        .map((row, r) => `<row r="${r + 1}">${row.map((value, c) => cell(value, `${columnName(c)}${r + 1}`)).join('')}</row>`)
        .join('')}</sheetData></worksheet>`,
  );
  const relationships = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return zip(
    {
      '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${sheets.map((_, n) => `<Override PartName="/xl/worksheets/sheet${n + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')}<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
      '_rels/.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${relationships}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${relationships}"><sheets>${sheets.map((sheet, n) => `<sheet name="${escapeXml(sheet.name)}" sheetId="${n + 1}"${sheet.state ? ` state="${sheet.state}"` : ''} r:id="rId${n + 1}"/>`).join('')}</sheets></workbook>`,
      'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets.map((_, n) => `<Relationship Id="rId${n + 1}" Type="${relationships}/worksheet" Target="worksheets/sheet${n + 1}.xml"/>`).join('')}<Relationship Id="rIdStyles" Type="${relationships}/styles" Target="styles.xml"/><Relationship Id="rIdStrings" Type="${relationships}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
      'xl/styles.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>`,
      ...Object.fromEntries(sheetParts.map((xml, n) => [`xl/worksheets/sheet${n + 1}.xml`, xml])),
      // After the sheets' XML was written, which collected the strings.
      'xl/sharedStrings.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings.length}" uniqueCount="${strings.length}">${strings.map((text) => `<si><t xml:space="preserve">${escapeXml(text)}</t></si>`).join('')}</sst>`,
    },
    options,
  );
}

/**
 * A PowerPoint deck: each slide's shapes (each a list of paragraphs; a paragraph's `\n` is a
 * line break inside it), a table's rows if any, and speaker notes if any. The slide parts are
 * numbered in `order` (default 1, 2, 3…): PowerPoint keeps a slide's part name when slides are
 * moved, so part names do not say the order; ppt/presentation.xml does.
 */
export function pptxWithSlides(
  slides: readonly { shapes?: readonly (readonly string[])[]; table?: readonly (readonly string[])[]; pictures?: readonly { title?: string; descr?: string }[]; notes?: readonly string[]; slideXml?: string }[],
  options: { order?: readonly number[]; deflate?: boolean } = {},
): Buffer {
  const order = options.order ?? slides.map((_, n) => n + 1);
  const drawing = 'http://schemas.openxmlformats.org/drawingml/2006/main';
  const relationships = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const paragraph = (text: string) => `<a:p>${text.split('\n').map((line) => `<a:r><a:rPr lang="en-US"/><a:t>${escapeXml(line)}</a:t></a:r>`).join('<a:br/>')}</a:p>`;
  const shape = (id: number, paragraphs: readonly string[], placeholder?: string) =>
    `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="Shape ${id}"/><p:cNvSpPr/><p:nvPr>${placeholder ? `<p:ph type="${placeholder}"/>` : ''}</p:nvPr></p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/>${paragraphs.map(paragraph).join('')}</p:txBody></p:sp>`;
  const table = (rows: readonly (readonly string[])[]) =>
    `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="90" name="Table"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm/><a:graphic><a:graphicData uri="${drawing}/table"><a:tbl>${rows.map((row) => `<a:tr h="370840">${row.map((text) => `<a:tc><a:txBody><a:bodyPr/>${paragraph(text)}</a:txBody></a:tc>`).join('')}</a:tr>`).join('')}</a:tbl></a:graphicData></a:graphic></p:graphicFrame>`;
  // A picture as PowerPoint writes one: its alt text (Format > Alt Text) on its cNvPr.
  const picture = (id: number, alt: { title?: string; descr?: string }) =>
    `<p:pic><p:nvPicPr><p:cNvPr id="${id}" name="Picture ${id}"${alt.title ? ` title="${escapeXml(alt.title)}"` : ''}${alt.descr ? ` descr="${escapeXml(alt.descr)}"` : ''}/><p:cNvPicPr/><p:nvPr/></p:nvPicPr><p:blipFill><a:blip r:embed="rId9"/></p:blipFill><p:spPr/></p:pic>`;
  const tree = (content: string) => `<p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${content}</p:spTree></p:cSld>`;
  const entries: Record<string, string> = {};
  const overrides: string[] = [];
  slides.forEach((slide, n) => {
    const part = order[n]!;
    const number = shape(99, [String(n + 1)], 'sldNum');
    entries[`ppt/slides/slide${part}.xml`] =
      slide.slideXml ??
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<p:sld xmlns:a="${drawing}" xmlns:r="${relationships}" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main">${tree((slide.shapes ?? []).map((paragraphs, s) => shape(s + 2, paragraphs, s === 0 ? 'title' : undefined)).join('') + (slide.table ? table(slide.table) : '') + (slide.pictures ?? []).map((alt, p) => picture(50 + p, alt)).join('') + number)}</p:sld>`;
    overrides.push(`<Override PartName="/ppt/slides/slide${part}.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/>`);
    if (slide.notes) {
      entries[`ppt/slides/_rels/slide${part}.xml.rels`] = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId2" Type="${relationships}/notesSlide" Target="../notesSlides/notesSlide${part}.xml"/></Relationships>`;
      entries[`ppt/notesSlides/notesSlide${part}.xml`] = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<p:notes xmlns:a="${drawing}" xmlns:r="${relationships}" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main">${tree(shape(2, [], 'sldImg') + shape(3, slide.notes, 'body') + shape(4, [String(n + 1)], 'sldNum'))}</p:notes>`;
      overrides.push(`<Override PartName="/ppt/notesSlides/notesSlide${part}.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.notesSlide+xml"/>`);
    }
  });
  return zip(
    {
      '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/>${overrides.join('')}</Types>`,
      '_rels/.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${relationships}/officeDocument" Target="ppt/presentation.xml"/></Relationships>`,
      'ppt/presentation.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<p:presentation xmlns:a="${drawing}" xmlns:r="${relationships}" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"><p:sldIdLst>${slides.map((_, n) => `<p:sldId id="${256 + n}" r:id="rId${10 + n}"/>`).join('')}</p:sldIdLst><p:sldSz cx="12192000" cy="6858000"/></p:presentation>`,
      'ppt/_rels/presentation.xml.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${slides.map((_, n) => `<Relationship Id="rId${10 + n}" Type="${relationships}/slide" Target="slides/slide${order[n]}.xml"/>`).join('')}</Relationships>`,
      ...entries,
    },
    options,
  );
}

/**
 * A workbook of one sheet whose cells are `megabytes` MB of XML (about 40 bytes a cell),
 * deflated as Excel writes it to a small fraction: "a sheet of millions of cells".
 */
export function xlsxOfManyCells(megabytes: number): Buffer {
  const row = (r: number) => `<row r="${r}">${Array.from({ length: 10 }, (_, c) => `<c r="${columnName(c)}${r}"><v>${c}</v></c>`).join('')}</row>`;
  const rows = Math.ceil((megabytes * 1024 * 1024) / row(100_000).length);
  const sheetXml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${Array.from({ length: rows }, (_, r) => row(r + 1)).join('')}</sheetData></worksheet>`;
  return xlsxWithSheets([{ name: 'Export', sheetXml }], { deflate: true });
}

/**
 * A workbook of a few hundred bytes with two cells, at the sheet's first and last corners (A1
 * and XFD1048576): read-excel-file fills every row between up to the last column, 17 billion
 * empty cells.
 */
export function xlsxOfFarCorners(): Buffer {
  const sheetXml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1"><v>1</v></c></row><row r="1048576"><c r="XFD1048576"><v>2</v></c></row></sheetData></worksheet>`;
  return xlsxWithSheets([{ name: 'Corners', sheetXml }], { deflate: true });
}

/**
 * A deck whose first slide inflates to `megabytes` MB of paragraphs while its ZIP says it
 * unpacks to 2 KB (as `docxLyingAboutSize`).
 */
export function pptxLyingAboutSize(megabytes: number): Buffer {
  const paragraph = Buffer.from(`<a:p><a:r><a:t>${'A'.repeat(1_000)}</a:t></a:r></a:p>`);
  const slide = Buffer.concat([
    Buffer.from('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<p:sld xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"><p:cSld><p:spTree><p:sp><p:txBody>'),
    Buffer.alloc(megabytes * 1024 * 1024, paragraph),
    Buffer.from('</p:txBody></p:sp></p:spTree></p:cSld></p:sld>'),
  ]);
  const honest = pptxWithSlides([{ shapes: [['Bomb']] }], { deflate: true });
  return zip({ ...zipEntries(honest), 'ppt/slides/slide1.xml': slide }, { deflate: true, declaredSizes: { 'ppt/slides/slide1.xml': 2_048 } });
}

/** The unpacked entries of a ZIP `zip` wrote. */
function zipEntries(archive: Buffer): Record<string, Buffer> {
  const entries: Record<string, Buffer> = {};
  for (let at = 0; archive.readUInt32LE(at) === 0x04034b50; ) {
    const nameLength = archive.readUInt16LE(at + 26);
    const size = archive.readUInt32LE(at + 18);
    const start = at + 30 + nameLength + archive.readUInt16LE(at + 28);
    const data = archive.subarray(start, start + size);
    entries[archive.subarray(at + 30, at + 30 + nameLength).toString('utf8')] = archive.readUInt16LE(at + 8) === 8 ? inflateRawSync(data) : data;
    at = start + size;
  }
  return entries;
}

/**
 * A ZIP archive of stored (uncompressed) or deflated entries; `declaredSizes` makes the named
 * entries claim another unpacked size than they have.
 */
function zip(entries: Record<string, string | Buffer>, options: { deflate?: boolean; declaredSizes?: Record<string, number> } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const raw = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
    const data = options.deflate ? deflateRawSync(raw) : raw;
    const method = options.deflate ? 8 : 0;
    const fileName = Buffer.from(name, 'utf8');
    const crc = crc32(raw);
    const declared = options.declaredSizes?.[name] ?? raw.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A 1×1 PNG. */
export const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A scanned document as scanners and phone apps write it: each page only draws an image (here
 * 2×2 gray pixels), with no text layer. pdf.js finds no text in it.
 */
export function scannedPdf(pageCount: number): Buffer {
  const objects: string[] = [];
  const pageIds = Array.from({ length: pageCount }, (_, n) => 3 + n * 3);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageCount} >>`;
  pageIds.forEach((id) => {
    const draw = 'q 612 0 0 792 0 0 cm /Im1 Do Q';
    objects[id] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${id + 1} 0 R /Resources << /XObject << /Im1 ${id + 2} 0 R >> >> >>`;
    objects[id + 1] = `<< /Length ${draw.length} >>\nstream\n${draw}\nendstream`;
    objects[id + 2] = `<< /Type /XObject /Subtype /Image /Width 2 /Height 2 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length 4 >>\nstream\n\x80\x90\xa0\xb0\nendstream`;
  });
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets[id] = Buffer.byteLength(body, 'latin1');
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id += 1) body += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * A 1×1 GIF89a of `frames` frames, each after a graphic control extension (delay 0.1 s), with
 * the NETSCAPE2.0 loop extension when animated, as GIF makers write them; a comment extension
 * whose data holds the bytes of an image descriptor (0x2C) shows that a reader walks the blocks
 * and does not count stray bytes.
 */
export function gif(frames: number): Buffer {
  const header = Buffer.from('GIF89a', 'latin1');
  // 1×1 logical screen with a 2-color global color table (black, white).
  const screen = Buffer.from([1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff]);
  const loop = Buffer.from([0x21, 0xff, 11, ...Buffer.from('NETSCAPE2.0', 'latin1'), 3, 1, 0, 0, 0]);
  const comment = Buffer.from([0x21, 0xfe, 4, 0x2c, 0x2c, 0x2c, 0x2c, 0]);
  const frame = (color: number) =>
    Buffer.from([
      0x21, 0xf9, 4, 0, 10, 0, 0, 0, // graphic control: 0.1 s
      0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, // image descriptor: 1×1 at 0,0
      2, 2, color === 0 ? 0x44 : 0x4c, 0x01, 0, // LZW minimum code size 2, one sub-block, terminator
    ]);
  const parts = [header, screen, ...(frames > 1 ? [loop] : []), comment, ...Array.from({ length: frames }, (_, n) => frame(n % 2)), Buffer.from([0x3b])];
  return Buffer.concat(parts);
}

/**
 * Hostile XML in Office files, as an attacker sharing one in Slack would write it. A DOCTYPE
 * whose external entity names `target` (file:///etc/passwd), shown in a sheet's first cell or a
 * slide's text: Office never writes a DOCTYPE, and a parser that resolved it would hand the
 * model the server's files.
 */
export function xlsxWithExternalEntity(target: string): Buffer {
  const sheetXml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<!DOCTYPE worksheet [<!ENTITY x SYSTEM "${target}">]>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&x;</t></is></c><c r="B1"><v>1</v></c></row></sheetData></worksheet>`;
  return xlsxWithSheets([{ name: 'Leak', sheetXml }]);
}

/** A deck whose slide holds `&x;`, an external entity naming `target` (as `xlsxWithExternalEntity`). */
export function pptxWithExternalEntity(target: string): Buffer {
  const slideXml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<!DOCTYPE p:sld [<!ENTITY x SYSTEM "${target}">]>
<p:sld xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"><p:cSld><p:spTree><p:sp><p:txBody><a:p><a:r><a:t>Secrets: &x;</a:t></a:r></a:p></p:txBody></p:sp></p:spTree></p:cSld></p:sld>`;
  return pptxWithSlides([{ slideXml }]);
}

/**
 * A workbook whose sheet has, before its cells, one tag with an attribute of `megabytes` MB (a
 * few KB deflated), then the cells `rows`.
 */
export function xlsxWithLongTag(megabytes: number, rows: readonly (readonly string[])[]): Buffer {
  const cells = rows.map((row, r) => `<row r="${r + 1}">${row.map((text, c) => `<c r="${columnName(c)}${r + 1}" t="inlineStr"><is><t>${escapeXml(text)}</t></is></c>`).join('')}</row>`).join('');
  const sheetXml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetPr codeName="${'A'.repeat(megabytes * 1024 * 1024)}"/><sheetData>${cells}</sheetData></worksheet>`;
  return xlsxWithSheets([{ name: 'Plan', sheetXml }], { deflate: true });
}

/**
 * A workbook of one sheet with cells at A1 and at `ref` (its row `row`), the attribute written
 * as `attribute` gives it (`r='J600000'`, `r="&#74;600000"`): XML's other spellings of r="…".
 */
export function xlsxWithCornerSpelled(attribute: (value: string) => string, ref: string, row: string): Buffer {
  const sheetXml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1"><v>1</v></c></row><row ${attribute(row)}><c ${attribute(ref)}><v>2</v></c></row></sheetData></worksheet>`;
  return xlsxWithSheets([{ name: 'Corner', sheetXml }], { deflate: true });
}

/**
 * A deck of one slide whose ppt/presentation.xml lists it `times` times (PowerPoint lists each
 * slide once): 500,000 ids are 16 MB of XML, 40 KB deflated.
 */
export function pptxListingOneSlide(times: number): Buffer {
  const honest = pptxWithSlides([{ shapes: [['Roadmap'], ['Ship in March']] }]);
  const entries = zipEntries(honest);
  const presentation = entries['ppt/presentation.xml']!.toString('utf8');
  const ids = `<p:sldIdLst>${'<p:sldId id="256" r:id="rId10"/>'.repeat(times)}</p:sldIdLst>`;
  return zip({ ...entries, 'ppt/presentation.xml': presentation.replace(/<p:sldIdLst>.*<\/p:sldIdLst>/, ids) }, { deflate: true });
}

/** A deck whose one slide nests `depth` group shapes in one another (6 KB deflated for 100,000). */
export function pptxNestedGroups(depth: number): Buffer {
  const slideXml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<p:sld xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"><p:cSld><p:spTree>${'<p:grpSp>'.repeat(depth)}${'</p:grpSp>'.repeat(depth)}</p:spTree></p:cSld></p:sld>`;
  return pptxWithSlides([{ slideXml }], { deflate: true });
}
