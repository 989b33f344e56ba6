import { Tiktoken } from 'js-tiktoken/lite';
import o200kBase from 'js-tiktoken/ranks/o200k_base';
import type { Tokenizer } from '../../core/shared/tokenizer.port';

let shared: Tiktoken | undefined;

/**
 * Token counts with OpenAI's o200k_base encoding (GPT-4o, GPT-5). Claude's tokenizer is not
 * public; o200k_base is a close, slightly generous estimate for budgeting its context too.
 * The rank table is loaded once per process and shared.
 */
export class TiktokenTokenizer implements Tokenizer {
  private readonly encoding: Tiktoken;

  constructor() {
    shared ??= new Tiktoken(o200kBase);
    this.encoding = shared;
  }

  countTokens(text: string): number {
    if (text === '') return 0;
    // Special-token strings in user text are counted as ordinary text, never rejected.
    return this.encoding.encode(text, [], []).length;
  }
}
