import type { AdjacencyIndex } from './adjacency-index';
import type { KuzuDb, KuzuRunner } from './kuzu-db';
import { neighbourEdges, toHop, type Edge } from './adjacency';
import { fetchEntities } from './rows';
import type { Direction, Expansion, GraphPath, PathFilters, PathOptions } from '../types';

const reverse = (d: Direction): Direction => (d === 'out' ? 'in' : d === 'in' ? 'out' : 'both');

/** Breadth-first expansion state for one side of a bidirectional search; adjacency is fetched per layer. */
class Side {
  dist = new Map<string, number>();
  adj = new Map<string, Edge[]>();
  frontier: string[];
  radius = 0;
  constructor(
    start: string,
    private index: AdjacencyIndex,
    private filters: PathFilters,
    private exempt: Set<string>,
  ) {
    this.dist.set(start, 0);
    this.frontier = [start];
  }
  async grow(r: KuzuRunner): Promise<void> {
    const next: string[] = [];
    const edges = await neighbourEdges(r, this.index, this.frontier, this.filters, this.exempt);
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

export function pathQueries(db: KuzuDb, index: AdjacencyIndex) {
  return {
    /** Entities within `depth` hops of the seeds (breadth-first, capped), with the hops between them. */
    async expand(
      seeds: string[],
      depth = 2,
      filters: PathFilters = {},
      maxEntities = 500,
    ): Promise<Expansion> {
      return db.read(async (r) => {
        const dist = new Map(seeds.map((s) => [s, 0]));
        const hops = [];
        let frontier = [...seeds];
        let truncated = false;
        for (let d = 1; d <= depth && frontier.length && !truncated; d++) {
          const edges = await neighbourEdges(r, index, frontier, filters, new Set(seeds));
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
        const entities = await fetchEntities(r, [...dist.keys()]);
        return { entities, hops: uniqueHops(hops, dist), depth: Object.fromEntries(dist), truncated };
      });
    },

    /**
     * Shortest paths between two entities, plus the next-shortest ones (up to `extraLength` hops longer),
     * ordered by length, then by the weakest hop's evidence (stronger first). Bidirectional breadth-first
     * search finds the distance; paths are then assembled meet-in-the-middle from both sides' half paths.
     */
    async paths(from: string, to: string, opts: PathOptions = {}): Promise<GraphPath[]> {
      if (from === to) return [];
      const maxLength = Math.min(opts.maxLength ?? 4, 6);
      const limit = opts.limit ?? 10;
      const maxVisited = opts.maxVisited ?? 50_000;
      const dir = opts.direction ?? 'both';
      const exempt = new Set([from, to]);
      return db.read(async (r) => {
        const a = new Side(from, index, { ...opts, direction: dir }, exempt);
        const b = new Side(to, index, { ...opts, direction: reverse(dir) }, exempt);
        let shortest = -1;
        while (shortest < 0 && a.radius + b.radius < maxLength) {
          if (!a.frontier.length && !b.frontier.length) break;
          const side =
            !b.frontier.length || (a.frontier.length && a.frontier.length <= b.frontier.length) ? a : b;
          await side.grow(r);
          if (a.dist.size + b.dist.size > maxVisited) break;
          for (const [id, da] of a.dist) {
            const db_ = b.dist.get(id);
            if (db_ !== undefined && (shortest < 0 || da + db_ < shortest)) shortest = da + db_;
          }
        }
        if (shortest < 0) return [];
        const longest = Math.min(maxLength, shortest + (opts.extraLength ?? 1));
        // Each side must reach half of the longest length for the halves to meet.
        while (a.radius < Math.ceil(longest / 2) && a.frontier.length && a.dist.size < maxVisited)
          await a.grow(r);
        while (b.radius < Math.floor(longest / 2) && b.frontier.length && b.dist.size < maxVisited)
          await b.grow(r);
        const found: GraphPath[] = [];
        for (let len = shortest; len <= longest; len++) {
          found.push(...joinHalves(a, b, Math.ceil(len / 2), Math.floor(len / 2), 20_000));
        }
        const weakest = (p: GraphPath) => Math.min(...p.hops.map((h) => h.evidence));
        return found
          .sort(
            (x, y) =>
              x.length - y.length ||
              weakest(y) - weakest(x) ||
              (x.entityIds.join() < y.entityIds.join() ? -1 : 1),
          )
          .slice(0, limit);
      });
    },
  };
}

function uniqueHops(hops: ReturnType<typeof toHop>[], keep: Map<string, number>) {
  const seen = new Map<string, ReturnType<typeof toHop>>();
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
  const start = [...a.dist].find(([, d]) => d === 0)![0];
  const end = [...b.dist].find(([, d]) => d === 0)![0];
  const bHalves = new Map<string, Edge[][]>();
  for (const h of halves(b, end, nb, cap)) {
    const mid = h.length ? h[h.length - 1]!.to : end;
    bHalves.set(mid, [...(bHalves.get(mid) ?? []), h]);
  }
  const out: GraphPath[] = [];
  for (const ha of halves(a, start, na, cap)) {
    const mid = ha.length ? ha[ha.length - 1]!.to : start;
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
