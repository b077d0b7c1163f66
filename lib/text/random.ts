/**
 * A small seeded pseudo-random generator and string hash, for anything that must draw the same
 * sequence for the same seed: the offline interview planner (same plan for the same input and
 * seed), the fake LLM's deterministic answers, and the vectors of the vector-store tests and
 * benchmark. Not for security.
 *
 * mulberry32 (Tommy Ettinger, public domain): 32-bit state, period 2^32 — plenty for
 * shuffling a few hundred questions. String seeds are hashed with FNV-1a.
 */

/** FNV-1a 32-bit hash of a string. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Returns a function giving numbers in [0, 1), deterministic for a given seed. */
export function seededRandom(seed: number | string): () => number {
  let a = (typeof seed === "string" ? hashString(seed) : Math.floor(seed)) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
