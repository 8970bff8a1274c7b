import type { Library } from './open-library';
import type { VectorTableName } from '../store/vector-index';

/**
 * A deterministic, id-sorted snapshot of everything a library knows (graph and vectors), without timestamps,
 * so two libraries can be compared with a deep equality: "the same content however it got there".
 */
export async function canonicalDump(library: Pick<Library, 'graph' | 'vectors'>) {
  const sortBy = <T>(rows: T[], key: (r: T) => string) =>
    rows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  const graph = await library.graph.canonicalGraph();
  const vectors: Record<string, unknown[]> = {};
  for (const t of ['chunks', 'entities', 'questions', 'communities'] as VectorTableName[]) {
    const rows = await library.vectors.rows(t);
    // Rounded: float32 round-trips are exact, but rounding keeps dumps readable in a failing diff.
    vectors[t] = sortBy(rows, (r) => r.id).map((r) => ({
      ...r,
      vector: r.vector.map((x) => Math.round(x * 1e6) / 1e6),
    }));
  }
  return { ...graph, vectors };
}

export type CanonicalDump = Awaited<ReturnType<typeof canonicalDump>>;
