import { findTerm } from '../search/passages';
import { addEdge, personalisedPageRank } from './pagerank';
import { namedPhrases } from './phrases';
import { queryEntities } from './query-entities';
import { followTitles } from './title-bridges';
import { isRelevant, strengthOf } from './relevance';
import type { QaContext, Retrieval, Source } from './types';
import { at } from '../../at';

export interface MultiHopOptions {
  k?: number;
  /** Passages from hybrid search that seed the walk (and bring their entities in). */
  seedPassages?: number;
  /** An entity named in more passages than this is a hub: it joins the walk but brings no passages. */
  hubPassages?: number;
  /** Names followed to the next hop, read from this many of the best passages. */
  bridges?: number;
  bridgeFrom?: number;
  /** Passages found another way (the agentic loop's question matches) that also seed the walk, at half weight. */
  seedChunks?: string[];
  /** Restart weight of the best search hit (the others in proportion to their scores). */
  passageSeed?: number;
  /**
   * How much more a passage that opens with a name (its title) is linked to it than one that mentions it.
   * HotpotQA (100 questions) recall@5 / @2: 1 → 0.785 / 0.605, 3 → 0.800 / 0.645, 6 → 0.810 / 0.655.
   */
  titleBoost?: number;
  /** Best passages of the walk whose mentions of other documents' titles lead to a second hop. */
  titleHops?: number;
  /** Title hops in a row (a three-hop question needs two). */
  titleRounds?: number;
}

const P = (id: string) => `p\u0000${id}`;
const E = (id: string) => `e\u0000${id}`;
const F = (phrase: string) => `f\u0000${phrase.toLowerCase()}`;

/** Names followed from the best passages to others (one BM25 query each), and passages read per name. */
const PER_NAME = 5;

/**
 * Multi-hop passage retrieval by personalised PageRank over the entity–passage graph (HippoRAG): the
 * question's entities and its best passages seed a random walk over passages, the entities they mention and
 * the relationships between entities. A passage two hops away (it names the bridge entity the first one
 * names) gains rank from both ends of the question, where plain search sees only the words it shares.
 */
export async function retrieveMultiHop(
  ctx: QaContext,
  question: string,
  opts: MultiHopOptions = {},
): Promise<Retrieval> {
  const t0 = ctx.now();
  const k = opts.k ?? 8;
  const hub = opts.hubPassages ?? 40;
  const titleBoost = opts.titleBoost ?? 6;
  const [ents, hits] = await Promise.all([
    queryEntities(ctx, question, 8),
    ctx.cache.search(question, { k: opts.seedPassages ?? 10, mode: 'hybrid' }),
  ]);
  const seedIds = ents.map((e) => e.id);
  const extra = (opts.seedChunks ?? []).filter((id) => !hits.some((h) => h.id === id));
  const topChunks = [...hits.map((h) => h.id), ...extra];
  // Passage ↔ entity: the entities of the best passages, then the passages of every entity in play.
  const ofChunks = await mentionRows(ctx, { chunkIds: topChunks });
  const related = seedIds.length ? await ctx.lib.graph.expand(seedIds, 1, {}, 200) : null;
  const inPlay = new Set([
    ...seedIds,
    ...ofChunks.map((m) => m.e),
    ...(related?.entities.map((e) => e.id) ?? []),
  ]);
  const ofEntities = await mentionRows(ctx, { entityIds: [...inPlay] });
  const df = new Map<string, number>();
  for (const m of ofEntities) df.set(m.e, (df.get(m.e) ?? 0) + 1);

  const edges = new Map<string, Map<string, number>>();
  for (const m of [...ofChunks, ...ofEntities]) {
    // Hubs keep their link to passages already in play, but do not flood the walk with their own.
    if ((df.get(m.e) ?? 0) > hub && !topChunks.includes(m.c)) continue;
    addEdge(edges, P(m.c), E(m.e), 1 / Math.log(2 + (df.get(m.e) ?? 1)));
  }
  for (const h of related?.hops ?? []) addEdge(edges, E(h.from), E(h.to), 0.5 * (1 + Math.log(h.evidence)));

  // Names: those of the question seed the walk; those of the best passages are bridges to the next hop.
  const asked = namedPhrases(question);
  const askedKeys = new Set(asked.map((p) => p.toLowerCase()));
  const bridges = [
    ...new Set(hits.slice(0, opts.bridgeFrom ?? 3).flatMap((h) => namedPhrases(h.text))),
  ].filter((p) => !askedKeys.has(p.toLowerCase()));
  const phrases = [...asked, ...bridges.slice(0, opts.bridges ?? 8)];
  const found = await Promise.all(
    phrases.map((p) => ctx.lib.vectors.textSearch('chunks', p, { k: PER_NAME * 2 }).catch(() => [])),
  );
  phrases.forEach((p, i) => {
    const where = [...hits, ...at(found, i)].filter((h) => findTerm(h.text, p) >= 0);
    const ids = [...new Set(where.map((h) => h.id))].slice(0, PER_NAME * 2);
    const opening = new Set(where.filter((h) => findTerm(h.text, p) === 0).map((h) => h.id));
    for (const id of ids)
      addEdge(edges, P(id), F(p), (opening.has(id) ? titleBoost : 1) / Math.log(2 + ids.length));
  });

  const seeds = new Map<string, number>();
  for (const p of asked) if (edges.has(F(p))) seeds.set(F(p), 1);
  // Entity seeds weighted by how specific they are (HippoRAG's node specificity: rarer names matter more).
  for (const e of ents) seeds.set(E(e.id), e.score / Math.log(2 + (df.get(e.id) ?? 1)));
  const best = hits[0]?.score ?? 0;
  hits.forEach((h, i) =>
    seeds.set(P(h.id), (best > 0 ? h.score / best : 1 / (i + 1)) * (opts.passageSeed ?? 1)),
  );
  for (const id of extra) seeds.set(P(id), 0.5 * (opts.passageSeed ?? 1));
  const rank = personalisedPageRank(edges, seeds);

  const walked = [...rank]
    .filter(([id]) => id.startsWith('p\u0000'))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, k);
  const top = walked[0]?.[1] ?? 1;
  const info = await ctx.data.chunks(
    ctx.lib,
    walked.map(([id]) => id.slice(2)),
  );
  const followed = await followTitles(
    ctx,
    question,
    walked.map(([id, r]) => ({ id: id.slice(2), score: r / top, via: 'multi-hop (personalised PageRank)' })),
    info,
    { from: opts.titleHops, rounds: opts.titleRounds },
  );
  const sources: Source[] = followed.ranked.slice(0, k).flatMap(({ id, score, via }) => {
    const chunk = followed.chunks.get(id);
    return chunk ? [{ chunk, score, via }] : [];
  });
  const bridged = sources.filter((s) => s.via.startsWith('title')).length;
  ctx.trace(
    'multi-hop',
    `personalised PageRank from ${ents.length} entit${ents.length === 1 ? 'y' : 'ies'} and ${hits.length} passage(s) over ${edges.size} nodes; ${sources.length} passage(s) kept` +
      (bridged ? `, ${bridged} reached by a title the question or a passage names` : ''),
    ctx.now() - t0,
  );
  const relevant = sources.some((s) => isRelevant(question, { ...s, via: 'lexical' }, ctx.thresholds));
  return { sources, strength: strengthOf(question, sources), relevant };
}

async function mentionRows(
  ctx: QaContext,
  of: { chunkIds: string[] } | { entityIds: string[] },
): Promise<{ c: string; e: string }[]> {
  const rows = await ctx.lib.graph.mentionPairs(of, 5000);
  return rows.map((r) => ({ c: r.chunkId, e: r.entityId }));
}
