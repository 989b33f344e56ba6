import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);

/**
 * Noto Sans JP (SIL Open Font License) from the `@expo-google-fonts/noto-sans-jp` package: the
 * whole Japanese and Latin repertoire in one TrueType file per weight, so no system font is
 * needed and a thread mixing English and Japanese sets in one face. pdfkit embeds only the
 * glyphs a document uses (a subset), so a PDF stays small (ADR 72).
 */
const FONT_FILES = {
  regular: require.resolve('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf'),
};

/** A font as fontkit parsed it; pdfkit takes it as is. */
export interface ParsedFont {
  readonly unitsPerEm: number;
}

export interface PdfFonts {
  readonly regular: ParsedFont;
  readonly bold: ParsedFont;
}

let parsed: PdfFonts | undefined;

/**
 * The fonts, parsed on first use and kept for the process: reading and parsing Noto Sans JP took
 * about 250 ms of every PDF. pdfkit accepts parsed fontkit fonts and still embeds a subset of
 * its own in each document; rendering is synchronous, so documents never share a font mid-use.
 */
export function pdfFonts(): PdfFonts {
  if (parsed === undefined) {
    parsed = { regular: parse(FONT_FILES.regular), bold: parse(FONT_FILES.bold) };
  }
  return parsed;
}

/** fontkit is pdfkit's dependency, not ours: a font is parsed by a document that is never written. */
function parse(file: string): ParsedFont {
  const probe = new PDFDocument({ autoFirstPage: false }).font(file);
  return (probe as unknown as { _font: { font: ParsedFont } })._font.font;
}
