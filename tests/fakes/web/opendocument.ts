import { strToU8, zipSync } from 'fflate';

/**
 * OpenDocument packages written by hand, for what LibreOffice would not write (hostile or
 * broken files) or writes only for large sheets: a ZIP with `mimetype` stored first, as ODF 1.3
 * Part 2 §3.3 asks, `content.xml` and `META-INF/manifest.xml`. The fixtures LibreOffice made are
 * in tests/fixtures/documents.
 */
const NAMESPACES = [
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"',
  'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"',
  'xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0"',
  'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"',
  'xmlns:calcext="urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0"',
].join(' ');

const KINDS = { odt: 'text', ods: 'spreadsheet', odp: 'presentation' } as const;

export function odfPackage(kind: keyof typeof KINDS, body: string, options: { content?: string | Uint8Array; encrypted?: boolean; automaticStyles?: string } = {}): Buffer {
  const mimetype = `application/vnd.oasis.opendocument.${KINDS[kind]}`;
  const styles = options.automaticStyles ? `<office:automatic-styles>${options.automaticStyles}</office:automatic-styles>` : '';
  const content = options.content ?? `<?xml version="1.0" encoding="UTF-8"?>\n<office:document-content ${NAMESPACES} office:version="1.3">${styles}<office:body><office:${KINDS[kind]}>${body}</office:${KINDS[kind]}></office:body></office:document-content>`;
  // What LibreOffice writes for a file saved with a password (Blowfish or AES, with the key's derivation).
  const encryption = options.encrypted
    ? '<manifest:encryption-data manifest:checksum-type="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0#sha256-1k" manifest:checksum="AAAA"><manifest:algorithm manifest:algorithm-name="http://www.w3.org/2001/04/xmlenc#aes256-cbc" manifest:initialisation-vector="AAAA"/><manifest:key-derivation manifest:key-derivation-name="PBKDF2" manifest:key-size="32" manifest:iteration-count="100000" manifest:salt="AAAA"/></manifest:encryption-data>'
    : '';
  const manifest = `<?xml version="1.0" encoding="UTF-8"?>\n<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:media-type="${mimetype}"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml">${encryption}</manifest:file-entry></manifest:manifest>`;
  return Buffer.from(
    zipSync({
      mimetype: [strToU8(mimetype), { level: 0 }],
      'content.xml': typeof content === 'string' ? strToU8(content) : [content, { level: 0 }],
      'META-INF/manifest.xml': strToU8(manifest),
    }),
  );
}

const cell = (text: string, repeat = 1) => `<table:table-cell office:value-type="string"${repeat > 1 ? ` table:number-columns-repeated="${repeat}"` : ''}><text:p>${text}</text:p></table:table-cell>`;

/**
 * A sheet as LibreOffice saves one whose columns were formatted whole: its rows of data, each
 * ending in an empty cell repeated to column 16,384, then one empty row repeated to row
 * 1,048,576 (17 billion cells written in a few hundred bytes).
 */
export function odsWithFillerRows(rows: readonly (readonly string[])[]): Buffer {
  const width = 16_384;
  const data = rows.map((row) => `<table:table-row>${row.map((text) => cell(text)).join('')}<table:table-cell table:number-columns-repeated="${width - row.length}"/></table:table-row>`).join('');
  const filler = `<table:table-row table:number-rows-repeated="${1_048_576 - rows.length}"><table:table-cell table:number-columns-repeated="${width}"/></table:table-row>`;
  return odfPackage('ods', `<table:table table:name="Plan"><table:table-column table:number-columns-repeated="${width}"/>${data}${filler}</table:table>`);
}

/** A sheet of a few hundred bytes whose one non-empty cell is repeated over 1,048,576 rows of 16,384 columns. */
export function odsRepeatBomb(): Buffer {
  return odfPackage('ods', `<table:table table:name="Bomb"><table:table-row table:number-rows-repeated="1048576">${cell('x', 16_384)}</table:table-row></table:table>`);
}

/** A sheet of `rows` rows of one cell of `width` characters. */
export function odsOfLongRows(rows: number, width: number): Buffer {
  const row = `<table:table-row>${cell('x'.repeat(width))}</table:table-row>`;
  return odfPackage('ods', `<table:table table:name="Export">${row.repeat(rows)}</table:table>`);
}

/** A text document whose content.xml declares an external entity and uses it. */
export function odtWithExternalEntity(target: string): Buffer {
  const content = `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE office:document-content [<!ENTITY x SYSTEM "${target}">]>\n<office:document-content ${NAMESPACES}><office:body><office:text><text:p>&x;</text:p></office:text></office:body></office:document-content>`;
  return odfPackage('odt', '', { content });
}

/** A text document saved with a password: its manifest tells how content.xml was encrypted, whose bytes are no XML. */
export function odtEncrypted(): Buffer {
  const scrambled = Uint8Array.from({ length: 2_048 }, (_, n) => (n * 151 + 7) % 256);
  return odfPackage('odt', '', { content: scrambled, encrypted: true });
}

/** A text document of `count` empty paragraphs (over 400,000 elements: too many to parse). */
export function odtOfEmptyParagraphs(count: number): Buffer {
  return odfPackage('odt', '<text:p/>'.repeat(count));
}

/** A text document of one paragraph inside `depth` nested spans. */
export function odtNestedSpans(depth: number): Buffer {
  return odfPackage('odt', `<text:p>${'<text:span>'.repeat(depth)}Deep inside${'</text:span>'.repeat(depth)}</text:p>`);
}

/**
 * An export of `rows` customers (id, name, region, amount, date) as LibreOffice Calc saves a CSV
 * it opened: styled rows, floats with their value and shown text, dates with `office:date-value`,
 * columns formatted whole (an empty cell repeated to column 1,024). 50,000 rows are 550,000
 * elements, beyond what content.xml may hold when parsed whole.
 */
export function odsCustomerExport(rows: number): Buffer {
  const regions = ['EMEA', 'APAC', 'AMER'];
  const lines: string[] = ['<table:table-row table:style-name="ro1"><table:table-cell office:value-type="string" calcext:value-type="string"><text:p>id</text:p></table:table-cell><table:table-cell office:value-type="string" calcext:value-type="string"><text:p>name</text:p></table:table-cell><table:table-cell office:value-type="string" calcext:value-type="string"><text:p>region</text:p></table:table-cell><table:table-cell office:value-type="string" calcext:value-type="string"><text:p>amount</text:p></table:table-cell><table:table-cell office:value-type="string" calcext:value-type="string"><text:p>date</text:p></table:table-cell><table:table-cell table:number-columns-repeated="1019"/></table:table-row>'];
  for (let n = 0; n < rows; n += 1) {
    const amount = ((n * 7_919) % 99_999) / 100;
    const day = `2024-0${(n % 9) + 1}-1${n % 10}`;
    lines.push(
      `<table:table-row table:style-name="ro1"><table:table-cell office:value-type="float" office:value="${n}" calcext:value-type="float"><text:p>${n}</text:p></table:table-cell><table:table-cell office:value-type="string" calcext:value-type="string"><text:p>Customer ${n}</text:p></table:table-cell><table:table-cell office:value-type="string" calcext:value-type="string"><text:p>${regions[n % 3]}</text:p></table:table-cell><table:table-cell office:value-type="float" office:value="${amount}" calcext:value-type="float"><text:p>${amount}</text:p></table:table-cell><table:table-cell table:style-name="ce1" office:value-type="date" office:date-value="${day}" calcext:value-type="date"><text:p>${day}</text:p></table:table-cell><table:table-cell table:number-columns-repeated="1019"/></table:table-row>`,
    );
  }
  return odfPackage('ods', `<table:table table:name="Customers" table:style-name="ta1"><table:table-column table:style-name="co1" table:number-columns-repeated="1024" table:default-cell-style-name="Default"/>${lines.join('')}</table:table><table:named-expressions/>`, {
    automaticStyles: '<style:style style:name="ta1" style:family="table" style:master-page-name="Default"><style:table-properties table:display="true" style:writing-mode="lr-tb"/></style:style>',
  });
}
