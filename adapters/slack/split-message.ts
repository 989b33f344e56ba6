import { graphemes } from '../../core/shared/clip-text';

/**
 * Where to cut text that does not fit in one message: the last paragraph break, else line
 * break, else sentence end, else space within the second half of the room; a hard cut only
 * when there is none, between grapheme clusters. Never inside a surrogate pair.
 */
export function cutPoint(text: string, room: number): number {
  if (text.length <= room) return text.length;
  if (room <= 0) return 0;
  const window = text.slice(0, room + 1);
  const floor = Math.floor(room / 2);
  for (const pattern of [/\n\s*\n/g, /\n/g, /[.!?。！？]\s/g, /\s/g]) {
    let best = -1;
    for (const match of window.matchAll(pattern)) {
      const end = match.index + match[0].length;
      if (end <= room && end > floor) best = end;
      else if (match.index <= room && match.index > floor) best = Math.max(best, match.index);
    }
    if (best > 0) return best;
  }
  // A hard cut: at the last grapheme boundary that fits, so no emoji (👨‍👩‍👧‍👦, 🇯🇵, 👍🏽) is split
  // between two messages; inside one cluster longer than the room, at least not in a surrogate pair.
  let boundary = 0;
  for (const { index } of graphemes.segment(window)) {
    if (index > room) break;
    boundary = index;
  }
  if (boundary > 0) return boundary;
  const code = text.charCodeAt(room - 1);
  return code >= 0xd800 && code <= 0xdbff ? room - 1 : room;
}

/** Text split into pieces of at most `max` characters, cut at natural boundaries. */
export function splitMessage(text: string, max: number): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const at = Math.max(1, cutPoint(rest, max));
    pieces.push(rest.slice(0, at).trimEnd());
    rest = rest.slice(at).trimStart();
  }
  if (rest.length > 0 || pieces.length === 0) pieces.push(rest);
  return pieces;
}
