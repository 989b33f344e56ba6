import { createRequire } from 'node:module';
import type { Tokenizer } from '../../core/shared/tokenizer.port';

interface Encoding {
  countTokens(text: string, options: { allowedSpecial: Set<string>; disallowedSpecial: Set<string> }): number;
}

const load = createRequire(import.meta.url);
let shared: Encoding | undefined;

/**
 * Token counts with OpenAI's o200k_base encoding (GPT-4o, GPT-5), by gpt-tokenizer. Claude's
 * tokenizer is not public; o200k_base is a close, slightly generous estimate for budgeting its
 * context too. The rank table (tens of MB once built) is loaded on the first count and shared
 * by the process, so a server or worker that never counts never pays for it (ADR 41).
 */
export class TiktokenTokenizer implements Tokenizer {
  countTokens(text: string): number {
    if (text === '') return 0;
    // Byte-pair merging is quadratic in a word's length (a 200,000-letter "word" took 23 s of
    // the server's only thread; 16,000 kana without a space, 1.4 s): runs without whitespace
    // longer than RUN_CHARS are counted piece by piece, which changes a count by about a token
    // per cut and leaves ordinary text (words far shorter than that) counted exactly.
    let total = 0;
    let counted = 0;
    for (const match of text.matchAll(LONG_RUN)) {
      total += encode(text.slice(counted, match.index));
      const run = match[0];
      for (let start = 0; start < run.length; ) {
        let end = Math.min(start + RUN_CHARS, run.length);
        if (isLowSurrogate(run.charCodeAt(end))) end += 1;
        total += encode(run.slice(start, end));
        start = end;
      }
      counted = match.index + run.length;
    }
    return total + encode(text.slice(counted));
  }
}

const RUN_CHARS = 256;
const LONG_RUN = new RegExp(`\\S{${RUN_CHARS + 1},}`, 'gu');
const NONE = new Set<string>();

function encode(text: string): number {
  if (text === '') return 0;
  shared ??= load('gpt-tokenizer/encoding/o200k_base') as Encoding;
  // Special-token strings in user text are counted as ordinary text, never rejected.
  return shared.countTokens(text, { allowedSpecial: NONE, disallowedSpecial: NONE });
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
