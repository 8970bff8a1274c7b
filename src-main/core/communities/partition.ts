/* eslint-disable @typescript-eslint/no-non-null-assertion -- a justified `!` for the whole file: */
// ! because node ids (< g.n), edge positions (< offsets[n]) and labels (< count) index arrays sized by
// the LevelGraph they come from; these loops run once per level over every edge.
// Post-processing of a flat partition: connectedness guarantee and the minimum community size.
import type { LevelGraph } from './level-graph';
import { renumber } from './leiden';

/**
 * Splits every community into its connected components. Leiden output is already connected; this is the
 * safety net for incremental updates, where deleting evidence can cut a community in two.
 */
export function splitDisconnected(g: LevelGraph, labels: Int32Array): { labels: Int32Array; count: number } {
  const out = new Int32Array(g.n).fill(-1);
  const stack: number[] = [];
  let next = 0;
  for (let s = 0; s < g.n; s++) {
    if (out[s] !== -1) continue;
    out[s] = next;
    stack.push(s);
    while (stack.length > 0) {
      const v = stack.pop()!;
      for (let p = g.offsets[v]!; p < g.offsets[v + 1]!; p++) {
        const u = g.targets[p]!;
        if (out[u] === -1 && labels[u] === labels[s]) {
          out[u] = next;
          stack.push(u);
        }
      }
    }
    next++;
  }
  return renumber(out);
}

/**
 * Merges communities smaller than `minSize` into the neighbouring community they share the most weight
 * with (smallest first, so fragments do not pile onto each other at random). Communities with no
 * neighbour stay as they are: merging them would create a disconnected community. `movable` (by member
 * node) limits which communities may absorb or be absorbed: incremental updates must not touch unaffected ones.
 */
export function mergeSmall(
  g: LevelGraph,
  labels: Int32Array,
  sizes: ArrayLike<number>,
  minSize: number,
  movable?: (node: number) => boolean,
): Int32Array {
  const { labels: lab, count } = renumber(labels);
  if (minSize <= 1) return lab;
  const size = new Float64Array(count);
  const membersOf: number[][] = Array.from({ length: count }, () => []);
  for (let i = 0; i < g.n; i++) {
    size[lab[i]!]! += sizes[i]!;
    membersOf[lab[i]!]!.push(i);
  }
  const canMove = (c: number) => !movable || movable(membersOf[c]![0]!);
  const parent = new Int32Array(count).map((_, i) => i);
  const find = (c: number): number => (parent[c] === c ? c : (parent[c] = find(parent[c]!)));
  const order = [...Array(count).keys()].filter(canMove).sort((a, b) => size[a]! - size[b]! || a - b);
  for (const c0 of order) {
    const c = find(c0);
    if (size[c]! >= minSize) continue;
    const shared = new Map<number, number>();
    for (const v of membersOf[c0]!) {
      for (let p = g.offsets[v]!; p < g.offsets[v + 1]!; p++) {
        const d = find(lab[g.targets[p]!]!);
        if (d !== c && canMove(d)) shared.set(d, (shared.get(d) ?? 0) + g.weights[p]!);
      }
    }
    let best = -1;
    let bestW = 0;
    for (const [d, w] of shared) if (w > bestW || (w === bestW && d < best)) [best, bestW] = [d, w];
    if (best === -1) continue;
    parent[c] = best;
    size[best]! += size[c]!;
  }
  return renumber(lab.map((c) => find(c))).labels;
}
