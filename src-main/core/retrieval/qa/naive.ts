import { isRelevant, strengthOf } from './relevance';
import type { QaContext, Retrieval, Source } from './types';

/**
 * Naive retrieval (seed 003): top-k chunks by hybrid search, kept when they pass the relevance gate, plus the
 * reading-order neighbours of the best ones so an answer split across a chunk boundary is still found.
 */
export async function retrieveNaive(
  ctx: QaContext,
  question: string,
  opts: { k?: number; neighbours?: number } = {},
): Promise<Retrieval> {
  const k = opts.k ?? 5;
  const t0 = ctx.now();
  const hits = await ctx.cache.search(question, { k: k * 2, mode: 'hybrid' });
  const info = await ctx.data.chunks(
    ctx.lib,
    hits.map((h) => h.id),
  );
  const ranked: Source[] = hits.flatMap((h) => {
    const chunk = info.get(h.id);
    return chunk
      ? [{ chunk, score: h.similarity ?? 0, via: h.similarity !== null ? 'vector' : 'lexical' }]
      : [];
  });
  const kept = ranked.filter((s) => isRelevant(question, s, ctx.thresholds)).slice(0, k);
  ctx.trace(
    'retrieve',
    `hybrid chunk search: ${hits.length} hit(s), ${kept.length} above the relevance threshold`,
    ctx.now() - t0,
  );
  const withNeighbours = await addNeighbours(ctx, kept, opts.neighbours ?? 2);
  const withOpenings = await addOpenings(ctx, withNeighbours, kept, 3);
  return { sources: withOpenings, strength: strengthOf(question, kept), relevant: kept.length > 0 };
}

/** Adds the previous and next chunk of the first `top` sources (same document), after all primary sources. */
export async function addNeighbours(ctx: QaContext, sources: Source[], top: number): Promise<Source[]> {
  const have = new Set(sources.map((s) => s.chunk.id));
  const want: string[] = [];
  for (const s of sources.slice(0, top)) {
    for (const d of [-1, 1]) {
      const id = `${s.chunk.docId}:${s.chunk.index + d}`;
      if (s.chunk.index + d >= 0 && !have.has(id)) {
        have.add(id);
        want.push(id);
      }
    }
  }
  if (!want.length) return sources;
  const info = await ctx.data.chunks(ctx.lib, want);
  const extra = want.flatMap((id) => {
    const chunk = info.get(id);
    return chunk ? [{ chunk, score: 0, via: 'neighbour' }] : [];
  });
  if (extra.length) ctx.trace('neighbours', `added ${extra.length} adjacent chunk(s) for context`);
  return [...sources, ...extra];
}

/**
 * Adds the opening passage (title and abstract) of the papers the first `top` sources come from, after all
 * the others: an abstract states a paper's main findings in the fewest words ("The risks of heparin include
 * bleeding and heparin induced thrombocytopenia"), and a passage deep in the results that search ranked
 * first often shares the question's words without its answer.
 */
export async function addOpenings(
  ctx: QaContext,
  sources: Source[],
  primary: Source[],
  top: number,
): Promise<Source[]> {
  const have = new Set(sources.map((s) => s.chunk.id));
  const want = [...new Set(primary.slice(0, top).map((s) => `${s.chunk.docId}:0`))].filter(
    (id) => !have.has(id),
  );
  if (!want.length) return sources;
  const info = await ctx.data.chunks(ctx.lib, want);
  const extra = want.flatMap((id) => {
    const chunk = info.get(id);
    return chunk ? [{ chunk, score: 0, via: 'opening' }] : [];
  });
  if (extra.length) ctx.trace('openings', `added the opening passage of ${extra.length} paper(s)`);
  return [...sources, ...extra];
}
