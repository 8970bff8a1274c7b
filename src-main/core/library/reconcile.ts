import type { GraphStore } from '../store/graph-store';
import type { VectorIndex, VectorTableName } from '../store/vector-index';

export interface ReconcileReport {
  /** Vector rows whose graph row no longer exists: deleted. */
  deleted: Record<VectorTableName, string[]>;
  /** Graph rows without a vector: the ids to re-embed (ingestion re-queues them). */
  missing: Record<VectorTableName, string[]>;
  /** Total of both, for a quick "is everything consistent" check. */
  inconsistencies: number;
}

const KINDS: VectorTableName[] = ['chunks', 'entities', 'questions', 'communities'];

/**
 * Kùzu is the source of truth: vectors are derived. Writers commit the graph first and the vectors second,
 * so a crash in between leaves graph rows without vectors (reported, to be re-embedded) and a delete that
 * died half-way leaves vectors without graph rows (deleted here). Runs when a library opens its vector
 * index (on first use, see open-library.ts) and on demand.
 */
export async function reconcile(library: {
  graph: GraphStore;
  vectors: VectorIndex;
}): Promise<ReconcileReport> {
  const deleted = {} as Record<VectorTableName, string[]>;
  const missing = {} as Record<VectorTableName, string[]>;
  let inconsistencies = 0;
  // The tables are independent: LanceDB reads them side by side (the graph store serialises its reads).
  await Promise.all(
    KINDS.map(async (kind) => {
      const [graphIds, vectorIds] = await Promise.all([
        library.graph.listIds(kind).then((ids) => new Set(ids)),
        library.vectors.listIds(kind).then((ids) => new Set(ids)),
      ]);
      deleted[kind] = [...vectorIds].filter((id) => !graphIds.has(id)).sort();
      missing[kind] = [...graphIds].filter((id) => !vectorIds.has(id)).sort();
      if (deleted[kind].length) await library.vectors.deleteIds(kind, deleted[kind]);
      inconsistencies += deleted[kind].length + missing[kind].length;
    }),
  );
  return { deleted, missing, inconsistencies };
}
