import { AriadneError } from '../../contract/errors';
import { reciprocalRankFusion } from './rrf';
import type { EmbeddingInfo, EmbeddingRecord, VectorHit, VectorIndex, VectorTableName } from './vector-index';

/**
 * What every vector backend (LanceDB, in memory) decides the same way: what a new embedding model means for
 * the library, the dimension of rows and queries, and hybrid search as the fusion of its two searches.
 */

/** The recorded model's dimension; invalid_input before any model is set. */
export function recordedDimension(record: EmbeddingRecord): number {
  const info = record.get();
  if (!info) throw new AriadneError('invalid_input', 'No embedding model is set for this library yet.');
  return info.dimension;
}

/**
 * `same`: nothing to do; `first`: record it, nothing to drop; `rebuild`: record it and drop every vector.
 * Another model without `rebuild` is refused with dimension_mismatch and the re-embed action.
 */
export function embeddingChange(
  cur: EmbeddingInfo | null,
  next: EmbeddingInfo,
  rebuild = false,
): 'same' | 'first' | 'rebuild' {
  if (cur && cur.model === next.model && cur.dimension === next.dimension) return 'same';
  if (cur && !rebuild) {
    throw new AriadneError(
      'dimension_mismatch',
      `This library is embedded with ${cur.model} (${cur.dimension}-d); ${next.model} (${next.dimension}-d) needs a re-embed.`,
      { action: { kind: 're-embed', model: next.model } },
    );
  }
  return cur ? 'rebuild' : 'first';
}

export function checkRowDimensions(rows: readonly { id: string; vector: ArrayLike<number> }[], dim: number) {
  const bad = rows.find((r) => r.vector.length !== dim);
  if (bad) {
    throw new AriadneError(
      'dimension_mismatch',
      `Vector for ${bad.id} has ${bad.vector.length} dimensions; this library uses ${dim}.`,
    );
  }
}

export function checkQueryDimension(vector: ArrayLike<number>, dim: number) {
  if (vector.length !== dim)
    throw new AriadneError(
      'dimension_mismatch',
      `Query vector has ${vector.length} dimensions; this library uses ${dim}.`,
    );
}

/** Vector and lexical hits, each list four times deeper than k (at least 20), fused by reciprocal rank. */
export async function fusedSearch(
  index: Pick<VectorIndex, 'search' | 'textSearch'>,
  name: VectorTableName,
  q: { vector: ArrayLike<number>; text: string; k?: number },
): Promise<VectorHit[]> {
  const k = q.k ?? 10;
  const depth = Math.max(k * 4, 20);
  const [v, t] = await Promise.all([
    index.search(name, q.vector, { k: depth }),
    index.textSearch(name, q.text, { k: depth }),
  ]);
  return reciprocalRankFusion([v, t])
    .slice(0, k)
    .map((f) => ({ ...f.item, score: f.score, vectorRank: f.ranks[0], textRank: f.ranks[1] }));
}
