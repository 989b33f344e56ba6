/**
 * A PDF whose pages hold Japanese (or any Unicode BMP) text, built byte by byte: a Type0 font
 * with Identity-H encoding whose character ids are the code points, and a ToUnicode CMap saying
 * so, as PDF writers do for CJK text. The glyphs are not embedded (viewers substitute a font);
 * text extraction needs only the CMap.
 */
export function pdfWithUnicodeText(pages: readonly string[], title = 'Untitled'): Buffer {
  const hex = (text: string) =>
    Array.from(text)
      .map((ch) => (ch.codePointAt(0)! > 0xffff ? 0x3013 : ch.codePointAt(0)!).toString(16).padStart(4, '0'))
      .join('');
  const cmap = [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <FFFF>',
    'endcodespacerange',
    '1 beginbfrange',
    '<0000> <FFFF> <0000>',
    'endbfrange',
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
  const objects: string[] = [];
  const pageIds = pages.map((_, n) => 7 + n * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type0 /BaseFont /MS-Mincho /Encoding /Identity-H /DescendantFonts [4 0 R] /ToUnicode 6 0 R >>';
  objects[4] = '<< /Type /Font /Subtype /CIDFontType2 /BaseFont /MS-Mincho /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor 5 0 R /DW 1000 /CIDToGIDMap /Identity >>';
  objects[5] = '<< /Type /FontDescriptor /FontName /MS-Mincho /Flags 4 /FontBBox [0 -141 1000 859] /ItalicAngle 0 /Ascent 859 /Descent -141 /CapHeight 709 /StemV 80 >>';
  objects[6] = `<< /Length ${Buffer.byteLength(cmap)} >>\nstream\n${cmap}\nendstream`;
  pages.forEach((text, n) => {
    const lines = text.split('\n');
    const stream = `BT /F1 12 Tf 14 TL 72 720 Td ${lines.map((line) => `<${hex(line)}> Tj T*`).join(' ')} ET`;
    objects[7 + n * 2] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${8 + n * 2} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`;
    objects[8 + n * 2] = `<< /Length ${Buffer.byteLength(stream)} >>\nstream\n${stream}\nendstream`;
  });
  const infoId = objects.length;
  objects[infoId] = `<< /Title <feff${hex(title)}> >>`;
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets[id] = Buffer.byteLength(body, 'utf8');
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(body, 'utf8');
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id += 1) body += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info ${infoId} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'utf8');
}
