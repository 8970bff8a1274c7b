import type { GraphStore } from '../../store/graph-store';
import type { VectorIndex } from '../../store/vector-index';
import { EntityIndex } from '../resolve/entity-index';

/**
 * The resolution index, loaded when a document first resolves rather than when the library opens: loading
 * reads every entity and its vector, work `status`, `search` or a server start that ingests nothing does not
 * need.
 */
export interface LazyEntityIndex {
  /** The index, loaded from the stores as they are at the first call. */
  loaded(): Promise<EntityIndex>;
  /**
   * Applies an edit made to the stores. Before the first load there is nothing to update (the load reads
   * the stores); during it the edit waits for the load and applies after it, which is harmless if the load
   * already saw the edit (removing and putting a record are idempotent).
   */
  update(fn: (index: EntityIndex) => void): Promise<void>;
}

export function lazyEntityIndex(graph: GraphStore, vectors: VectorIndex): LazyEntityIndex {
  let loading: Promise<EntityIndex> | null = null;
  return {
    loaded() {
      loading ??= EntityIndex.load(graph, vectors);
      return loading;
    },
    async update(fn) {
      if (loading) fn(await loading);
    },
  };
}
