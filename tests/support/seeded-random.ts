/**
 * A small seeded pseudo-random generator (mulberry32), so a randomized test can print its seed
 * and be replayed with it. Not for anything secret.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A generator of its own for each name under one seed (one per question, say), independent of call order elsewhere. */
export function seededStreams(seed: number): (name: string) => () => number {
  return (name) => {
    let hash = seed >>> 0;
    for (const char of name) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
    return seededRandom(hash);
  };
}
