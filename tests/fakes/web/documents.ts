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
