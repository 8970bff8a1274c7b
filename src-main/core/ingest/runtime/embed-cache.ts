import { createHash } from 'node:crypto';
import type { CallJournal } from './call-journal';
import { at, atKey } from '../../at';

/**
 * Embeddings by content hash, per model: a text is sent to the model once. Measured before it existed on the
 * three shared papers: 160 of 386 embedding inputs were exact repeats, 124 of them the commit re-embedding
 * entity texts resolution had just embedded. A text already in flight for another caller is awaited, not
 * sent again. Each request's vectors go to the call journal as one line, so a restart after a kill asks
 * again only for what was in flight; the journal's own rule (emptied when no job is active) bounds that
 * part, and the in-memory part keeps the most recently used `maxEntries` vectors as Float32Array.
 */
export interface EmbedCache {
  /**
   * Vectors for `texts` in order. `send` receives the texts neither cached nor in flight (deduplicated,
   * in first-seen order) and is called at most once, not at all when nothing is missing.
   */
  embed(texts: string[], send: (missing: string[]) => Promise<number[][]>): Promise<number[][]>;
  readonly stats: { hits: number; misses: number; shared: number };
}

export function createEmbedCache(model: string, journal: CallJournal, maxEntries = 10_000): EmbedCache {
  const prefix = `embed\u0000${model}\u0000`;
  const vectors = new Map<string, Float32Array>();
  const inFlight = new Map<string, Promise<Float32Array>>();
  const stats = { hits: 0, misses: 0, shared: 0 };
  const keep = (h: string, v: Float32Array) => {
    vectors.delete(h);
    vectors.set(h, v);
    const oldest = vectors.keys().next();
    if (vectors.size > maxEntries && !oldest.done) vectors.delete(oldest.value);
  };
  for (const [, value] of journal.withPrefix(prefix)) {
    const { h, v } = value as { h: string[]; v: number[][] };
    h.forEach((hash, i) => keep(hash, Float32Array.from(at(v, i))));
  }
  const hashOf = (text: string) => createHash('sha256').update(text).digest('base64url');

  return {
    stats,
    async embed(texts, send) {
      const hashes = texts.map(hashOf);
      const missing: string[] = [];
      const missingHashes: string[] = [];
      const waits = new Map<string, Promise<Float32Array>>();
      const seen = new Set<string>();
      hashes.forEach((h, i) => {
        if (seen.has(h)) return;
        seen.add(h);
        const have = vectors.get(h);
        const shared = inFlight.get(h);
        if (have) {
          stats.hits++;
          keep(h, have);
          waits.set(h, Promise.resolve(have));
        } else if (shared) {
          stats.shared++;
          waits.set(h, shared);
        } else {
          stats.misses++;
          missing.push(at(texts, i));
          missingHashes.push(h);
        }
      });
      if (missing.length) {
        const request = send(missing).then((vs) => {
          if (vs.length !== missing.length) throw new Error('embedding count mismatch');
          journal.put(`${prefix}${hashOf(missingHashes.join())}`, { h: missingHashes, v: vs });
          return vs.map((v) => Float32Array.from(v));
        });
        missingHashes.forEach((h, i) => {
          const p = request.then((vs) => at(vs, i));
          // The caller that sent the request sees its failure; others retry on their own.
          p.catch(() => undefined);
          inFlight.set(h, p);
          waits.set(h, p);
        });
        try {
          const vs = await request;
          missingHashes.forEach((h, i) => keep(h, at(vs, i)));
        } finally {
          for (const h of missingHashes) inFlight.delete(h);
        }
      }
      const got = new Map<string, Float32Array>();
      for (const [h, p] of waits) got.set(h, await p);
      // Every hash has a wait (a hit, a shared request or a new one).
      return hashes.map((h) => Array.from(atKey(got, h)));
    },
  };
}
