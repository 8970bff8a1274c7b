// Independent checks on a result, computed from the input graph rather than trusting the detector's
// bookkeeping: used by tests, the benchmark, and as a cheap assertion before persisting.
import { at } from '../at';
import { modularity, toEntityGraph, type GraphInput } from './level-graph';
import { splitDisconnected } from './partition';
import type { CommunityHierarchy } from './types';

/** Modularity of an entity → community assignment (entities missing from it count as singletons). */
export function partitionModularity(
  input: GraphInput,
  membership: Record<string, string>,
  resolution = 1,
  weightAttribute = 'weight',
): number {
  const g = toEntityGraph(input, weightAttribute);
  const label = new Map<string, number>();
  const labels = new Int32Array(g.n).map((_, i) => {
    const key = membership[at(g.ids, i)] ?? `\u0000${at(g.ids, i)}`;
    if (!label.has(key)) label.set(key, label.size);
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- set on the line above
    return label.get(key)!;
  });
  return modularity(g, labels, resolution);
}

/** Ids of communities (any level) whose members are not connected by edges among themselves. */
export function disconnectedCommunities(input: GraphInput, hierarchy: CommunityHierarchy): string[] {
  const g = toEntityGraph(input, hierarchy.options.weightAttribute);
  const bad: string[] = [];
  for (const level of hierarchy.levels) {
    const ids = level.communities.map((c) => c.id);
    const labels = new Int32Array(g.n).fill(-1);
    level.communities.forEach((c, k) => {
      for (const m of c.members) {
        const i = g.index.get(m);
        if (i !== undefined) labels[i] = k;
      }
    });
    const parts = splitDisconnected(g, labels).labels;
    const pieces = new Map<number, Set<number>>();
    for (let i = 0; i < g.n; i++) {
      const label = at(labels, i);
      const set = pieces.get(label) ?? new Set<number>();
      set.add(at(parts, i));
      pieces.set(label, set);
    }
    for (const [k, set] of pieces) if (set.size > 1) bad.push(ids[k] ?? '(unassigned)');
  }
  return bad;
}
