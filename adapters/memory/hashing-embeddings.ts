import type { Embeddings } from '../../core/knowledge/embeddings.port';

const WORD = /[\p{L}\p{N}]+/gu;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/**
 * A deterministic stand-in for an embedding model: words (and CJK character pairs) hashed into
 * the vector, so texts sharing words are near each other. Serves tests, the OpenAI fake and the
 * ingestion benchmark's zero-latency embedder; never a production choice.
 */
export function hashingEmbedding(text: string, dimensions: number): Float32Array {
  const v = new Float32Array(dimensions);
  for (const word of text.toLowerCase().match(WORD) ?? []) {
    const terms = CJK.test(word) ? Array.from({ length: Math.max(0, word.length - 1) }, (_, i) => word.slice(i, i + 2)) : word.length > 2 ? [word] : [];
    for (const term of terms) {
      let h = 2166136261;
      for (let i = 0; i < term.length; i += 1) h = Math.imul(h ^ term.charCodeAt(i), 16777619);
      v[(h >>> 0) % dimensions]! += ((h & 0x80000000) !== 0 ? 1 : -1) * (1 + (term.length % 3) * 0.1);
    }
  }
  let norm = 0;
  for (const x of v) norm += x * x;
  if (norm === 0) {
    v[0] = 1;
    return v;
  }
  norm = Math.sqrt(norm);
  for (let i = 0; i < v.length; i += 1) v[i]! /= norm;
  return v;
}

export class HashingEmbeddings implements Embeddings {
  readonly model = 'hashing-test';
  constructor(readonly dimensions = 1024) {}
  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    return texts.map((t) => hashingEmbedding(t, this.dimensions));
  }
}
