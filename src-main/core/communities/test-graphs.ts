// Small synthetic graphs for the unit tests of this folder.
import type { WeightedEdge } from './types';

export interface MutableGraph {
  nodes: string[];
  edges: WeightedEdge[];
}

/** `count` cliques of `size` nodes ("<prefix><clique>-<i>"), each joined to the next by one edge. */
export function ringOfCliques(count: number, size: number, prefix = 'n'): MutableGraph {
  const edges: WeightedEdge[] = [];
  const nodes: string[] = [];
  for (let c = 0; c < count; c++) {
    for (let i = 0; i < size; i++) {
      nodes.push(`${prefix}${c}-${i}`);
      for (let j = i + 1; j < size; j++)
        edges.push({ source: `${prefix}${c}-${i}`, target: `${prefix}${c}-${j}` });
    }
    if (count > 1) edges.push({ source: `${prefix}${c}-0`, target: `${prefix}${(c + 1) % count}-1` });
  }
  return { nodes, edges };
}

/** Deterministic pseudo-random graph with planted groups (for cross-checks against graphology-metrics). */
export function plantedGraph(
  groups: number,
  size: number,
  pIn: number,
  pOut: number,
  seed = 1,
): MutableGraph {
  let s = seed;
  const rand = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  const nodes = Array.from({ length: groups * size }, (_, i) => `v${i}`);
  const edges: WeightedEdge[] = [];
  for (let i = 0; i < nodes.length; i++) {
    for (let j = i + 1; j < nodes.length; j++) {
      const same = Math.floor(i / size) === Math.floor(j / size);
      if (rand() < (same ? pIn : pOut)) edges.push({ source: `v${i}`, target: `v${j}`, weight: 1 + (i % 3) });
    }
  }
  return { nodes, edges };
}
