/**
 * Weighted fusion of min–max normalised scores (a convex combination, as in Bruch et al., "An Analysis of
 * Fusion Functions for Hybrid Retrieval", 2023). Reciprocal rank fusion gives both lists the same say
 * whatever their quality: with the built-in hashed vectors (SciFact nDCG@10 0.430) against BM25 (0.672),
 * RRF scored 0.587, below its better leg. Normalised scores keep how far apart the hits of one list are,
 * and the weight says how much each list is trusted.
 */
export function weightedFusion<T extends { id: string; score: number }>(
  lists: { hits: T[]; weight: number }[],
): { item: T; score: number }[] {
  const acc = new Map<string, { item: T; score: number }>();
  for (const { hits, weight } of lists) {
    if (!hits.length) continue;
    let lo = Infinity;
    let hi = -Infinity;
    for (const h of hits) {
      lo = Math.min(lo, h.score);
      hi = Math.max(hi, h.score);
    }
    for (const h of hits) {
      const norm = hi > lo ? (h.score - lo) / (hi - lo) : 1;
      const e = acc.get(h.id) ?? { item: h, score: 0 };
      e.score += weight * norm;
      acc.set(h.id, e);
    }
  }
  return [...acc.values()].sort((a, b) => b.score - a.score || (a.item.id < b.item.id ? -1 : 1));
}
