import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { GlyphSet } from './font-runs';

const require = createRequire(import.meta.url);

/**
 * Noto Sans JP (SIL Open Font License) from the `@expo-google-fonts/noto-sans-jp` package: the
 * whole Japanese and Latin repertoire in one TrueType file per weight, so no system font is
 * needed and a thread mixing English and Japanese sets in one face. pdfkit embeds only the
 * glyphs a document uses (a subset), so a PDF stays small (ADR 72). Emoji, which Noto Sans JP
 * lacks, fall back to the monochrome Noto Emoji (ADR 89).
 */
const FONT_FILES = {
  regular: require.resolve('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf'),
  emoji: require.resolve('@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf'),
};

/** A font as fontkit parsed it: pdfkit takes it as is, and its cmap says what it can draw. */
export interface ParsedFont extends GlyphSet {
  readonly unitsPerEm: number;
  readonly ascent: number;
  readonly descent: number;
  readonly lineGap: number;
}

export interface PdfFonts {
  readonly regular: ParsedFont;
  readonly bold: ParsedFont;
  readonly emoji: ParsedFont;
}

let parsed: PdfFonts | undefined;

/**
 * The fonts, parsed on first use and kept for the process, instead of reading Noto Sans JP's
 * 5 MB files and parsing them again for every PDF. pdfkit accepts parsed fontkit fonts and still embeds a subset of
 * its own in each document; rendering is synchronous, so documents never share a font mid-use.
 */
export function pdfFonts(): PdfFonts {
  if (parsed === undefined) {
    const regular = parse(FONT_FILES.regular);
    parsed = { regular, bold: parse(FONT_FILES.bold), emoji: withVerticalMetricsOf(parse(FONT_FILES.emoji), regular) };
  }
  return parsed;
}

/** fontkit is pdfkit's dependency, not ours: a font is parsed by a document that is never written. */
function parse(file: string): ParsedFont {
  const probe = new PDFDocument({ autoFirstPage: false }).font(file);
  return (probe as unknown as { _font: { font: ParsedFont } })._font.font;
}

/**
 * pdfkit sets each run from the top of the line by its own font's ascent and moves to the next
 * line by that font's height. Noto Emoji is shorter (ascent 0.93 em against 1.16), so an emoji
 * would sit higher than the text around it and a line ending in one would come closer to the
 * next. The same font with the primary's vertical metrics shares its baseline and line height;
 * the glyphs are unchanged.
 */
function withVerticalMetricsOf(font: ParsedFont, primary: ParsedFont): ParsedFont {
  const scale = font.unitsPerEm / primary.unitsPerEm;
  return Object.create(font, {
    ascent: { value: primary.ascent * scale },
    descent: { value: primary.descent * scale },
    lineGap: { value: primary.lineGap * scale },
  }) as ParsedFont;
}
