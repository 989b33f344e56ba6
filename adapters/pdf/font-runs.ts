/** What a font can draw: fontkit's cmap lookup, which pdfkit's parsed fonts expose. */
export interface GlyphSet {
  hasGlyphForCodePoint(codePoint: number): boolean;
}

/** A stretch of text drawn in one font: the primary (Noto Sans JP) or the emoji fallback. */
export interface FontRun {
  readonly text: string;
  readonly fallback: boolean;
}

const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });
// A cluster that asks to be drawn as an emoji: a character shown as emoji by default (🌸, ✅,
// regional indicators, skin tones), or VS16 / a keycap turning a text character into one (⚠️, 1️⃣).
const EMOJI_PRESENTATION = /[\p{Emoji_Presentation}\uFE0F\u20E3]/u;
// Joiners, variation selectors, tags: invisible when a font has no glyph for them, so dropped
// rather than drawn as an empty box.
const IGNORABLE = /^\p{Default_Ignorable_Code_Point}$/u;
const ASCII = /^[\n\t\x20-\x7e]*$/;

/**
 * Splits `text` into runs by font, one grapheme cluster at a time, so a sequence (👩‍💻, 1️⃣,
 * 🇯🇵) stays whole and the fallback font's ligatures can draw it as one glyph. A cluster goes to
 * the fallback when it asks for emoji presentation and the fallback has all of it, or when the
 * primary lacks a character the fallback has. What neither font has stays with the primary
 * (drawn as its missing-glyph box; the renderer maps that to U+FFFD in the text layer).
 * The primary is taken to cover printable ASCII, as Noto Sans JP does: such text is one run.
 */
export function fontRuns(text: string, primary: GlyphSet, fallback: GlyphSet): FontRun[] {
  if (ASCII.test(text) || fitsPrimary(text, primary)) return text === '' ? [] : [{ text, fallback: false }];
  const runs: FontRun[] = [];
  let current = '';
  let currentFallback = false;
  const add = (piece: string, inFallback: boolean): void => {
    if (piece === '') return;
    if (current !== '' && inFallback !== currentFallback) {
      runs.push({ text: current, fallback: currentFallback });
      current = '';
    }
    currentFallback = inFallback;
    current += piece;
  };
  for (const { segment } of graphemes.segment(text)) {
    const chars = [...segment];
    const inFallback = chars.every((c) => has(fallback, c));
    const inPrimary = chars.every((c) => has(primary, c) || IGNORABLE.test(c));
    if (inFallback && (!inPrimary || EMOJI_PRESENTATION.test(segment))) add(segment, true);
    else if (inPrimary) add(forPrimary(chars, primary), false);
    else {
      // Part in one font, part in the other or in neither: character by character.
      for (const c of chars) {
        const toFallback = !has(primary, c) && has(fallback, c);
        add(toFallback ? c : forPrimary([c], primary), toFallback);
      }
    }
  }
  if (current !== '') runs.push({ text: current, fallback: currentFallback });
  return runs;
}

/** The common case, checked without segmenting: no emoji asked for, every character in the primary. */
function fitsPrimary(text: string, primary: GlyphSet): boolean {
  if (EMOJI_PRESENTATION.test(text)) return false;
  const known = coverage(primary);
  for (let i = 0; i < text.length; i += 1) {
    const codePoint = text.codePointAt(i)!;
    if (codePoint > 0xffff) i += 1;
    if (!known(codePoint)) return false;
  }
  return true;
}

// fontkit looks a code point up in the font's cmap tables each time (~0.5 µs); remembered, a
// Japanese paragraph is checked in a few Map lookups a character.
const coverages = new WeakMap<GlyphSet, (codePoint: number) => boolean>();

/** Whether `font` draws a code point. Line breaks and tabs count: pdfkit lays them out itself. */
function coverage(font: GlyphSet): (codePoint: number) => boolean {
  let check = coverages.get(font);
  if (check === undefined) {
    const known = new Map<number, boolean>();
    check = (codePoint) => {
      if (codePoint < 0x20) return true;
      let answer = known.get(codePoint);
      if (answer === undefined) known.set(codePoint, (answer = font.hasGlyphForCodePoint(codePoint)));
      return answer;
    };
    coverages.set(font, check);
  }
  return check;
}

function has(font: GlyphSet, c: string): boolean {
  return coverage(font)(c.codePointAt(0)!);
}

/** The cluster for the primary font, without the invisible characters it has no glyph for. */
function forPrimary(chars: readonly string[], primary: GlyphSet): string {
  return chars.filter((c) => has(primary, c) || !IGNORABLE.test(c)).join('');
}

/**
 * Text in the primary font at least as wide as `runs`, for pdfkit to measure (it measures in one
 * font at a time): each fallback cluster counts as two ideographs, 2 em, wider than any Noto Emoji
 * glyph (1.27 em), so a box measured this way holds its text.
 */
export function measurableText(runs: readonly FontRun[]): string {
  return runs.map((run) => (run.fallback ? [...graphemes.segment(run.text)].map(() => '国国').join('') : run.text)).join('');
}
