import type { Direction, GraphPath, Hop, PathFilters, PathOptions } from '../types';

/**
 * Graph walks over evidence, shared by every backend: a backend supplies `edgesOf` (the evidence-backed
 * neighbours of a layer of entities under the walk's filters, built with `edgesFromPairs`), and the
 * breadth-first expansion, path search and neighbour ranking here do the rest.
 */

/** A hop seen from the node being expanded: `to` is the neighbour, `dir` the evidence direction. */
export interface Edge {
  from: string;
  to: string;
  dir: 'out' | 'in';
  evidence: number;
  keywords: string[];
}

/** Evidence rows between an entity and one neighbour: `out` entity → neighbour, `in` the reverse. */
export interface PairCount {
  out: number;
  in: number;
  /** With a keyword filter: the filter's keywords these rows carry. */
  keywords?: Iterable<string>;
}

/** The neighbours of a layer of entities under a walk's filters, by entity; `exempt` skips the type filter. */
export type EdgesOf = (
  ids: string[],
  filters: PathFilters,
  exempt?: Set<string>,
) => Promise<Map<string, Edge[]>>;

/**
 * The edges of entity `a` from its per-neighbour counts, under a walk's filters: the neighbour-type filter
 * exempts `exempt` (path search's two end points); the minimum evidence applies per pair, both directions
 * together when the walk follows both.
 */
export function edgesFromPairs(
  a: string,
  pairs: Iterable<[string, PairCount]>,
  f: PathFilters,
  typeOf: (id: string) => string | undefined,
  exempt?: Set<string>,
): Edge[] {
  const dir = f.direction ?? 'both';
  const types = f.entityTypes?.length ? new Set(f.entityTypes) : null;
  const keep = (b: string) => !types || types.has(typeOf(b) ?? '') || Boolean(exempt?.has(b));
  const min = f.minEvidence ?? 1;
  const edges: Edge[] = [];
  for (const [b, c] of pairs) {
    if (b === a || !keep(b)) continue;
    const outN = dir === 'in' ? 0 : c.out;
    const inN = dir === 'out' ? 0 : c.in;
    if (outN + inN < min || outN + inN === 0) continue;
    const keywords = c.keywords ? [...c.keywords] : [];
    if (outN) edges.push({ from: a, to: b, dir: 'out', evidence: outN, keywords });
    if (inN) edges.push({ from: a, to: b, dir: 'in', evidence: inN, keywords });
  }
  return edges;
}

/** Turns expansion edges into hops in evidence direction (source → target). */
export function toHop(e: Edge): Hop {
  return e.dir === 'out'
    ? { from: e.from, to: e.to, evidence: e.evidence, keywords: e.keywords }
    : { from: e.to, to: e.from, evidence: e.evidence, keywords: e.keywords };
}

/** One entity's edges folded per neighbour, strongest first (ties by id), at most `limit`. */
export function strongestNeighbours(
  edges: Edge[],
  limit: number,
): { id: string; direction: 'out' | 'in' | 'both'; evidence: number; keywords: string[] }[] {
  const byId = new Map<
    string,
    { id: string; direction: 'out' | 'in' | 'both'; evidence: number; keywords: string[] }
  >();
  for (const e of edges) {
    const prev = byId.get(e.to);
    if (prev) {
      prev.direction = 'both';
      prev.evidence += e.evidence;
      for (const k of e.keywords) if (!prev.keywords.includes(k)) prev.keywords.push(k);
    } else {
      byId.set(e.to, { id: e.to, direction: e.dir, evidence: e.evidence, keywords: [...e.keywords] });
    }
  }
  return [...byId.values()].sort((a, b) => b.evidence - a.evidence || (a.id < b.id ? -1 : 1)).slice(0, limit);
}

/** Entities within `depth` hops of the seeds (breadth-first, capped at `maxEntities`), with their hops. */
export async function expandFrom(
  edgesOf: EdgesOf,
  seeds: string[],
  depth: number,
  filters: PathFilters,
  maxEntities: number,
): Promise<{ dist: Map<string, number>; hops: Hop[]; truncated: boolean }> {
  const dist = new Map(seeds.map((s) => [s, 0]));
  const hops: Hop[] = [];
  let frontier = [...seeds];
  let truncated = false;
  for (let d = 1; d <= depth && frontier.length && !truncated; d++) {
    const edges = await edgesOf(frontier, filters, new Set(seeds));
    const next: string[] = [];
    for (const id of frontier)
      for (const e of edges.get(id) ?? []) {
        if (!dist.has(e.to)) {
          if (dist.size >= maxEntities) {
            truncated = true;
            continue;
          }
          dist.set(e.to, d);
          next.push(e.to);
        }
        hops.push(toHop(e));
      }
    frontier = next;
  }
  return { dist, hops: uniqueHops(hops, dist), truncated };
}

const reverse = (d: Direction): Direction => (d === 'out' ? 'in' : d === 'in' ? 'out' : 'both');

/** Breadth-first expansion state for one side of a bidirectional search; adjacency is fetched per layer. */
class Side {
  dist = new Map<string, number>();
  adj = new Map<string, Edge[]>();
  frontier: string[];
  radius = 0;
  constructor(
    readonly start: string,
    private edgesOf: EdgesOf,
    private filters: PathFilters,
    private exempt: Set<string>,
  ) {
    this.dist.set(start, 0);
    this.frontier = [start];
  }
  async grow(): Promise<void> {
    const next: string[] = [];
    const edges = await this.edgesOf(this.frontier, this.filters, this.exempt);
    for (const id of this.frontier) {
      const es = edges.get(id) ?? [];
      this.adj.set(id, es);
      for (const e of es)
        if (!this.dist.has(e.to)) {
          this.dist.set(e.to, this.radius + 1);
          next.push(e.to);
        }
    }
    this.frontier = next;
    this.radius++;
  }
}

/**
 * Shortest paths between two entities, plus the next-shortest ones (up to `extraLength` hops longer),
 * ordered by length, then by the weakest hop's evidence (stronger first). Bidirectional breadth-first
 * search finds the distance; paths are then assembled meet-in-the-middle from both sides' half paths.
 */
export async function findPaths(
  edgesOf: EdgesOf,
  from: string,
  to: string,
  opts: PathOptions = {},
): Promise<GraphPath[]> {
  if (from === to) return [];
  const maxLength = Math.min(opts.maxLength ?? 4, 6);
  const limit = opts.limit ?? 10;
  const maxVisited = opts.maxVisited ?? 50_000;
  const dir = opts.direction ?? 'both';
  const exempt = new Set([from, to]);
  const a = new Side(from, edgesOf, { ...opts, direction: dir }, exempt);
  const b = new Side(to, edgesOf, { ...opts, direction: reverse(dir) }, exempt);
  let shortest = -1;
  while (shortest < 0 && a.radius + b.radius < maxLength) {
    if (!a.frontier.length && !b.frontier.length) break;
    const side = !b.frontier.length || (a.frontier.length && a.frontier.length <= b.frontier.length) ? a : b;
    await side.grow();
    if (a.dist.size + b.dist.size > maxVisited) break;
    for (const [id, da] of a.dist) {
      const db_ = b.dist.get(id);
      if (db_ !== undefined && (shortest < 0 || da + db_ < shortest)) shortest = da + db_;
    }
  }
  if (shortest < 0) return [];
  const longest = Math.min(maxLength, shortest + (opts.extraLength ?? 1));
  // Each side must reach half of the longest length for the halves to meet.
  while (a.radius < Math.ceil(longest / 2) && a.frontier.length && a.dist.size < maxVisited) await a.grow();
  while (b.radius < Math.floor(longest / 2) && b.frontier.length && b.dist.size < maxVisited) await b.grow();
  const found: GraphPath[] = [];
  for (let len = shortest; len <= longest; len++) {
    found.push(...joinHalves(a, b, Math.ceil(len / 2), Math.floor(len / 2), 20_000));
  }
  const weakest = (p: GraphPath) => Math.min(...p.hops.map((h) => h.evidence));
  return found
    .sort(
      (x, y) =>
        x.length - y.length || weakest(y) - weakest(x) || (x.entityIds.join() < y.entityIds.join() ? -1 : 1),
    )
    .slice(0, limit);
}

function uniqueHops(hops: Hop[], keep: Map<string, number>) {
  const seen = new Map<string, Hop>();
  for (const h of hops) if (keep.has(h.from) && keep.has(h.to)) seen.set(`${h.from}\u0000${h.to}`, h);
  return [...seen.values()];
}

/** Half paths of exactly `n` hops from the side's start, as edge lists. */
function halves(side: Side, start: string, n: number, cap: number): Edge[][] {
  const out: Edge[][] = [];
  const walk = (node: string, acc: Edge[], seen: Set<string>) => {
    if (out.length >= cap) return;
    if (acc.length === n) {
      out.push([...acc]);
      return;
    }
    for (const e of side.adj.get(node) ?? []) {
      if (seen.has(e.to)) continue;
      seen.add(e.to);
      acc.push(e);
      walk(e.to, acc, seen);
      acc.pop();
      seen.delete(e.to);
    }
  };
  walk(start, [], new Set([start]));
  return out;
}

function joinHalves(a: Side, b: Side, na: number, nb: number, cap: number): GraphPath[] {
  const start = a.start;
  const end = b.start;
  const bHalves = new Map<string, Edge[][]>();
  for (const h of halves(b, end, nb, cap)) {
    const mid = h.at(-1)?.to ?? end;
    bHalves.set(mid, [...(bHalves.get(mid) ?? []), h]);
  }
  const out: GraphPath[] = [];
  for (const ha of halves(a, start, na, cap)) {
    const mid = ha.at(-1)?.to ?? start;
    for (const hb of bHalves.get(mid) ?? []) {
      const ids = [start, ...ha.map((e) => e.to)];
      const tail = hb.map((e) => e.from).reverse();
      const all = [...ids, ...tail];
      if (new Set(all).size !== all.length) continue;
      // b's edges were expanded from the target side; flip them back into path order.
      const hops = [...ha.map(toHop), ...hb.map(toHop).reverse()];
      out.push({ entityIds: all, hops, length: all.length - 1 });
      if (out.length >= cap) return out;
    }
  }
  return out;
}
