/**
 * Counts the tokens a text costs the language model. Synchronous on purpose: the real
 * adapter (gpt-tokenizer, o200k_base) is synchronous and trimming loops call it many times.
 */
export interface Tokenizer {
  countTokens(text: string): number;
}
