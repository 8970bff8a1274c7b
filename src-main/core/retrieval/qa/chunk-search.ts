import type { Library } from '../../library';
import type { LlmTasks } from '../../llm/tasks';
import { reciprocalRankFusion } from '../../store/vectors/rrf';

export type ChunkSearchMode = 'lexical' | 'vector' | 'hybrid';

export interface ChunkHit {
  id: string;
  docId: string;
  /** Vector: cosine similarity; lexical: BM25; hybrid: RRF. */
  score: number;
  /** Cosine similarity when the vector side saw this chunk (for thresholds), else null. */
  similarity: number | null;
}

/** Top-k chunks by BM25, by embedding similarity, or both fused with reciprocal rank fusion. */
export async function searchChunks(
  lib: Library,
  tasks: LlmTasks,
  query: string,
  opts: { k: number; mode: ChunkSearchMode; vector?: number[] },
): Promise<ChunkHit[]> {
  const depth = opts.mode === 'hybrid' ? Math.max(opts.k * 4, 20) : opts.k;
  const wantVec = opts.mode !== 'lexical' && lib.vectors.embedding();
  const vec = wantVec ? (opts.vector ?? (await tasks.embed([query]))[0]) : undefined;
  const [v, t] = await Promise.all([
    vec ? lib.vectors.search('chunks', vec, { k: depth }) : Promise.resolve([]),
    opts.mode !== 'vector'
      ? lib.vectors.textSearch('chunks', query, { k: depth }).catch(() => [])
      : Promise.resolve([]),
  ]);
  const sim = new Map(v.map((h) => [h.id, h.score]));
  if (opts.mode === 'vector')
    return v.slice(0, opts.k).map((h) => ({ id: h.id, docId: h.docId, score: h.score, similarity: h.score }));
  if (opts.mode === 'lexical')
    return t.slice(0, opts.k).map((h) => ({ id: h.id, docId: h.docId, score: h.score, similarity: null }));
  return reciprocalRankFusion([v, t])
    .slice(0, opts.k)
    .map((f) => ({
      id: f.item.id,
      docId: f.item.docId,
      score: f.score,
      similarity: sim.get(f.item.id) ?? null,
    }));
}
