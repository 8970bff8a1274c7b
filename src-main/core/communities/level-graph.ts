/* eslint-disable @typescript-eslint/no-non-null-assertion -- a justified `!` for the whole file: */
// ! because node ids (< n), edge positions (< offsets[n]) and labels (< count) index arrays sized by
// the CSR layout built here; checked accesses would cost a branch per read in the innermost loops.
// Compact CSR representation the Leiden passes work on. Building it sorts node ids and adjacency so
// results do not depend on the order the store happens to return rows in.
import type { AbstractGraph } from 'graphology-types';
import type { PlainGraph } from './types';

export interface LevelGraph {
  n: number;
  /** Row i spans offsets[i] .. offsets[i + 1] in targets / weights. Each undirected edge appears twice. */
  offsets: Int32Array;
  targets: Int32Array;
  weights: Float64Array;
  /** Weight of edges folded inside an aggregated node (counted once). */
  selfWeight: Float64Array;
  /** Weighted degree in the ORIGINAL graph (sum over members), so modularity stays global. */
  strength: Float64Array;
  /** Sum of all strengths (2m) of the original graph. */
  twoM: number;
}

export interface EntityGraph extends LevelGraph {
  ids: string[];
  index: Map<string, number>;
}

export type GraphInput = PlainGraph | AbstractGraph;

function isGraphology(input: GraphInput): input is AbstractGraph {
  return typeof (input as AbstractGraph).forEachEdge === 'function';
}

/** Builds the entity-level CSR. Self-loops carry no community signal and are dropped; repeated pairs add up. */
export function toEntityGraph(input: GraphInput, weightAttribute = 'weight'): EntityGraph {
  const idSet = new Set<string>();
  const raw: Array<[string, string, number]> = [];
  const push = (s: string, t: string, w: unknown) => {
    const weight = w === undefined || w === null ? 1 : Number(w);
    if (s !== t && Number.isFinite(weight) && weight > 0) raw.push([s, t, weight]);
  };
  if (isGraphology(input)) {
    input.forEachNode((node) => idSet.add(node));
    input.forEachEdge((_e, attrs, s, t) => push(s, t, attrs[weightAttribute]));
  } else {
    for (const node of input.nodes) idSet.add(typeof node === 'string' ? node : node.id);
    for (const e of input.edges) {
      idSet.add(e.source);
      idSet.add(e.target);
      push(e.source, e.target, e.weight);
    }
  }
  const ids = [...idSet].sort();
  const index = new Map(ids.map((id, i) => [id, i] as const));
  const pairs = raw.map(([s, t, w]) => [index.get(s)!, index.get(t)!, w] as const);
  return { ids, index, ...buildCsr(ids.length, pairs, new Float64Array(ids.length), null) };
}

/** CSR from undirected pairs; duplicates merge. `strength` null means: derive from the edges. */
export function buildCsr(
  n: number,
  pairs: ReadonlyArray<readonly [number, number, number]>,
  selfWeight: Float64Array,
  strength: Float64Array | null,
  twoM?: number,
): LevelGraph {
  const deg = new Int32Array(n + 1);
  for (const [a, b] of pairs) {
    deg[a + 1]!++;
    deg[b + 1]!++;
  }
  for (let i = 0; i < n; i++) deg[i + 1]! += deg[i]!;
  const fill = deg.slice(0, n);
  const tmpT = new Int32Array(deg[n]!);
  const tmpW = new Float64Array(deg[n]!);
  for (const [a, b, w] of pairs) {
    tmpT[fill[a]!] = b;
    tmpW[fill[a]!++] = w;
    tmpT[fill[b]!] = a;
    tmpW[fill[b]!++] = w;
  }
  // Sort each row by neighbour and merge repeats, so adjacency order is canonical.
  const offsets = new Int32Array(n + 1);
  const targets: number[] = [];
  const weights: number[] = [];
  const order: number[] = [];
  for (let i = 0; i < n; i++) {
    order.length = 0;
    for (let p = deg[i]!; p < deg[i + 1]!; p++) order.push(p);
    order.sort((x, y) => tmpT[x]! - tmpT[y]!);
    let last = -1;
    for (const p of order) {
      if (tmpT[p] === last) weights[weights.length - 1]! += tmpW[p]!;
      else {
        targets.push(tmpT[p]!);
        weights.push(tmpW[p]!);
        last = tmpT[p]!;
      }
    }
    offsets[i + 1] = targets.length;
  }
  const g = {
    n,
    offsets,
    targets: Int32Array.from(targets),
    weights: Float64Array.from(weights),
    selfWeight,
  };
  const s = strength ?? new Float64Array(n);
  if (!strength) {
    for (let i = 0; i < n; i++) {
      let k = 2 * selfWeight[i]!;
      for (let p = offsets[i]!; p < offsets[i + 1]!; p++) k += g.weights[p]!;
      s[i] = k;
    }
  }
  return { ...g, strength: s, twoM: twoM ?? s.reduce((a, b) => a + b, 0) };
}

/** Collapses each community of `labels` (0..count-1) into one node; strengths and 2m carry over. */
export function aggregate(g: LevelGraph, labels: Int32Array, count: number): LevelGraph {
  const selfWeight = new Float64Array(count);
  const strength = new Float64Array(count);
  const pairs = new Map<number, number>();
  for (let i = 0; i < g.n; i++) {
    const a = labels[i]!;
    selfWeight[a]! += g.selfWeight[i]!;
    strength[a]! += g.strength[i]!;
    for (let p = g.offsets[i]!; p < g.offsets[i + 1]!; p++) {
      const b = labels[g.targets[p]!]!;
      if (a === b) selfWeight[a]! += g.weights[p]! / 2;
      else if (a < b) pairs.set(a * count + b, (pairs.get(a * count + b) ?? 0) + g.weights[p]!);
    }
  }
  const list = [...pairs].map(([key, w]) => [Math.floor(key / count), key % count, w] as const);
  return buildCsr(count, list, selfWeight, strength, g.twoM);
}

/** Subgraph on `nodes` (local index = position) keeping global strengths, so optimising it optimises global modularity. */
export function inducedSubgraph(g: LevelGraph, nodes: ArrayLike<number>): LevelGraph {
  const local = new Map<number, number>();
  for (let i = 0; i < nodes.length; i++) local.set(nodes[i]!, i);
  const pairs: Array<[number, number, number]> = [];
  const selfWeight = new Float64Array(nodes.length);
  const strength = new Float64Array(nodes.length);
  for (let i = 0; i < nodes.length; i++) {
    const v = nodes[i]!;
    selfWeight[i] = g.selfWeight[v]!;
    strength[i] = g.strength[v]!;
    for (let p = g.offsets[v]!; p < g.offsets[v + 1]!; p++) {
      const j = local.get(g.targets[p]!);
      if (j !== undefined && i < j) pairs.push([i, j, g.weights[p]!]);
    }
  }
  return buildCsr(nodes.length, pairs, selfWeight, strength, g.twoM);
}

/** Q = Σ_c [ L_c / m − γ (K_c / 2m)² ] — the standard weighted definition (networkx, graphology-metrics). */
export function modularity(g: LevelGraph, labels: Int32Array, resolution = 1): number {
  if (g.twoM === 0) return 0;
  const inside = new Map<number, number>();
  const total = new Map<number, number>();
  for (let i = 0; i < g.n; i++) {
    const c = labels[i]!;
    total.set(c, (total.get(c) ?? 0) + g.strength[i]!);
    let w = 2 * g.selfWeight[i]!;
    for (let p = g.offsets[i]!; p < g.offsets[i + 1]!; p++)
      if (labels[g.targets[p]!] === c) w += g.weights[p]!;
    inside.set(c, (inside.get(c) ?? 0) + w);
  }
  let q = 0;
  for (const [c, k] of total) q += (inside.get(c) ?? 0) / g.twoM - resolution * (k / g.twoM) ** 2;
  return q;
}
