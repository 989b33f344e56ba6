// The keyword side of knowledge search (ADR 96): what a passage and a question are matched by
// besides their vectors, how much a shared term weighs, and how the two rankings are fused.
// The adapters keep these terms only as keyed hashes; the rules here are the same for all of them.

/** Han, kana (the long-vowel mark and iteration marks too): written without spaces, matched by character pairs. */
const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\u30FC\\u3005\\u3006';
/** A word or code: letters and digits (not CJK), joined by - _ . / : when a letter or digit follows, as in ERR-4012, v1.2.3, src/app.ts. */
const TERMS = new RegExp(`([${CJK}]+)|((?:(?![${CJK}])[\\p{L}\\p{N}\\p{M}])+(?:[-_./:](?:(?![${CJK}])[\\p{L}\\p{N}\\p{M}])+)*)`, 'gu');
const PARTS = /[-_./:]/;

/**
 * The distinct terms of a text, as the keyword side matches them: NFKC and lower case, so
 * full-width `ＥＲＲ－４０１２` and half-width kana match their usual forms; a code such as
 * `err-4012` whole and each of its parts (`err`, `4012`); Japanese and Chinese runs as pairs of
 * characters (a run of one, as itself), since they are written without spaces.
 */
export function searchTerms(text: string): string[] {
  const terms = new Set<string>();
  for (const [, cjk, word] of text.normalize('NFKC').toLowerCase().matchAll(TERMS)) {
    if (cjk !== undefined) {
      const chars = Array.from(cjk);
      if (chars.length === 1) terms.add(chars[0]!);
      for (let i = 0; i + 1 < chars.length; i += 1) terms.add(chars[i]! + chars[i + 1]!);
    } else if (word !== undefined) {
      terms.add(word);
      if (PARTS.test(word)) for (const part of word.split(PARTS)) terms.add(part);
    }
  }
  return [...terms];
}

/** At most this many of the question's terms are looked up (a question is at most 1,000 characters). */
export const MAX_QUERY_TERMS = 64;
/** A term found in more passages than this (or in half of them) is too common to tell passages apart. */
export const COMMON_TERM_PASSAGES = 1_000;
/** How deep each ranking is read before the two are fused. */
export const FUSION_DEPTH = 50;
/** The constant of reciprocal rank fusion (Cormack, Clarke and Büttcher, 2009). */
const RRF_K = 60;

/**
 * How much sharing a term found in `found` of `passages` passages weighs: BM25's inverse
 * document frequency, ln((N − n + ½) / (n + ½)). A term in half the passages or more weighs
 * nothing (it is left out), as is one found in none.
 */
export function termWeight(passages: number, found: number): number {
  if (found === 0 || found > COMMON_TERM_PASSAGES) return 0;
  return Math.max(0, Math.log((passages - found + 0.5) / (found + 0.5)));
}

/**
 * Reciprocal rank fusion of the vector ranking and the keyword ranking (ids, best first): each
 * passage scores Σ 1 / (60 + rank) over the lists it is in, and the best `limit` are kept. Equal
 * scores keep the vector ranking's order, then the keyword ranking's.
 */
export function fuseRanks(vector: readonly string[], keyword: readonly string[], limit: number): string[] {
  const scores = new Map<string, number>();
  for (const list of [vector, keyword]) list.forEach((id, rank) => scores.set(id, (scores.get(id) ?? 0) + 1 / (RRF_K + rank + 1)));
  return [...scores.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([id]) => id);
}
