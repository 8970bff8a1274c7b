import type { AdjacencyIndex } from './adjacency-index';
import type { KuzuDb, KuzuRunner } from './kuzu-db';
import { neighbourEdges } from './adjacency';
import { fetchEntities } from './rows';
import type { Expansion, GraphPath, PathFilters, PathOptions } from '../types';
import { expandFrom, findPaths, type EdgesOf } from '../walks';

/** Walks (store/walks.ts) reading neighbours from the adjacency index, inside one read. */
const edgesIn =
  (r: KuzuRunner, index: AdjacencyIndex): EdgesOf =>
  (ids, filters, exempt) =>
    neighbourEdges(r, index, ids, filters, exempt);

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
        const { dist, hops, truncated } = await expandFrom(
          edgesIn(r, index),
          seeds,
          depth,
          filters,
          maxEntities,
        );
        const entities = await fetchEntities(r, [...dist.keys()]);
        return { entities, hops, depth: Object.fromEntries(dist), truncated };
      });
    },

    /** Shortest and next-shortest paths between two entities (see findPaths in store/walks.ts). */
    async paths(from: string, to: string, opts: PathOptions = {}): Promise<GraphPath[]> {
      if (from === to) return [];
      return db.read((r) => findPaths(edgesIn(r, index), from, to, opts));
    },
  };
}
