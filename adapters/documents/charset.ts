import { analyse } from 'chardet';
import { cutText } from './document-text';

/**
 * Bytes as text in their declared charset, cut at `MAX_TEXT_CHARS`. Follows the Encoding
 * Standard as browsers do: a byte order mark wins, then the HTTP header's charset, then the
 * document's own declaration (HTML's `<meta charset>` or `http-equiv`, an XML declaration's
 * encoding): older Japanese sites serve Shift_JIS or EUC-JP pages that way. A label the
 * standard does not know (`cp932`, PHP's `SJIS-win`) is taken for the encoding it names, or
 * else ignored. With nothing declared the bytes decide (`decodeUndeclaredText`), where UTF-8
 * alone turned a Shift_JIS, EUC-JP, ISO-2022-JP or windows-1252 page into U+FFFD.
 */
export function decodeText(bytes: Uint8Array, charset?: string): string {
  return cutText(decodeHtml(bytes, charset));
}

/**
 * A page's markup as text, like `decodeText` but whole: the 5 MB the client reads are
 * converted, and the readable text it yields is what is cut. Cut before, a page whose
 * article comes after 400,000 characters of markup (inline styles, SVG sprites, menus: a
 * GitHub page, a large news site) reached the model empty.
 */
export function decodeHtml(bytes: Uint8Array, charset?: string): string {
  const label = byteOrderMark(bytes) ?? knownCharset(charset) ?? declaredCharset(bytes);
  return new TextDecoder(label ?? undeclaredCharset(bytes)).decode(bytes);
}

/**
 * A file's text when nothing declares its charset (Slack tells none): UTF-8, unless the bytes
 * read better otherwise (`undeclaredCharset`): Shift_JIS or EUC-JP, which Japanese Excel and
 * older Japanese tools still write (a CSV saved by Excel on Japanese Windows), ISO-2022-JP
 * (mail saved as text), UTF-16 without a byte order mark, or windows-1252 (Excel's CSVs on
 * Western Windows: `Café`, `€`, curly quotes).
 */
export function decodeUndeclaredText(bytes: Uint8Array): string {
  return cutText(new TextDecoder(byteOrderMark(bytes) ?? undeclaredCharset(bytes)).decode(bytes));
}

/** Bytes of a file looked at to guess its charset. */
const SNIFF_BYTES = 512 * 1024;

/**
 * The charset undeclared bytes read best in (the Encoding Standard lets a browser guess so
 * before its locale's default; Chrome and Firefox do). In order: ISO-2022-JP's escapes in
 * 7-bit bytes; UTF-16 by its zero bytes; UTF-8 when it decodes without a broken character;
 * Shift_JIS or EUC-JP when one decodes with fewer broken characters than UTF-8 and reads as
 * Japanese prose (no broken character, or at least ten kana per broken one: a few damaged
 * bytes in a Japanese file; and kana among its characters); UTF-8 with a few damaged bytes
 * among many characters; then chardet's guess when it is sure (Chinese, Korean, Cyrillic,
 * other European code pages: Korean in EUC-KR and Chinese in Big5 are valid EUC-JP or
 * Shift_JIS bytes too, without kana); then Shift_JIS or EUC-JP without kana (a CSV of names and
 * places); else windows-1252, the standard's default outside East Asian locales, in which
 * every byte is a character.
 */
function undeclaredCharset(bytes: Uint8Array): string {
  // Streaming decodes hold back a character cut at the end of the sample instead of breaking it.
  const head = bytes.subarray(0, SNIFF_BYTES);
  if (isIso2022Jp(head)) return 'iso-2022-jp';
  const utf16 = utf16WithoutMark(head);
  if (utf16 !== undefined) return utf16;
  const utf8 = oddities(head, 'utf-8');
  if (utf8.broken === 0) return 'utf-8';
  let best: { charset: string; broken: number; halfWidthKana: number; kana: number; nonAscii: number } | undefined;
  for (const charset of ['shift_jis', 'euc-jp']) {
    const found = { charset, ...oddities(head, charset) };
    // Fewer broken characters wins; on a tie, fewer half-width katakana: EUC-JP's bytes are
    // also valid Shift_JIS, as half-width katakana that Japanese prose hardly ever uses.
    if (best === undefined || found.broken < best.broken || (found.broken === best.broken && found.halfWidthKana < best.halfWidthKana)) best = found;
  }
  const japanese = best !== undefined && best.broken < utf8.broken && (best.broken === 0 || best.kana >= 10 * best.broken) ? best : undefined;
  if (japanese !== undefined && japanese.kana * 20 >= japanese.nonAscii) return japanese.charset;
  if (utf8.nonAscii >= 10 * utf8.broken) return 'utf-8';
  return detectedCharset(head.subarray(0, DETECT_BYTES)) ?? japanese?.charset ?? 'windows-1252';
}

/** Bytes chardet looks at: its statistics settle long before, and it reads every byte once per charset. */
const DETECT_BYTES = 64 * 1024;

/**
 * chardet's (ICU's detector's) best guess that the Encoding Standard can decode, when it is
 * at all sure: GBK/GB18030, Big5, EUC-KR, windows-1251, KOI8-R, the ISO-8859 family… Its
 * ISO-8859-1 is read as windows-1252, as browsers read that label.
 */
function detectedCharset(bytes: Uint8Array): string | undefined {
  for (const match of analyse(bytes)) {
    if (match.confidence < 20) return undefined;
    const label = match.name === 'ISO-8859-1' ? 'windows-1252' : match.name;
    if (/^(UTF|ASCII)/.test(label) || !decodable(label)) continue;
    return label;
  }
  return undefined;
}

function decodable(label: string): boolean {
  try {
    new TextDecoder(label);
    return true;
  } catch {
    return false;
  }
}

function oddities(bytes: Uint8Array, charset: string): { broken: number; halfWidthKana: number; kana: number; nonAscii: number } {
  const text = new TextDecoder(charset).decode(bytes, { stream: true });
  return {
    broken: text.split('\uFFFD').length - 1,
    halfWidthKana: text.match(/[\uFF61-\uFF9F]/g)?.length ?? 0,
    kana: text.match(/[\u3041-\u30FF]/g)?.length ?? 0,
    nonAscii: text.match(/[^\p{ASCII}\uFFFD]/gu)?.length ?? 0,
  };
}

/** 7-bit bytes switching to JIS X 0208 or JIS X 0201 with ISO-2022-JP's escapes (ESC $ B, ESC $ @, ESC ( J, ESC ( I). */
function isIso2022Jp(bytes: Uint8Array): boolean {
  if (bytes.some((byte) => byte >= 0x80)) return false;
  const text = Buffer.from(bytes).toString('latin1');
  return ['\u001b$B', '\u001b$@', '\u001b(J', '\u001b(I'].some((escape) => text.includes(escape));
}

/**
 * UTF-16 without a byte order mark (a tool's "Unicode text" export): text that is mostly ASCII
 * or Latin has a zero byte in every other place, on the odd side in little-endian order.
 */
function utf16WithoutMark(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  const pairs = Math.floor(Math.min(bytes.length, 4096) / 2);
  if (pairs < 4) return undefined;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let n = 0; n < pairs; n += 1) {
    if (bytes[2 * n] === 0) evenZeros += 1;
    if (bytes[2 * n + 1] === 0) oddZeros += 1;
  }
  if (oddZeros >= pairs * 0.4 && evenZeros <= pairs * 0.05) return 'utf-16le';
  if (evenZeros >= pairs * 0.4 && oddZeros <= pairs * 0.05) return 'utf-16be';
  return undefined;
}

function byteOrderMark(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return undefined;
}

/**
 * Labels seen on Japanese sites and servers that the Encoding Standard does not list, for the
 * encoding they mean: Microsoft's code pages (`cp932`, `windows-932`) and PHP's and Java's
 * names for the Windows variants (`SJIS-win`, `eucJP-win`, `ISO-2022-JP-MS`), whose extra
 * characters (①, ㈱, 髙) the standard's decoders read too.
 */
const CHARSET_ALIASES: Readonly<Record<string, string>> = {
  cp932: 'shift_jis',
  'windows-932': 'shift_jis',
  'x-ms-cp932': 'shift_jis',
  'sjis-win': 'shift_jis',
  'sjis-open': 'shift_jis',
  'sjis-mobile': 'shift_jis',
  'cp943c': 'shift_jis',
  'eucjp-win': 'euc-jp',
  'eucjp-ms': 'euc-jp',
  'euc-jp-ms': 'euc-jp',
  'eucjp-open': 'euc-jp',
  cp51932: 'euc-jp',
  'iso-2022-jp-ms': 'iso-2022-jp',
  cp50220: 'iso-2022-jp',
  cp50221: 'iso-2022-jp',
  cp50222: 'iso-2022-jp',
};

/** A charset label a decoder can be made for, or undefined (not given, or unknown: then ignored, as browsers do). */
function knownCharset(label: string | undefined): string | undefined {
  if (label === undefined) return undefined;
  const name = label.trim().toLowerCase();
  const charset = CHARSET_ALIASES[name] ?? name;
  try {
    new TextDecoder(charset);
    return charset;
  } catch {
    return undefined;
  }
}

/**
 * A `<meta` tag up to its `>` (greedy, nothing after it: each scanned once), then its charset:
 * `/<meta\b[^>]*?charset…/` in one expression backtracked from every `<meta` of an unclosed
 * run (a page holding `<meta ` 13,000 times in its head took 0.9 s of the event loop).
 */
const META_TAG = /<meta\b[^>]*/gi;
const META_CHARSET = /charset\s*=\s*["']?\s*([\w.:-]+)/i;
const XML_ENCODING = /^\s*<\?xml\b[^>]*?encoding\s*=\s*["']([\w.:-]+)["']/i;
/** Where a page's own declaration is looked for: its head, within this many bytes. */
const DECLARATION_BYTES = 64 * 1024;

/**
 * The charset a document declares: an XML declaration, or a `<meta>` in the head. Browsers'
 * prescan reads 1,024 bytes; Chrome goes on through the head, and a Japanese page with long
 * inline scripts or comments before its `<meta charset>` is common, so the head is read
 * (comments and scripts skipped) up to `<body` or `DECLARATION_BYTES`.
 */
/** The first `<meta>` of the head naming a charset (`charset=` or `content="…; charset=…"`). */
function metaCharset(head: string): RegExpExecArray | null {
  for (const [tag] of head.matchAll(META_TAG)) {
    const found = META_CHARSET.exec(tag);
    if (found) return found;
  }
  return null;
}

function declaredCharset(bytes: Uint8Array): string | undefined {
  const text = Buffer.from(bytes.subarray(0, DECLARATION_BYTES)).toString('latin1');
  const body = text.search(/<body[\s>]/i);
  const head = (body >= 0 ? text.slice(0, body) : text).replace(/<!--[\s\S]*?(?:-->|$)/g, '').replace(/<script\b[\s\S]*?(?:<\/script\s*>|$)/gi, '');
  const label = knownCharset((XML_ENCODING.exec(head) ?? metaCharset(head))?.[1]);
  // A page's bytes cannot declare UTF-16 in ASCII; HTML takes such a declaration as UTF-8.
  return label?.startsWith('utf-16') ? 'utf-8' : label;
}
