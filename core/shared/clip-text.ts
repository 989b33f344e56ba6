/** Splits text into what a person sees as one character (an emoji sequence, a flag, a letter with its marks). */
export const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });

/**
 * Characters as a person counts them and as Slack's limits and zod's `.max()` do: code points, so an
 * emoji or a rare kanji outside the Basic Multilingual Plane is one, not the two UTF-16 units of `length`.
 */
export function charCount(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/**
 * `text` cut to at most `max` characters (code points) with `ellipsis` at the end when it did
 * not fit, cut between grapheme clusters: never inside a surrogate pair nor inside a sequence
 * such as 👨‍👩‍👧‍👦, 🇯🇵 or 👍🏽, which would show as other emoji or a broken one. With `ellipsis`
 * empty the text is only shortened (for a part of a longer text that gets its own ellipsis).
 */
export function clipText(text: string, max: number, ellipsis = '…'): string {
  if (charCount(text) <= max) return text;
  const room = max - charCount(ellipsis);
  let kept = '';
  let used = 0;
  for (const { segment } of graphemes.segment(text)) {
    const size = charCount(segment);
    if (used + size > room) break;
    kept += segment;
    used += size;
  }
  return `${kept.trimEnd()}${ellipsis}`;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * `text` with every lone surrogate (half an emoji cut off by a length limit, a PDF's broken
 * character map, a client's bad JSON escape) as U+FFFD, as `String.prototype.toWellFormed` does:
 * Anthropic and strict OpenAI-compatible servers refuse a whole request holding one with 400
 * "The request body is not valid JSON: no low surrogate in string".
 */
export function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD');
}
