import { coverage } from '../text';
import { isRelevant, passageRelevance, strengthOf } from './relevance';
import type { QaContext, Retrieval, Source } from './types';
import { verifyCitations } from './verify';
import { at } from '../../at';

const BROAD =
  /\b(overall|themes?|main topics?|summar(y|ise|ize)|overview|across|in general|landscape|big picture|what is this library)\b/i;

/** Community level for a question: broad questions read the coarsest level, specific ones the finest. */
export function pickLevel(question: string, levels: number[]): number {
  if (!levels.length) return 0;
  return BROAD.test(question) ? Math.max(...levels) : Math.min(...levels);
}

/**
 * Global search (GraphRAG map-reduce over community summaries): rank the communities of the chosen level
 * by how well their summaries match the question; map — answer the question from each top community's own
 * passages; reduce — the passages the partial answers cited (and that support them) become the sources of
 * the final, streamed answer. Citations therefore still point at chunks, never at generated summaries.
 */
export async function retrieveGlobal(
  ctx: QaContext,
  question: string,
  opts: { top?: number } = {},
): Promise<Retrieval> {
  const t0 = ctx.now();
  await ctx.communities?.ensure();
  const all = await ctx.lib.graph.listCommunities();
  const level = pickLevel(question, [...new Set(all.map((c) => c.level))]);
  const atLevel = all.filter((c) => c.level === level && c.summary);
  if (!atLevel.length) {
    ctx.trace('global', 'no community summaries yet', ctx.now() - t0);
    return { sources: [], strength: 0, relevant: false };
  }
  const sim = new Map<string, number>();
  const vec = (await ctx.lib.vectors.count('communities'))
    ? (await ctx.cache.vectors([question]))?.[0]
    : null;
  if (vec?.length) {
    for (const h of await ctx.lib.vectors.search('communities', vec, { k: 50 })) sim.set(h.id, h.score);
  }
  const ranked = atLevel
    .map((c) => ({ c, s: 0.6 * coverage(question, `${c.title} ${c.summary}`) + 0.4 * (sim.get(c.id) ?? 0) }))
    .sort((a, b) => b.s - a.s || (a.c.id < b.c.id ? -1 : 1))
    .slice(0, opts.top ?? 4)
    .filter((x) => x.s > 0);
  ctx.trace(
    'communities',
    `level ${level}: ${ranked.map((x) => `"${x.c.title}" (${x.s.toFixed(2)})`).join(', ') || 'none relevant'}`,
    ctx.now() - t0,
  );

  // Map: each community's best passages, answered on their own. The partial answers are independent, so
  // they go out together (GraphRAG's map is parallel too): through a model server with several slots the
  // map costs one call's time instead of one per community.
  const mapped = await Promise.all(ranked.map(({ c }) => mapCommunity(ctx, question, c)));
  const reduce: Source[] = [];
  const have = new Set<string>();
  for (const kept of mapped) {
    for (const s of kept) {
      if (!have.has(s.chunk.id)) {
        have.add(s.chunk.id);
        reduce.push(s);
      }
    }
  }
  const relevant = reduce.some((s) => isRelevant(question, s, ctx.thresholds));
  ctx.trace('reduce', `${reduce.length} passage(s) from ${ranked.length} communit(ies) go to the reasoner`);
  return { sources: reduce.slice(0, 8), strength: strengthOf(question, reduce), relevant };
}

/** One community's partial answer: the passages it cited and that support it, else its best passage. */
async function mapCommunity(
  ctx: QaContext,
  question: string,
  c: { id: string; title: string },
): Promise<Source[]> {
  const t1 = ctx.now();
  const rows = await ctx.lib.graph.communityChunks(c.id, 40);
  const info = await ctx.data.chunks(
    ctx.lib,
    rows.map((r) => r.chunkId),
  );
  const weight = new Map(rows.map((r) => [r.chunkId, r.mentions]));
  const local: Source[] = [...info.values()]
    .map((chunk) => ({
      chunk,
      score: passageRelevance(question, chunk.text) + 0.02 * Math.log(1 + (weight.get(chunk.id) ?? 0)),
      via: `community: ${c.title}`,
    }))
    .sort((a, b) => b.score - a.score)
    .slice(0, 3);
  if (!local.some((s) => isRelevant(question, s, ctx.thresholds))) return [];
  let partial = '';
  const sources = local.map((s, i) => ({
    n: i + 1,
    text: s.chunk.text,
    title: s.chunk.title,
    page: s.chunk.pageStart,
  }));
  for await (const t of ctx.tasks.answer({ question, sources }, { signal: ctx.signal })) partial += t;
  const checked = verifyCitations(partial, local, question);
  const cited = checked.citations.flatMap((x, i) =>
    x.supported ? [at(local, at(checked.sourceIndex, i))] : [],
  );
  ctx.trace(
    `map: ${c.title}`,
    `${cited.length} supported passage(s): ${checked.answer.slice(0, 160)}`,
    ctx.now() - t1,
  );
  return cited.length ? cited : local.slice(0, 1);
}
