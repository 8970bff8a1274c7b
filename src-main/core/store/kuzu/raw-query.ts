import { AriadneError } from '../../../contract/errors';
import type { GraphStore } from '../graph-store';
import type { Row } from './kuzu-db';
import type { KuzuGraphStore } from './graph-store';

/** Stores opened by this backend, so a raw query can refuse any other. */
const kuzuStores = new WeakSet<GraphStore>();

export function registerKuzuStore(store: KuzuGraphStore): KuzuGraphStore {
  kuzuStores.add(store);
  return store;
}

/**
 * Kùzu only: parametrised Cypher on the read connection of a Kùzu-backed graph store. For Kùzu-specific
 * tests (named `*.kuzu.test.ts`) and diagnostics; the application reads through GraphStore operations.
 */
export function kuzuQuery(
  graph: GraphStore,
  cypher: string,
  params?: Record<string, unknown>,
): Promise<Row[]> {
  if (!kuzuStores.has(graph)) throw new AriadneError('internal', 'Not a Kùzu graph store.');
  return (graph as KuzuGraphStore).query(cypher, params);
}
