import type { Library } from '../../library';
import type { LlmTasks } from '../../llm/task-types';
import { searchChunks, type ChunkHit, type ChunkSearchMode } from './chunk-search';

/**
 * What one question fetches, fetched once: the vector of each text (the question first of all) and each
 * chunk search. The modes, the auto router and the passage complement all start from the question; before
 * this cache an ask embedded it up to four times and ran the same hybrid search twice.
 */
export interface AskCache {
  /** Vectors of these texts, each embedded once per ask (missing ones in one call); none without an embedding. */
  vectors(texts: string[]): Promise<number[][] | null>;
  /** Chunk search, run once per query and mode (a smaller k is a slice of a larger one already run). */
  search(query: string, opts: { k: number; mode: ChunkSearchMode }): Promise<ChunkHit[]>;
}

export function createAskCache(lib: Library, tasks: LlmTasks, signal: AbortSignal): AskCache {
  const vecs = new Map<string, Promise<number[]>>();
  const searches = new Map<string, { k: number; hits: Promise<ChunkHit[]> }>();

  async function vectors(texts: string[]): Promise<number[][] | null> {
    if (!lib.vectors.embedding()) return null;
    const missing = [...new Set(texts.filter((t) => !vecs.has(t)))];
    if (missing.length) {
      const batch = tasks.embed(missing, { signal });
      missing.forEach((t, i) =>
        vecs.set(
          t,
          batch.then((v) => v[i] ?? []),
        ),
      );
      // A failed call is not kept: the next ask of the same text tries again.
      batch.catch(() => missing.forEach((t) => vecs.delete(t)));
    }
    return Promise.all(texts.map((t) => vecs.get(t) ?? Promise.resolve([])));
  }

  return {
    vectors,
    search(query, opts) {
      const key = `${opts.mode}\u0000${query}`;
      const had = searches.get(key);
      if (had && had.k >= opts.k) return had.hits.then((h) => h.slice(0, opts.k));
      const hits = (async () => {
        const vector = opts.mode === 'lexical' ? undefined : (await vectors([query]))?.[0];
        return searchChunks(lib, tasks, query, { ...opts, ...(vector ? { vector } : {}) });
      })();
      searches.set(key, { k: opts.k, hits });
      hits.catch(() => searches.delete(key));
      return hits;
    },
  };
}
