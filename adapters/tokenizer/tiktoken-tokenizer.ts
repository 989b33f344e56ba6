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
    shared ??= load('gpt-tokenizer/encoding/o200k_base') as Encoding;
    // Special-token strings in user text are counted as ordinary text, never rejected.
    return shared.countTokens(text, { allowedSpecial: NONE, disallowedSpecial: NONE });
  }
}

const NONE = new Set<string>();
