/**
 * Reciprocal Rank Fusion: G. V. Cormack, C. L. A. Clarke, S. Büttcher, "Reciprocal Rank Fusion
 * outperforms Condorcet and individual Rank Learning Methods", SIGIR 2009. Each list gives an
 * item `1 / (k + rank)` (rank from 1); an item's fused score is the sum over the lists it is in.
 * Only ranks are used, so the cosine similarities of the vector side and the `ts_rank_cd` scores
 * of the full-text side, which are on unrelated scales, need no normalising.
 */

/** The paper's constant: k = 60 "mitigates the impact of high rankings by outlier systems" (§2). */
export const RRF_K = 60;

/** One fused item: the item, its RRF score, and its 1-based rank in each list (null = absent). */
export type Fused<T> = { item: T; score: number; ranks: (number | null)[] };

/**
 * Fuses ranked lists of items identified by `idOf`. The first occurrence of an id in a list is
 * its rank there; an item seen in several lists keeps the object from the first list it is in.
 * @returns every item of every list, by fused score descending; ties keep the order of first
 *   appearance (list by list), so the result is deterministic.
 */
export function reciprocalRankFusion<T>(lists: readonly (readonly T[])[], idOf: (item: T) => string, k: number = RRF_K): Fused<T>[] {
  const byId = new Map<string, Fused<T> & { order: number }>();
  lists.forEach((list, li) => {
    const seenHere = new Set<string>();
    list.forEach((item, i) => {
      const id = idOf(item);
      if (seenHere.has(id)) return;
      seenHere.add(id);
      let f = byId.get(id);
      if (!f) {
        f = { item, score: 0, ranks: lists.map(() => null), order: byId.size };
        byId.set(id, f);
      }
      f.ranks[li] = i + 1;
      f.score += 1 / (k + i + 1);
    });
  });
  return [...byId.values()].sort((a, b) => b.score - a.score || a.order - b.order).map(({ order: _order, ...f }) => f);
}
