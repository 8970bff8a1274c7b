import { fromIds } from '../../store/graph/rows';
import { coverage, estimateTokens } from '../text';
import type { ChunkInfo } from '../library-data';
import { retrieveNaive } from './naive';
import { complementWithPassages } from './complement';
import { queryEntities } from './query-entities';
import { isRelevant, passageRelevance, strengthOf } from './relevance';
import type { QaContext, Retrieval, Source } from './types';

/** Quotes read per related pair: enough to rank, few enough that hub pairs stay cheap. */
const EVIDENCE_PER_PAIR = 4;

export interface LocalOptions {
  maxHops?: number;
  maxEntities?: number;
}

/**
 * Local search (seed 004 LocalSearch): query entities → k-hop expansion → relevance ranking of entities
 * and relationships → context under a token budget: entity descriptions, relationship evidence and the
 * chunks that evidence comes from. The chunks are the citable sources; the graph decides which ones.
 */
export async function retrieveLocal(
  ctx: QaContext,
  question: string,
  opts: LocalOptions = {},
): Promise<Retrieval> {
  const t0 = ctx.now();
  const seeds = await queryEntities(ctx, question);
  if (!seeds.length) {
    ctx.trace(
      'local',
      'no entity of the library is named in the question; using passage search instead',
      ctx.now() - t0,
    );
    return retrieveNaive(ctx, question);
  }
  const seedEnts = await ctx.data.getEntities(
    ctx.lib,
    seeds.map((s) => s.id),
  );
  ctx.trace(
    'entities',
    `query entities: ${seedEnts.map((e) => `${e.name} (${e.type})`).join(', ')}`,
    ctx.now() - t0,
  );

  const t1 = ctx.now();
  const exp = await ctx.lib.graph.expand(
    seeds.map((s) => s.id),
    opts.maxHops ?? 2,
    {},
    opts.maxEntities ?? 80,
  );
  const seedScore = new Map(seeds.map((s) => [s.id, s.score]));
  const rel = new Map<string, number>();
  for (const e of exp.entities) {
    const d = exp.depth[e.id] ?? 3;
    const lexical = coverage(question, `${e.name} ${e.description}`);
    rel.set(e.id, seedScore.get(e.id) ?? 0.6 * lexical + 0.4 / (1 + d));
  }
  const hops = exp.hops
    .map((h) => ({
      h,
      s: (((rel.get(h.from) ?? 0) + (rel.get(h.to) ?? 0)) / 2) * (1 + Math.log(h.evidence)),
    }))
    .sort((a, b) => b.s - a.s)
    .slice(0, 60);
  const { rows: evidence } = await ctx.data.evidenceForPairs(
    ctx.lib,
    hops.map(({ h }) => ({ a: h.from, b: h.to })),
    { perPair: EVIDENCE_PER_PAIR },
  );
  const ranked = evidence
    .map((ev) => ({
      ev,
      s:
        (((rel.get(ev.source) ?? 0) + (rel.get(ev.target) ?? 0)) / 2) *
        Math.max(0.05, ev.confidence) *
        (1 + coverage(question, ev.description)),
    }))
    .sort((a, b) => b.s - a.s || (a.ev.id < b.ev.id ? -1 : 1));
  ctx.trace(
    'expand',
    `${exp.entities.length} entities and ${exp.hops.length} relationships within ${opts.maxHops ?? 2} hops; ${ranked.length} evidence rows ranked`,
    ctx.now() - t1,
  );

  // Budget: entity and relationship lines first (as the seed orders them), chunks with what remains.
  // Graph lines may take at most 40% of the budget so the citable chunks always get room.
  let budget = ctx.maxContextTokens * 0.4;
  const names = new Map(exp.entities.map((e) => [e.id, e.name]));
  const ents = [...exp.entities].sort((a, b) => (rel.get(b.id) ?? 0) - (rel.get(a.id) ?? 0)).slice(0, 20);
  for (const e of ents) budget -= estimateTokens(`${e.name} (${e.type}): ${e.description}`);
  let relLines = 0;
  for (const { ev } of ranked.slice(0, 30)) {
    const line = `${names.get(ev.source)} -> ${names.get(ev.target)}: ${ev.description}`;
    if (estimateTokens(line) > budget) break;
    budget -= estimateTokens(line);
    relLines++;
  }
  budget += ctx.maxContextTokens * 0.6;
  const chunkScore = new Map<string, { s: number; via: string }>();
  for (const { ev, s } of ranked) {
    if (!chunkScore.has(ev.chunkId))
      chunkScore.set(ev.chunkId, { s, via: `evidence: ${names.get(ev.source)} → ${names.get(ev.target)}` });
  }
  const mentioned = (
    await fromIds(
      ctx.lib.graph,
      seeds.map((s) => s.id),
      'MATCH (c:Chunk)-[:MENTIONS]->(e:Entity {id: $id}) RETURN c.id AS id, e.id AS e LIMIT 200',
      'MATCH (c:Chunk)-[:MENTIONS]->(e:Entity) WHERE e.id IN $ids RETURN c.id AS id, e.id AS e LIMIT 200',
    )
  ).slice(0, 200);
  for (const m of mentioned) {
    const id = String(m.id);
    if (!chunkScore.has(id))
      chunkScore.set(id, {
        s: (seedScore.get(String(m.e)) ?? 0) * 0.5,
        via: `mentions ${names.get(String(m.e)) ?? 'a query entity'}`,
      });
  }
  const info = await ctx.data.chunks(ctx.lib, [...chunkScore.keys()]);
  const candidates: Source[] = [...info.values()]
    .map((chunk: ChunkInfo) => {
      const c = chunkScore.get(chunk.id)!;
      return { chunk, score: c.s * (0.5 + passageRelevance(question, chunk.text)), via: c.via };
    })
    .sort((a, b) => b.score - a.score || (a.chunk.id < b.chunk.id ? -1 : 1));
  const sources: Source[] = [];
  for (const s of candidates) {
    const cost = estimateTokens(s.chunk.text);
    if (sources.length >= 8) break;
    if (cost > budget) continue;
    budget -= cost;
    sources.push(s);
  }
  ctx.trace(
    'context',
    `${ents.length} entities, ${relLines} relationships and ${sources.length} chunk(s) fit the ${ctx.maxContextTokens}-token budget`,
  );
  const relevant =
    sources.some((s) => isRelevant(question, s, ctx.thresholds)) || seeds.some((s) => s.via === 'name');
  return complementWithPassages(
    ctx,
    question,
    { sources, strength: strengthOf(question, sources), relevant },
    'the graph',
  );
}
