import { AriadneError } from '../../../contract/errors';
import type { GraphStore } from '../graph-store';
import type { Row } from './kuzu-db';

type RawQuery = (cypher: string, params?: Record<string, unknown>) => Promise<Row[]>;

/** Stores opened by this backend, with their read connection, so a raw query can refuse any other. */
const kuzuStores = new WeakMap<GraphStore, RawQuery>();

export function registerKuzuStore(store: GraphStore, query: RawQuery): void {
  kuzuStores.set(store, query);
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
  const query = kuzuStores.get(graph);
  if (!query) throw new AriadneError('internal', 'Not a Kùzu graph store.');
  return query(cypher, params);
}
