import { stemmer } from 'stemmer';

// The keyword side of knowledge search (ADR 96): what a passage and a question are matched by
// besides their vectors, how much a shared term weighs, and how the two rankings are fused.
// The adapters keep these terms only as keyed hashes; the rules here are the same for all of them.

/** Han, kana (the long-vowel mark and iteration marks too): written without spaces, matched by character pairs. */
const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\u30FC\\u3005\\u3006';
/** A word or code: letters and digits (not CJK), joined by - _ . / : when a letter or digit follows, as in ERR-4012, v1.2.3, src/app.ts. */
const TERMS = new RegExp(`([${CJK}]+)|((?:(?![${CJK}])[\\p{L}\\p{N}\\p{M}])+(?:[-_./:](?:(?![${CJK}])[\\p{L}\\p{N}\\p{M}])+)*)`, 'gu');
const PARTS = /[-_./:]/;

/**
 * The version of the terms below, kept with each passage's hashes (`knowledge_chunks.terms_version`):
 * 1 the words as written, 2 English words stemmed (ADR 98). Passages of an older version are hashed
 * again by the worker's `knowledge-terms` job; a change to `searchTerms` needs a new version.
 */
export const TERMS_VERSION = 2;

/** A word Porter's English stemmer is for: letters a–z only (after NFKC and lower case). */
const ENGLISH_WORD = /^[a-z]+$/;

/** A term as matched (`stem`: an English word's Porter stem, any other term as it is) and as written. */
interface TermForm {
  readonly stem: string;
  readonly written: string;
}

function* termForms(text: string): Generator<TermForm> {
  const form = (written: string): TermForm => ({ stem: ENGLISH_WORD.test(written) ? stemmer(written) : written, written });
  for (const [, cjk, word] of text.normalize('NFKC').toLowerCase().matchAll(TERMS)) {
    if (cjk !== undefined) {
      const chars = Array.from(cjk);
      if (chars.length === 1) yield form(chars[0]!);
      for (let i = 0; i + 1 < chars.length; i += 1) yield form(chars[i]! + chars[i + 1]!);
    } else if (word !== undefined) {
      yield form(word);
      if (PARTS.test(word)) for (const part of word.split(PARTS)) yield form(part);
    }
  }
}

/**
 * The distinct terms of a text, as the keyword side matches them: NFKC and lower case, so
 * full-width `ＥＲＲ－４０１２` and half-width kana match their usual forms; a code such as
 * `err-4012` whole and each of its parts (`err`, `4012`); Japanese and Chinese runs as pairs of
 * characters (a run of one, as itself), since they are written without spaces. An English word
 * (letters a–z only, a code's part too) is kept as its Porter stem (`refunds`, `refunded` →
 * `refund`; ADR 98); codes, numbers, words with other letters and CJK pairs are kept as they are.
 */
export function searchTerms(text: string): string[] {
  const terms = new Set<string>();
  for (const { stem } of termForms(text)) terms.add(stem);
  return [...terms];
}

/**
 * The terms as version 1 of them kept each passage's (before ADR 98): every word as written, not
 * stemmed. What the passages a previous release stored hold until the worker hashes them again.
 */
export function writtenTerms(text: string): string[] {
  const terms = new Set<string>();
  for (const { written } of termForms(text)) terms.add(written);
  return [...terms];
}

/**
 * A question's terms, `MAX_QUERY_TERMS` at most, in the order written: as `searchTerms` gives
 * them and, with `alsoWritten` (while some of the workspace's passages are still hashed by an
 * older version, which kept words as written), each stemmed word as written too.
 */
export function questionTerms(text: string, alsoWritten: boolean): string[] {
  const terms = new Set<string>();
  for (const { stem, written } of termForms(text)) {
    if (terms.size >= MAX_QUERY_TERMS) break;
    terms.add(stem);
    if (alsoWritten && terms.size < MAX_QUERY_TERMS) terms.add(written);
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
