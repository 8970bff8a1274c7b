/* eslint-disable @typescript-eslint/no-non-null-assertion -- a justified `!` for the whole file: */
// ! because node ids (< g.n), edge positions, labels (< count) and levels (k < levels.length) index
// arrays sized by the LevelGraph and the previous hierarchy they are read against.
// Incremental maintenance: after an ingest only the communities touching changed entities (and their
// neighbours' communities) are re-optimised, warm-started from the previous partition, on a subgraph
// that keeps global degrees so the result still optimises modularity of the whole graph. Everything
// else keeps its members and therefore its id, so its summary stays valid.
import { leiden, renumber } from './leiden';
import { aggregate, inducedSubgraph, toEntityGraph, type GraphInput, type LevelGraph } from './level-graph';
import { mergeSmall, splitDisconnected } from './partition';
import { communityId, type LevelPartition } from './records';
import { toHierarchy } from './detect';
import { createRng, type Rng } from './rng';
import { diffHierarchies } from './diff';
import type { CommunityHierarchy, CommunityUpdate } from './types';

interface LocalResult {
  labels: Int32Array;
  affected: number;
}

/**
 * Re-optimises one level. Node i of `g` previously sat in community `prev[i]` (undefined = new node);
 * `changed[i]` marks nodes whose own edges changed; `lostFrom` are previous communities that lost a
 * node. Returns labels for all nodes: unaffected nodes keep their previous grouping.
 */
function updateLevel(
  g: LevelGraph,
  prev: Array<string | undefined>,
  changed: Uint8Array,
  lostFrom: Set<string>,
  resolution: number,
  minSize: number,
  sizes: ArrayLike<number>,
  rng: Rng,
): LocalResult {
  const affected = new Set(lostFrom);
  for (let i = 0; i < g.n; i++) {
    if (!changed[i] && prev[i] !== undefined) continue;
    if (prev[i] !== undefined) affected.add(prev[i]!);
    for (let p = g.offsets[i]!; p < g.offsets[i + 1]!; p++) {
      const c = prev[g.targets[p]!];
      if (c !== undefined) affected.add(c);
    }
  }
  const region: number[] = [];
  for (let i = 0; i < g.n; i++) if (prev[i] === undefined || affected.has(prev[i]!)) region.push(i);
  const labelOf = new Map<string, number>();
  const labels = new Int32Array(g.n);
  for (let i = 0; i < g.n; i++) {
    if (prev[i] === undefined || affected.has(prev[i]!)) continue;
    let l = labelOf.get(prev[i]!);
    if (l === undefined) labelOf.set(prev[i]!, (l = labelOf.size));
    labels[i] = l;
  }
  if (region.length > 0) {
    const sub = inducedSubgraph(g, region);
    // Warm start: keep previous groupings inside the region; new nodes start alone.
    const startOf = new Map<string, number>();
    const start = new Int32Array(region.length).map((_, j) => {
      const c = prev[region[j]!];
      if (c === undefined) return region.length + j;
      if (!startOf.has(c)) startOf.set(c, startOf.size);
      return startOf.get(c)!;
    });
    const found = leiden(sub, resolution, rng, start).labels;
    const subSizes = region.map((i) => sizes[i]!);
    const merged = splitDisconnected(sub, mergeSmall(sub, found, subSizes, minSize)).labels;
    const offset = labelOf.size;
    region.forEach((i, j) => (labels[i] = offset + merged[j]!));
  }
  return { labels: splitDisconnected(g, labels).labels, affected: region.length };
}

function idsOfLevel(ids: string[], labels: Int32Array, level: number): string[] {
  const { labels: lab, count } = renumber(labels);
  const members: string[][] = Array.from({ length: count }, () => []);
  lab.forEach((c, i) => members[c]!.push(ids[i]!));
  return members.map((m) => communityId(level, m.sort()));
}

/**
 * Updates `previous` for the graph after a change. `changedNodeIds` must name every entity that was
 * added, removed, or had an incident edge added, removed or re-weighted (both endpoints), or whose
 * content changed (its communities' summaries go stale). The number of levels and their resolutions are
 * kept; schedule a full `detectCommunities` when `changes.affectedFraction` grows large.
 */
export function updateCommunities(
  previous: CommunityHierarchy,
  changedGraph: GraphInput,
  changedNodeIds: Iterable<string>,
): CommunityUpdate {
  const o = previous.options;
  const g = toEntityGraph(changedGraph, o.weightAttribute);
  const rng = createRng(o.seed + 1);
  const changedIds = new Set(changedNodeIds);
  for (const id of Object.keys(previous.membership)) if (!g.index.has(id)) changedIds.add(id);
  const changed = new Uint8Array(g.n);
  for (const id of changedIds) {
    const i = g.index.get(id);
    if (i !== undefined) changed[i] = 1;
  }
  const lostFrom = new Set<string>();
  for (const id of changedIds)
    if (!g.index.has(id) && previous.membership[id]) lostFrom.add(previous.membership[id]);

  const prev0 = g.ids.map((id) => previous.membership[id]);
  const ones = new Float64Array(g.n).fill(1);
  const level0 = updateLevel(g, prev0, changed, lostFrom, o.resolution, o.minSize, ones, rng);
  const levels: LevelPartition[] = [{ labels: level0.labels, resolution: o.resolution }];

  for (let k = 1; k < previous.levels.length; k++) {
    const below = levels[k - 1]!.labels;
    const { labels: lab, count } = renumber(below);
    const childIds = idsOfLevel(g.ids, lab, k - 1);
    const prevParent = new Map<string, string>();
    for (const c of previous.levels[k - 1]!.communities) if (c.parentId) prevParent.set(c.id, c.parentId);
    const present = new Set(childIds);
    const lostParents = new Set<string>();
    for (const c of previous.levels[k - 1]!.communities)
      if (!present.has(c.id) && c.parentId) lostParents.add(c.parentId);
    const changedChild = new Uint8Array(count);
    for (let i = 0; i < g.n; i++) if (changed[i]) changedChild[lab[i]!] = 1;
    const sizes = new Float64Array(count);
    for (let i = 0; i < g.n; i++) sizes[lab[i]!]!++;
    const agg = aggregate(g, lab, count);
    const prev = childIds.map((id) => prevParent.get(id));
    const up = updateLevel(
      agg,
      prev,
      changedChild,
      lostParents,
      previous.levels[k]!.resolution,
      1,
      sizes,
      rng,
    );
    levels.push({
      labels: splitDisconnected(
        g,
        lab.map((c) => up.labels[c]!),
      ).labels,
      resolution: previous.levels[k]!.resolution,
    });
  }

  const hierarchy = toHierarchy(g, levels, o);
  const changes = diffHierarchies(previous, hierarchy, changedIds, g.n === 0 ? 0 : level0.affected / g.n);
  return { hierarchy, changes };
}
