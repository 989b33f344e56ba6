/**
 * The web search results one answer may still use. The plan gives them per answer (spec 9:
 * free 1, entry 3, standard 5, premium 10), not per search: the tool loop lets the model search
 * up to 20 times an answer, which at one result a search gave a free workspace 20 (and cost 20
 * engine queries). Shared by every call of one answer, including calls of the same round that
 * run at once, so results are reserved before the engine is asked and what it did not return is
 * given back.
 */
export class SearchAllowance {
  #left: number;

  constructor(readonly perAnswer: number) {
    this.#left = Math.max(0, Math.floor(perAnswer));
  }

  get left(): number {
    return this.#left;
  }

  /** Reserves up to `wanted` results; 0 when the answer has used them all. */
  take(wanted: number): number {
    const taken = Math.min(this.#left, Math.max(0, Math.floor(wanted)));
    this.#left -= taken;
    return taken;
  }

  /** Gives back results reserved but not returned (fewer hits, an engine that failed). */
  giveBack(unused: number): void {
    this.#left = Math.min(this.perAnswer, this.#left + Math.max(0, Math.floor(unused)));
  }
}
