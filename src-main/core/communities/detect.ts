// Hierarchical community detection: Leiden at the requested resolution gives level 0 (the finest,
// modularity-maximising partition); each higher level runs Leiden on the graph of the level below at a
// lower resolution, so communities of communities emerge until a handful remain.
import { at } from '../at';
import { leiden, renumber } from './leiden';
import { aggregate, toEntityGraph, type EntityGraph, type GraphInput } from './level-graph';
import { mergeSmall, splitDisconnected } from './partition';
import { buildLevels, membershipOf, type LevelPartition } from './records';
import { createRng, type Rng } from './rng';
import type { CommunityHierarchy, DetectOptions, ResolvedDetectOptions } from './types';

// Below this, lowering the resolution cannot merge anything more: what is left are separate components.
const MIN_RESOLUTION = 1e-4;

export function resolveOptions(options: DetectOptions = {}): ResolvedDetectOptions {
  return {
    resolution: options.resolution ?? 1,
    seed: options.seed ?? 42,
    maxLevels: Math.max(1, options.maxLevels ?? 4),
    minSize: Math.max(1, options.minSize ?? 1),
    topSize: Math.max(1, options.topSize ?? 6),
    centralCount: Math.max(0, options.centralCount ?? 10),
    restarts: Math.max(1, options.restarts ?? 4),
    weightAttribute: options.weightAttribute ?? 'weight',
  };
}

/** Level-0 partition: best of `restarts` seeded Leiden runs, then minimum size and connectedness. */
function detectLevel0(g: EntityGraph, o: ResolvedDetectOptions): Int32Array {
  let best: { labels: Int32Array; quality: number } | null = null;
  for (let r = 0; r < o.restarts; r++) {
    const run = leiden(g, o.resolution, createRng(o.seed + r * 7919));
    if (!best || run.quality > best.quality + 1e-12) best = run;
  }
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- restarts >= 1 (resolveOptions), so best is set
  const merged = mergeSmall(g, best!.labels, new Float64Array(g.n).fill(1), o.minSize);
  return splitDisconnected(g, merged).labels;
}

/** Communities that can still merge: those beyond one per connected component (components never merge). */
export function mergeableCount(g: EntityGraph, labels: Int32Array): number {
  const components = splitDisconnected(g, new Int32Array(g.n)).count;
  return renumber(labels).count - components;
}

/**
 * One level up: Leiden on the aggregate of `labels`, halving the resolution until the mergeable
 * communities at least halve (or nothing more can merge). Returns null when no merge is possible.
 */
export function nextLevel(
  g: EntityGraph,
  labels: Int32Array,
  resolution: number,
  rng: Rng,
): LevelPartition | null {
  const { labels: lab, count } = renumber(labels);
  const agg = aggregate(g, lab, count);
  const floor = count - mergeableCount(g, lab);
  let gamma = resolution / 2;
  let found: LevelPartition | null = null;
  while (gamma >= MIN_RESOLUTION) {
    const up = leiden(agg, gamma, rng).labels;
    const upCount = renumber(up).count;
    if (upCount < count) found = { labels: lab.map((c) => at(up, c)), resolution: gamma };
    if (upCount - floor <= Math.ceil((count - floor) / 2)) break;
    gamma /= 2;
  }
  if (!found) return null;
  return { labels: splitDisconnected(g, found.labels).labels, resolution: found.resolution };
}

/**
 * Upper levels from level 0 until `maxLevels`, or until the connected part is down to a handful
 * (`topSize`): separate components never merge, so a graph with many islands keeps them apart.
 */
export function buildHierarchy(
  g: EntityGraph,
  level0: Int32Array,
  o: ResolvedDetectOptions,
): LevelPartition[] {
  const levels: LevelPartition[] = [{ labels: level0, resolution: o.resolution }];
  const rng = createRng(o.seed ^ 0x5bd1e995);
  while (levels.length < o.maxLevels) {
    const last = at(levels, levels.length - 1);
    if (mergeableCount(g, last.labels) < o.topSize) break;
    const up = nextLevel(g, last.labels, last.resolution, rng);
    if (!up) break;
    levels.push(up);
  }
  return levels;
}

export function toHierarchy(
  g: EntityGraph,
  levels: LevelPartition[],
  o: ResolvedDetectOptions,
): CommunityHierarchy {
  const built = buildLevels(g, levels, o.centralCount);
  return {
    levels: built,
    membership: membershipOf(at(built, 0)),
    options: o,
    nodeCount: g.n,
    totalWeight: g.twoM / 2,
  };
}

/**
 * Detects hierarchical, internally connected communities. Deterministic for a given graph and seed,
 * whatever order nodes and edges arrive in. Input: a graphology graph or plain nodes and weighted edges
 * (directed edges are read as undirected; repeated pairs add their weights; self-loops are ignored).
 */
export function detectCommunities(input: GraphInput, options: DetectOptions = {}): CommunityHierarchy {
  const o = resolveOptions(options);
  const g = toEntityGraph(input, o.weightAttribute);
  const level0 = detectLevel0(g, o);
  return toHierarchy(g, buildHierarchy(g, level0, o), o);
}
