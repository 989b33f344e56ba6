import { describe, expect, it } from 'vitest';
import { hasUnstorableText, isUnstorableText } from '../../../core/shared/storable-text';

describe('storable text', () => {
  it('finds a NUL and lone surrogates, and lets paired surrogates (emoji) and plain text through', () => {
    expect(isUnstorableText('a\u0000b')).toBe(true);
    expect(isUnstorableText('x\uD800')).toBe(true);
    expect(isUnstorableText('\uDC00x')).toBe(true);
    expect(isUnstorableText('\uD83D\uDE00 ok 日本語')).toBe(false);
    expect(isUnstorableText('')).toBe(false);
  });

  it('looks into arrays, objects and keys at any depth', () => {
    expect(hasUnstorableText({ a: [{ b: 'ok' }, 'fine'] })).toBe(false);
    expect(hasUnstorableText({ a: [{ b: 'bad\u0000' }] })).toBe(true);
    expect(hasUnstorableText({ ['k\uD800']: 1 })).toBe(true);
    expect(hasUnstorableText([null, 3, true, undefined])).toBe(false);
    expect(hasUnstorableText(undefined)).toBe(false);
  });
});
