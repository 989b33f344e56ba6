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

  // A run without whitespace costs byte-pair merging time quadratic in its length: before it was
  // counted piece by piece, a 200,000-letter run held the server's thread for over 20 s (past
  // this test's timeout).
  it('counts very long runs without a space, as a pasted blob or a page of kana, as the encoding does', () => {
    const tokenizer = new TiktokenTokenizer();
    expect(tokenizer.countTokens('z'.repeat(200_000))).toBe(100_000);
    expect(tokenizer.countTokens(`before ${'あ'.repeat(50_000)} after`)).toBe(50_000 + tokenizer.countTokens('before  after'));
    // Emoji are two UTF-16 units: a piece never ends between them.
    expect(tokenizer.countTokens('😀'.repeat(1_000))).toBe(tokenizer.countTokens('😀'.repeat(500)) * 2);
  });
});
