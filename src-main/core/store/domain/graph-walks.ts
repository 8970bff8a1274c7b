import type { GraphReader } from '../graph-port';
import type { Expansion, GraphPath, Hop, Neighbour, PathFilters, PathOptions, Subgraph } from '../types';
import { entityRecord } from './entity-reads';
import { edgesFromPairs, expandFrom, findPaths, strongestNeighbours, type Edge, type EdgesOf } from './walks';

/**
 * Graph walks (walks.ts) over the port's neighbour counts, inside one read: the evidence-backed neighbours
 * of a layer of entities under a walk's filters. The neighbour-type filter exempts `exempt` (path search's
 * two end points); the minimum evidence applies per pair, both directions together when the walk follows
 * both.
 */
export const edgesIn =
  (tx: GraphReader): EdgesOf =>
  async (ids, f, exempt) => {
    const out = new Map<string, Edge[]>();
    if (!ids.length) return out;
    const counts = await tx.neighbourCounts(ids, {
      ...(f.keywords?.length ? { keywords: f.keywords } : {}),
      direction: f.direction ?? 'both',
    });
    for (const a of new Set(ids)) {
      const pairs = counts.get(a);
      if (!pairs) continue;
      const edges = edgesFromPairs(a, pairs, f, (b) => pairs.get(b)?.type, exempt);
      if (edges.length) out.set(a, edges);
    }
    return out;
  };

/** Entities sharing evidence with `id`, strongest first. */
export async function neighbours(
  tx: GraphReader,
  id: string,
  filters: PathFilters,
  limit: number,
): Promise<Neighbour[]> {
  const top = strongestNeighbours((await edgesIn(tx)([id], filters)).get(id) ?? [], limit);
  const ents = new Map((await tx.entities(top.map((n) => n.id))).map((e) => [e.id, entityRecord(e)]));
  return top.flatMap(({ id: to, ...n }) => {
    const entity = ents.get(to);
    return entity ? [{ entity, ...n }] : [];
  });
}

/** Entities within `depth` hops of the seeds (breadth-first, capped), with the hops between them. */
export async function expand(
  tx: GraphReader,
  seeds: string[],
  depth: number,
  filters: PathFilters,
  maxEntities: number,
): Promise<Expansion> {
  const { dist, hops, truncated } = await expandFrom(edgesIn(tx), seeds, depth, filters, maxEntities);
  const entities = (await tx.entities([...dist.keys()])).map(entityRecord);
  return { entities, hops, depth: Object.fromEntries(dist), truncated };
}

/** Shortest and next-shortest paths between two entities (see findPaths in walks.ts). */
export function paths(tx: GraphReader, from: string, to: string, opts: PathOptions): Promise<GraphPath[]> {
  return findPaths(edgesIn(tx), from, to, opts);
}

/**
 * The best-evidenced entities (all, or one community's) with the hops among them, for the explorer. Ranked
 * by evidence, which the explorer also sizes nodes by: ranking by degree would read every evidence row.
 * Each stored direction is an edge once, from its source.
 */
export async function subgraph(
  tx: GraphReader,
  opts: { top?: number; communityId?: string; minEvidence?: number },
): Promise<Subgraph> {
  const top = Math.max(1, Math.min(opts.top ?? 200, 5000));
  const min = opts.minEvidence ?? 1;
  const ents = await tx.topEntities(top, opts.communityId);
  if (!ents.length) return { nodes: [], edges: [] };
  const members = new Set(ents.map((e) => e.id));
  const counts = await tx.neighbourCounts([...members]);
  const edges: Hop[] = [];
  const degree = new Map<string, number>();
  for (const { id: a } of ents)
    for (const [b, c] of counts.get(a) ?? []) {
      if (!members.has(b) || c.out < min) continue;
      edges.push({ from: a, to: b, evidence: c.out, keywords: [] });
      degree.set(a, (degree.get(a) ?? 0) + 1);
      degree.set(b, (degree.get(b) ?? 0) + 1);
    }
  return { nodes: ents.map((e) => ({ ...entityRecord(e), degree: degree.get(e.id) ?? 0 })), edges };
}
