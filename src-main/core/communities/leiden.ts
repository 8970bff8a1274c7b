/* eslint-disable @typescript-eslint/no-non-null-assertion -- a justified `!` for the whole file: */
// ! because node ids (< n), edge positions (< offsets[n]) and community labels (< n) index arrays sized n or m by
// the CSR layout of LevelGraph; checked accesses would cost a branch per read in the innermost loops.
// Leiden (Traag, Waltman & van Eck 2019) for modularity on a LevelGraph. Written here rather than
// wrapping graphology-communities-louvain because Ariadne needs what that package cannot do: start from
// a previous partition (incremental updates), and the refinement phase that only merges well-connected
// subsets, which is what guarantees connected communities.
import { aggregate, modularity, type LevelGraph } from './level-graph';
import { shuffledRange, type Rng } from './rng';

/** Relabels to 0..count-1 in order of first appearance (deterministic). */
export function renumber(labels: Int32Array): { labels: Int32Array; count: number } {
  const map = new Map<number, number>();
  const out = new Int32Array(labels.length);
  for (let i = 0; i < labels.length; i++) {
    let c = map.get(labels[i]!);
    if (c === undefined) map.set(labels[i]!, (c = map.size));
    out[i] = c;
  }
  return { labels: out, count: map.size };
}

/** Queue-based local moving: each node goes to the neighbouring community with the best modularity gain. */
export function moveNodesFast(g: LevelGraph, comm: Int32Array, resolution: number, rng: Rng): boolean {
  const { n, offsets, targets, weights, strength } = g;
  const scale = resolution / g.twoM;
  const total = new Float64Array(n);
  const members = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    total[comm[i]!]! += strength[i]!;
    members[comm[i]!]!++;
  }
  const empty: number[] = [];
  for (let c = n - 1; c >= 0; c--) if (members[c] === 0) empty.push(c);
  const queue = new Int32Array(n);
  queue.set(shuffledRange(n, rng));
  const queued = new Uint8Array(n).fill(1);
  let head = 0;
  let size = n;
  const neighWeight = new Float64Array(n);
  const neighComms = new Int32Array(n);
  let moved = false;
  while (size > 0) {
    const v = queue[head]!;
    head = (head + 1) % n;
    size--;
    queued[v] = 0;
    const own = comm[v]!;
    const kv = strength[v]!;
    let count = 0;
    for (let p = offsets[v]!; p < offsets[v + 1]!; p++) {
      const c = comm[targets[p]!]!;
      if (neighWeight[c] === 0) neighComms[count++] = c;
      neighWeight[c]! += weights[p]!;
    }
    total[own]! -= kv;
    members[own]!--;
    let best = own;
    let bestGain = neighWeight[own]! - kv * total[own]! * scale;
    for (let i = 0; i < count; i++) {
      const c = neighComms[i]!;
      const gain = neighWeight[c]! - kv * total[c]! * scale;
      if (gain > bestGain) {
        bestGain = gain;
        best = c;
      }
    }
    // Every option costs modularity: a community of its own (gain 0) is better.
    if (bestGain < 0 && members[own]! > 0) {
      best = empty.pop()!;
      bestGain = 0;
    }
    for (let i = 0; i < count; i++) neighWeight[neighComms[i]!] = 0;
    if (members[own] === 0 && best !== own) empty.push(own);
    total[best]! += kv;
    members[best]!++;
    comm[v] = best;
    if (best === own) continue;
    moved = true;
    for (let p = offsets[v]!; p < offsets[v + 1]!; p++) {
      const u = targets[p]!;
      if (!queued[u] && comm[u] !== best) {
        queue[(head + size) % n] = u;
        size++;
        queued[u] = 1;
      }
    }
  }
  return moved;
}

/**
 * Leiden refinement: inside each community, singletons merge greedily into well-connected sub-communities,
 * so every aggregate (and therefore every final community) is connected.
 */
export function refinePartition(g: LevelGraph, comm: Int32Array, resolution: number, rng: Rng): Int32Array {
  const { n, offsets, targets, weights, strength } = g;
  const scale = resolution / g.twoM;
  const commTotal = new Float64Array(n);
  for (let i = 0; i < n; i++) commTotal[comm[i]!]! += strength[i]!;
  const ref = new Int32Array(n);
  const refTotal = new Float64Array(n);
  const refExternal = new Float64Array(n);
  const singleton = new Uint8Array(n).fill(1);
  for (let i = 0; i < n; i++) {
    ref[i] = i;
    refTotal[i] = strength[i]!;
    for (let p = offsets[i]!; p < offsets[i + 1]!; p++)
      if (comm[targets[p]!] === comm[i]) refExternal[i]! += weights[p]!;
  }
  const neighWeight = new Float64Array(n);
  const neighRefs = new Int32Array(n);
  for (const v of shuffledRange(n, rng)) {
    if (!singleton[v]) continue;
    const kc = commTotal[comm[v]!]!;
    const kv = strength[v]!;
    if (refExternal[v]! < kv * (kc - kv) * scale) continue;
    let count = 0;
    for (let p = offsets[v]!; p < offsets[v + 1]!; p++) {
      const u = targets[p]!;
      if (comm[u] !== comm[v]) continue;
      const r = ref[u]!;
      if (neighWeight[r] === 0) neighRefs[count++] = r;
      neighWeight[r]! += weights[p]!;
    }
    let best = -1;
    let bestGain = 0;
    for (let i = 0; i < count; i++) {
      const r = neighRefs[i]!;
      if (r === v) continue;
      const wellConnected = refExternal[r]! >= refTotal[r]! * (kc - refTotal[r]!) * scale;
      const gain = neighWeight[r]! - kv * refTotal[r]! * scale;
      if (wellConnected && gain >= bestGain) {
        if (gain > bestGain || best === -1) best = r;
        bestGain = gain;
      }
    }
    if (best !== -1) {
      refExternal[best]! += refExternal[v]! - 2 * neighWeight[best]!;
      refTotal[best]! += kv;
      ref[v] = best;
      singleton[v] = 0;
      singleton[best] = 0;
    }
    for (let i = 0; i < count; i++) neighWeight[neighRefs[i]!] = 0;
  }
  return ref;
}

/** One Leiden run to convergence, starting from `initial` (or singletons). Returns labels 0..count-1. */
function leidenPass(g: LevelGraph, initial: Int32Array, resolution: number, rng: Rng): Int32Array {
  let level = g;
  let comm = renumber(initial).labels;
  let nodeOf: Int32Array = new Int32Array(g.n).map((_, i) => i);
  for (;;) {
    moveNodesFast(level, comm, resolution, rng);
    const partition = renumber(comm);
    if (partition.count === level.n) {
      comm = partition.labels;
      break;
    }
    let refined = renumber(refinePartition(level, partition.labels, resolution, rng));
    // Refinement found nothing to merge: aggregate by the partition itself (Louvain step) to make progress.
    if (refined.count === level.n) refined = partition;
    const next = new Int32Array(refined.count);
    for (let i = 0; i < level.n; i++) next[refined.labels[i]!] = partition.labels[i]!;
    level = aggregate(level, refined.labels, refined.count);
    nodeOf = nodeOf.map((x) => refined.labels[x]!);
    comm = next;
  }
  return renumber(nodeOf.map((x) => comm[x]!)).labels;
}

/** Leiden iterated from its own output until modularity stops improving (as leidenalg's n_iterations=-1). */
export function leiden(
  g: LevelGraph,
  resolution: number,
  rng: Rng,
  initial?: Int32Array,
  maxIterations = 10,
): { labels: Int32Array; quality: number } {
  let labels = initial ? renumber(initial).labels : new Int32Array(g.n).map((_, i) => i);
  let quality = modularity(g, labels, resolution);
  for (let it = 0; it < maxIterations; it++) {
    const next = leidenPass(g, labels, resolution, rng);
    const q = modularity(g, next, resolution);
    if (q <= quality + 1e-12 && it > 0) break;
    if (q >= quality - 1e-12) {
      labels = next;
      quality = q;
    }
  }
  return { labels, quality };
}
