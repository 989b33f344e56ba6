import type { Tokenizer } from '../../core/shared/tokenizer.port';

/** Roughly four characters per token, the usual rule of thumb for English; for tests and the browser. */
export class ApproximateTokenizer implements Tokenizer {
  countTokens(text: string): number {
    return Math.ceil(text.length / 4);
  }
}
