import type { QaContext } from './types';
import { normalise, terms } from '../text';

export interface QueryEntity {
  id: string;
  score: number;
  via: 'name' | 'fulltext' | 'vector';
}

/**
 * Entities a question talks about (seed 004 LocalSearch steps 1–2): names and aliases found verbatim in
 * the question (word n-grams), full-text matches of the question against entity names, and entities whose
 * name + description embedding is close to the question.
 */
export async function queryEntities(ctx: QaContext, question: string, limit = 6): Promise<QueryEntity[]> {
  const found = new Map<string, QueryEntity>();
  const offer = (id: string, score: number, via: QueryEntity['via']) => {
    const prev = found.get(id);
    if (!prev || score > prev.score) found.set(id, { id, score, via });
  };
  const words = normalise(question).match(/[\p{L}\p{N}][\p{L}\p{N}\-]*/gu) ?? [];
  const content = new Set(terms(question));
  for (let n = Math.min(5, words.length); n >= 1; n--) {
    for (let i = 0; i + n <= words.length; i++) {
      const gram = words.slice(i, i + n).join(' ');
      if (n === 1 && (!content.has(gram) || gram.length < 3)) continue;
      for (const id of ctx.names.exact(gram)) offer(id, 0.9 + 0.02 * n, 'name');
    }
  }
  const hits = ctx.names.search(question, 10);
  const top = hits[0]?.score ?? 0;
  for (const h of hits) if (top > 0) offer(h.id, 0.5 + 0.3 * (h.score / top), 'fulltext');
  const vec = (await ctx.cache.vectors([question]))?.[0];
  if (vec?.length) {
    for (const h of await ctx.lib.vectors.search('entities', vec, { k: 10 })) {
      if (h.score >= ctx.thresholds.entity) offer(h.id, h.score * 0.85, 'vector');
    }
  }
  return [...found.values()].sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1)).slice(0, limit);
}
