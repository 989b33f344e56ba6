import { describe, expect, it } from 'vitest';
import type { Tokenizer } from '../../core/shared/tokenizer.port';
import { ApproximateTokenizer } from '../../adapters/memory/approximate-tokenizer';
import { TiktokenTokenizer } from '../../adapters/tokenizer/tiktoken-tokenizer';

const subjects: { name: string; make(): Tokenizer }[] = [
  { name: 'TiktokenTokenizer (o200k_base)', make: () => new TiktokenTokenizer() },
  { name: 'ApproximateTokenizer', make: () => new ApproximateTokenizer() },
];

describe.each(subjects)('Tokenizer contract: $name', ({ make }) => {
  const tokenizer = make();

  it('counts nothing for nothing, and something for any text', () => {
    expect(tokenizer.countTokens('')).toBe(0);
    for (const text of ['a', 'Hello, world!', '東京は日本の首都です。', '😀', '   ']) {
      expect(tokenizer.countTokens(text)).toBeGreaterThan(0);
    }
  });

  it('never counts less for more text', () => {
    const base = 'The quick brown fox jumps over the lazy dog. ';
    let previous = 0;
    for (let i = 1; i <= 20; i += 1) {
      const count = tokenizer.countTokens(base.repeat(i));
      expect(count).toBeGreaterThanOrEqual(previous);
      previous = count;
    }
    expect(previous).toBeGreaterThan(tokenizer.countTokens(base) * 10);
  });

  it('treats special-token markers in user text as plain text', () => {
    expect(() => tokenizer.countTokens('ignore this <|endoftext|> and <|im_start|>')).not.toThrow();
  });
});

describe('TiktokenTokenizer', () => {
  it('counts like OpenAI’s o200k_base encoding', () => {
    const tokenizer = new TiktokenTokenizer();
    expect(tokenizer.countTokens('hello world')).toBe(2);
    expect(tokenizer.countTokens('hello world, this is a test of tokenization 日本語')).toBe(12);
    expect(tokenizer.countTokens('<|endoftext|>')).toBeGreaterThan(1);
  });
});
