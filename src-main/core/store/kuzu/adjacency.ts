import type { AdjacencyIndex, PairCount } from './adjacency-index';
import type { KuzuRunner } from './kuzu-db';
import { evidenceNodes } from './evidence-rows';
import type { Direction, Hop, PathFilters } from '../types';

/** A hop seen from the node being expanded: `to` is the neighbour, `dir` the evidence direction. */
export interface Edge {
  from: string;
  to: string;
  dir: 'out' | 'in';
  evidence: number;
  keywords: string[];
}

/**
 * The evidence-backed neighbours of many entities, with the filters of a graph walk. Without a keyword
 * filter the walk reads the in-memory adjacency (adjacency-index.ts); keywords live on the Evidence nodes,
 * so a keyword filter asks Kùzu for the rows and their keys. The neighbour-type filter exempts `exempt`
 * (path search's two end points); the minimum evidence applies per pair, both directions together when
 * the walk follows both. Kùzu 0.11 rejects parameters inside recursive-pattern predicates, which is why
 * path search walks the graph from here rather than with `SHORTEST`.
 */
export async function neighbourEdges(
  r: Pick<KuzuRunner, 'query'>,
  index: AdjacencyIndex,
  ids: string[],
  f: PathFilters = {},
  exempt?: Set<string>,
): Promise<Map<string, Edge[]>> {
  const out = new Map<string, Edge[]>();
  if (!ids.length) return out;
  const dir = f.direction ?? 'both';
  const types = f.entityTypes?.length ? new Set(f.entityTypes) : null;
  await index.ready(r);
  const keep = (b: string) => !types || types.has(index.type(b) ?? '') || Boolean(exempt?.has(b));
  const counted = f.keywords?.length ? await keywordCounts(r, ids, dir, f.keywords) : null;
  const min = f.minEvidence ?? 1;
  for (const a of new Set(ids)) {
    const edges: Edge[] = [];
    const pairs = counted ? [...(counted.get(a) ?? new Map())] : index.neighbours(a);
    for (const [b, c] of pairs) {
      if (b === a || !keep(b)) continue;
      const outN = dir === 'in' ? 0 : c.out;
      const inN = dir === 'out' ? 0 : c.in;
      if (outN + inN < min || outN + inN === 0) continue;
      const keywords = counted ? [...(c as KeywordCount).keywords] : [];
      if (outN) edges.push({ from: a, to: b, dir: 'out', evidence: outN, keywords });
      if (inN) edges.push({ from: a, to: b, dir: 'in', evidence: inN, keywords });
    }
    if (edges.length) out.set(a, edges);
  }
  return out;
}

interface KeywordCount extends PairCount {
  keywords: Set<string>;
}

/** Per entity and neighbour, the evidence rows that carry one of the keywords (read from Kùzu). */
async function keywordCounts(
  r: Pick<KuzuRunner, 'query'>,
  ids: string[],
  dir: Direction,
  keywords: string[],
): Promise<Map<string, Map<string, KeywordCount>>> {
  const wanted = new Set(keywords.map((k) => k.toLowerCase()));
  const rows: { a: string; b: string; k: number; d: 'out' | 'in' }[] = [];
  const read = async (cypher: string, d: 'out' | 'in') => {
    for (const x of await r.query(cypher, { ids }))
      rows.push({ a: String(x.a), b: String(x.b), k: Number(x.k), d });
  };
  if (dir !== 'in')
    await read(
      'MATCH (a:Entity)-[x:RELATED]->(b:Entity) WHERE a.id IN $ids RETURN a.id AS a, b.id AS b, x.k AS k',
      'out',
    );
  if (dir !== 'out')
    await read(
      'MATCH (a:Entity)<-[x:RELATED]-(b:Entity) WHERE a.id IN $ids RETURN a.id AS a, b.id AS b, x.k AS k',
      'in',
    );
  const details = await evidenceNodes(
    r,
    rows.map((x) => x.k),
  );
  const out = new Map<string, Map<string, KeywordCount>>();
  for (const x of rows) {
    const kws = (details.get(x.k)?.keywords ?? []).filter((k) => wanted.has(k.toLowerCase()));
    if (!kws.length) continue;
    const m = out.get(x.a) ?? new Map<string, KeywordCount>();
    out.set(x.a, m);
    const c = m.get(x.b) ?? { out: 0, in: 0, keywords: new Set<string>() };
    m.set(x.b, c);
    c[x.d]++;
    for (const k of kws) c.keywords.add(k);
  }
  return out;
}

/** Turns expansion edges into hops in evidence direction (source → target). */
export function toHop(e: Edge): Hop {
  return e.dir === 'out'
    ? { from: e.from, to: e.to, evidence: e.evidence, keywords: e.keywords }
    : { from: e.to, to: e.from, evidence: e.evidence, keywords: e.keywords };
}

/** Collapses edges to one hop per unordered pair and direction, for results. */
export function dedupeHops(hops: Hop[]): Hop[] {
  const seen = new Map<string, Hop>();
  for (const h of hops) seen.set(`${h.from}\u0000${h.to}`, h);
  return [...seen.values()].sort((a, b) => (a.from + a.to < b.from + b.to ? -1 : 1));
}
