/**
 * Reciprocal rank fusion: score(d) = Σ 1 / (k + rank_i(d)) over the ranked lists that contain d. Rank-based,
 * so cosine distances and BM25 scores need no calibration against each other. k = 60 is the usual constant
 * (Cormack et al. 2009); it damps the advantage of the very first ranks.
 */
export function reciprocalRankFusion<T extends { id: string }>(
  lists: T[][],
  k = 60,
): { item: T; score: number; ranks: (number | null)[] }[] {
  const acc = new Map<string, { item: T; score: number; ranks: (number | null)[] }>();
  lists.forEach((list, li) => {
    list.forEach((item, i) => {
      const e = acc.get(item.id) ?? { item, score: 0, ranks: lists.map(() => null) };
      if (e.ranks[li] !== null) return;
      e.ranks[li] = i + 1;
      e.score += 1 / (k + i + 1);
      acc.set(item.id, e);
    });
  });
  return [...acc.values()].sort(
    (a, b) => b.score - a.score || (a.item.id < b.item.id ? -1 : a.item.id > b.item.id ? 1 : 0),
  );
}
