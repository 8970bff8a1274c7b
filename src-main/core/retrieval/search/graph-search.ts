import type {
  Citation,
  EntitySummary,
  GraphFilters,
  GraphPath,
  GraphSearchResult,
  PathEdge,
  ResolvedTerm,
} from '../../../contract/graph';
import type { Library } from '../../library';
import type { LlmTasks } from '../../llm/task-types';
import type { Hop, PathFilters } from '../../store/types';
import { restrictToDocuments } from '../document-slice';
import type { EvidenceInfo, GraphReads } from '../graph-reads';
import type { NameIndex } from './name-index';
import { HOP_DECAY, buildPath, pathEdge, structuralWeight } from './path-rank';
import { isGenericName } from './generic';
import { passagesWithTerm } from './passages';
import { resolveTerm } from './resolve-term';
import { describeMatch, understand, worseMatch } from './term-match';
import { at } from '../../at';

export interface SearchContext {
  lib: Library;
  tasks: LlmTasks;
  data: GraphReads;
  names: NameIndex;
  now: () => number;
}

export interface SearchInput {
  term: string;
  to?: string;
  entityId?: string;
  toEntityId?: string;
  hops: number;
  limit: number;
  filters: GraphFilters;
}

export function toPathFilters(f: GraphFilters): PathFilters {
  return {
    direction: f.direction,
    minEvidence: f.minEvidence,
    ...(f.entityTypes?.length ? { entityTypes: f.entityTypes } : {}),
    ...(f.keywords?.length ? { keywords: f.keywords } : {}),
  };
}

/** A resolution the user already made: the pinned entity is the only candidate. */
async function pinned(ctx: SearchContext, term: string, id: string): Promise<ResolvedTerm> {
  const s = (await ctx.data.summaries(ctx.lib, [id])).get(id);
  return { term, candidates: s ? [{ entity: s, score: 1, matchedBy: 'exact' }] : [], ambiguous: false };
}

/**
 * Graph search (seed 000 "short terms revealing paths", seed 004 traverse/paths): from one term, the best
 * evidence path to each entity within `hops`; between two terms, the shortest and next-shortest simple paths.
 * Every edge carries its best evidence with citation. Only a term that names an entity (name, alias, or an
 * abbreviation the library defines, both forms joined) has paths; a term that is only similar to an entity
 * gets no paths, the candidates and a note saying so, and the passages that contain the term.
 */
export async function graphSearch(ctx: SearchContext, input: SearchInput): Promise<GraphSearchResult> {
  const t0 = ctx.now();
  const from = input.entityId
    ? await pinned(ctx, input.term, input.entityId)
    : await resolveTerm(ctx.lib, ctx.tasks, ctx.data, ctx.names, input.term);
  let to: ResolvedTerm | null = null;
  if (input.toEntityId) to = await pinned(ctx, input.to ?? input.toEntityId, input.toEntityId);
  else if (input.to) to = await resolveTerm(ctx.lib, ctx.tasks, ctx.data, ctx.names, input.to);
  const a = understand(from);
  const b = to ? understand(to) : null;
  let paths: GraphPath[] = [];
  if (a.match === 'entity' && b?.match === 'entity') paths = await pathsBetween(ctx, a.ids, b.ids, input);
  else if (a.match === 'entity' && !to) paths = await explore(ctx, a.ids, input);
  // A term that names no entity: the passages that contain it, so what was read is never hidden.
  const unnamed =
    a.match === 'closest' || a.match === 'none' ? from : b && to && b.match !== 'entity' ? to : null;
  const passages: Citation[] =
    unnamed && !unnamed.ambiguous ? await passagesWithTerm(ctx.lib, ctx.data, unnamed.term) : [];
  const own = (r: ResolvedTerm, m: ReturnType<typeof understand>['match']) =>
    m === 'none' && r === unnamed && passages.length ? 'passages' : m;
  const match = b && to ? worseMatch(own(from, a.match), own(to, b.match)) : own(from, a.match);
  const note = [describeMatch(from, a, from === unnamed ? passages.length : 0)]
    .concat(b && to ? [describeMatch(to, b, to === unnamed ? passages.length : 0)] : [])
    .filter(Boolean)
    .join('; ');
  return { from, to, paths, tookMs: ctx.now() - t0, match, note, passages };
}

/** Undirected adjacency over hops, respecting the requested direction from the walker's point of view. */
function adjacency(hops: Hop[], direction: GraphFilters['direction']) {
  const adj = new Map<string, Map<string, number>>();
  const add = (x: string, y: string, n: number) => {
    const m = adj.get(x) ?? new Map<string, number>();
    m.set(y, (m.get(y) ?? 0) + n);
    adj.set(x, m);
  };
  for (const h of hops) {
    if (direction !== 'in') add(h.from, h.to, h.evidence);
    if (direction !== 'out') add(h.to, h.from, h.evidence);
  }
  return adj;
}

interface Partial {
  ids: string[];
  score: number;
}

async function explore(ctx: SearchContext, starts: string[], input: SearchInput): Promise<GraphPath[]> {
  const exp = await ctx.lib.graph.expand(starts, input.hops, toPathFilters(input.filters), 600);
  let hops = exp.hops;
  if (input.filters.documentIds?.length)
    hops = await restrictToDocuments(ctx.lib, ctx.data, hops, input.filters.documentIds);
  const adj = adjacency(hops, input.filters.direction);
  const evidenceCount = new Map(exp.entities.map((e) => [e.id, e.evidenceCount]));
  const generic = new Set(exp.entities.filter((e) => isGenericName(e.name)).map((e) => e.id));
  const hubness = (id: string) => Math.max(adj.get(id)?.size ?? 0, evidenceCount.get(id) ?? 0);

  // Beam search over simple paths; keep the best path to each end entity.
  const bestTo = new Map<string, Partial>();
  let beam: Partial[] = starts.map((s) => ({ ids: [s], score: 1 }));
  const isStart = new Set(starts);
  for (let d = 1; d <= input.hops && beam.length; d++) {
    const next: Partial[] = [];
    for (const p of beam) {
      const last = at(p.ids, p.ids.length - 1);
      for (const [nb, ev] of adj.get(last) ?? []) {
        if (p.ids.includes(nb) || isStart.has(nb)) continue;
        const through = d > 1 ? HOP_DECAY * (generic.has(last) ? GENERIC_DAMPING : 1) : 1;
        const score = p.score * structuralWeight(ev, hubness(nb)) * through;
        const q = { ids: [...p.ids, nb], score };
        next.push(q);
        const prev = bestTo.get(nb);
        if (!prev || score > prev.score) bestTo.set(nb, q);
      }
    }
    beam = next.sort((x, y) => y.score - x.score).slice(0, 300);
  }
  const candidates = [...bestTo.values()]
    .sort((x, y) => y.score - x.score || (x.ids.join() < y.ids.join() ? -1 : 1))
    .slice(0, input.limit * 2);
  const built = await materialise(ctx, candidates, input.filters.documentIds);
  return built.sort((x, y) => y.score - x.score || (x.text < y.text ? -1 : 1)).slice(0, input.limit);
}

async function pathsBetween(
  ctx: SearchContext,
  as: string[],
  bs: string[],
  input: SearchInput,
): Promise<GraphPath[]> {
  const found = [];
  // Every form of either term: an abbreviation and its long form stay two entities until merged.
  for (const a of as)
    for (const b of bs) {
      if (as.includes(b) || bs.includes(a)) continue;
      const opts = {
        ...toPathFilters(input.filters),
        maxLength: input.hops,
        extraLength: 1,
        limit: input.limit * 3,
      };
      found.push(...(await ctx.lib.graph.paths(a, b, opts)));
    }
  const ents = await ctx.data.getEntities(ctx.lib, [...new Set(found.flatMap((p) => p.entityIds))]);
  const evidenceCount = new Map(ents.map((e) => [e.id, e.evidenceCount]));
  const candidates = found.map((p) => ({
    ids: p.entityIds,
    score:
      p.hops.reduce(
        // Hop i ends at entity i + 1 of the path.
        (s, h, i) => s * structuralWeight(h.evidence, evidenceCount.get(at(p.entityIds, i + 1)) ?? 0),
        1,
      ) * Math.pow(HOP_DECAY, p.length - 1),
  }));
  const built = await materialise(ctx, candidates, input.filters.documentIds);
  // Shortest first (the contract promises shortest and next-shortest), then by evidence quality.
  return built.sort((x, y) => x.edges.length - y.edges.length || y.score - x.score).slice(0, input.limit);
}

/** A path through a generic word ("cells", "patients") says less than one through a named thing. */
const GENERIC_DAMPING = 0.6;

/** Quotes read per hop of a candidate path, the most confident first (the hop shows one, and a count). */
const QUOTES_PER_PAIR = 4;

/** Reads the evidence of every edge of the candidate paths in one batch and builds cited paths. */
async function materialise(
  ctx: SearchContext,
  candidates: Partial[],
  docIds?: string[],
): Promise<GraphPath[]> {
  const pairs = new Map<string, { a: string; b: string }>();
  for (const c of candidates)
    for (let i = 0; i + 1 < c.ids.length; i++) {
      const [x, y] = [at(c.ids, i), at(c.ids, i + 1)];
      pairs.set(`${x}\u0000${y}`, { a: x, b: y });
      pairs.set(`${y}\u0000${x}`, { a: y, b: x });
    }
  const { rows, total } = await ctx.data.evidenceForPairs(ctx.lib, [...pairs.values()], {
    docIds,
    perPair: QUOTES_PER_PAIR,
  });
  const byPair = new Map<string, EvidenceInfo[]>();
  for (const r of rows) {
    const k = r.source < r.target ? `${r.source}\u0000${r.target}` : `${r.target}\u0000${r.source}`;
    byPair.set(k, [...(byPair.get(k) ?? []), r]);
  }
  // Rows of a pair in both directions; with a document filter, only the rows read (all of them) count.
  const count = (x: string, y: string) =>
    docIds?.length ? undefined : (total.get(`${x}\u0000${y}`) ?? 0) + (total.get(`${y}\u0000${x}`) ?? 0);
  const summaries = await ctx.data.summaries(ctx.lib, [...new Set(candidates.flatMap((c) => c.ids))]);
  const out: GraphPath[] = [];
  const seen = new Set<string>();
  for (const c of candidates) {
    const nodes = c.ids.flatMap((id) => summaries.get(id) ?? []);
    if (nodes.length !== c.ids.length) continue;
    const parts = [];
    for (let i = 0; i + 1 < c.ids.length; i++) {
      const [x, y] = [at(c.ids, i), at(c.ids, i + 1)];
      const k = x < y ? `${x}\u0000${y}` : `${y}\u0000${x}`;
      const part = pathEdge(at(nodes, i), at(nodes, i + 1), byPair.get(k) ?? [], count(x, y));
      if (!part) break;
      parts.push(part);
    }
    if (parts.length !== c.ids.length - 1) continue;
    if (!worthReading(nodes, parts)) continue;
    const path = buildPath(nodes, parts, c.score);
    const key = c.ids.join('\u0000');
    if (seen.has(key) || seen.has(path.text)) continue;
    seen.add(key).add(path.text);
    out.push(path);
  }
  return out;
}

/**
 * A path says something its hops do not say alone: no two hops quote the same sentence (a chain of
 * co-mentions in one sentence repeats a direct edge), and a path that crosses from one paper to another
 * does so through an entity both papers name specifically, never through a generic word.
 */
function worthReading(nodes: EntitySummary[], parts: { edge: PathEdge }[]): boolean {
  const cites = parts.map((p) => p.edge.best.citation);
  const quotes = cites.map((c) => `${c.chunkId}\u0000${c.quote}`);
  if (new Set(quotes).size < quotes.length) return false;
  // The quotes the reader sees: a generic word may join two hops only inside one paper.
  for (let i = 1; i + 1 < nodes.length; i++)
    if (isGenericName(at(nodes, i).name) && at(cites, i - 1).documentId !== at(cites, i).documentId)
      return false;
  return true;
}
