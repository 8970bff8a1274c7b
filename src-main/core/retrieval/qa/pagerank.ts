/**
 * Personalised PageRank by power iteration over a small weighted undirected graph (the neighbourhood of a
 * question, a few thousand nodes at most): the random walk restarts at the seeds with probability
 * `1 - damping`, so the score of a node is how reachable it is from what the question names. HippoRAG
 * (Gutiérrez et al., NeurIPS 2024) ranks passages this way; its damping of 0.5 is kept.
 */
export function personalisedPageRank(
  edges: Map<string, Map<string, number>>,
  seeds: Map<string, number>,
  opts: { damping?: number; iterations?: number; tolerance?: number } = {},
): Map<string, number> {
  const damping = opts.damping ?? 0.5;
  const total = [...seeds.values()].reduce((a, b) => a + Math.max(0, b), 0);
  if (total <= 0) return new Map();
  const restart = new Map([...seeds].filter(([, w]) => w > 0).map(([id, w]) => [id, w / total]));
  const strength = new Map<string, number>();
  for (const [id, nbs] of edges) {
    let s = 0;
    for (const w of nbs.values()) s += w;
    strength.set(id, s);
  }
  let rank = new Map(restart);
  for (let it = 0; it < (opts.iterations ?? 30); it++) {
    const next = new Map<string, number>();
    for (const [id, r] of restart) next.set(id, (1 - damping) * r);
    let dangling = 0;
    for (const [id, r] of rank) {
      const nbs = edges.get(id);
      const s = strength.get(id) ?? 0;
      if (!nbs || s <= 0) {
        dangling += r;
        continue;
      }
      for (const [nb, w] of nbs) next.set(nb, (next.get(nb) ?? 0) + (damping * r * w) / s);
    }
    // A walk that reaches a node without edges starts again from the seeds.
    if (dangling > 0)
      for (const [id, r] of restart) next.set(id, (next.get(id) ?? 0) + damping * dangling * r);
    let delta = 0;
    for (const [id, r] of next) delta += Math.abs(r - (rank.get(id) ?? 0));
    rank = next;
    if (delta < (opts.tolerance ?? 1e-6)) break;
  }
  return rank;
}

/** Adds an undirected weighted edge (weights of repeated edges add up). */
export function addEdge(edges: Map<string, Map<string, number>>, a: string, b: string, w: number): void {
  if (a === b || w <= 0) return;
  for (const [x, y] of [
    [a, b],
    [b, a],
  ] as const) {
    const m = edges.get(x) ?? new Map<string, number>();
    m.set(y, (m.get(y) ?? 0) + w);
    edges.set(x, m);
  }
}
