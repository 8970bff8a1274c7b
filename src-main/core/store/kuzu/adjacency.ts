import type { GraphReader, NeighbourCount } from '../graph-port';
import type { AdjacencyIndex, PairCount } from './adjacency-index';
import type { KuzuRunner } from './kuzu-db';
import { evidenceNodes } from './evidence-rows';
import type { Direction } from '../types';

type WalkReads = Pick<GraphReader, 'neighbourCounts' | 'entityGraph'>;

/**
 * What graph walks read. Without a keyword filter, the in-memory adjacency (adjacency-index.ts); keywords
 * live on the Evidence nodes, so a keyword filter asks Kùzu for the rows and their keys. Kùzu 0.11 rejects
 * parameters inside recursive-pattern predicates, which is why path search walks the graph above the port
 * rather than with `SHORTEST`.
 */
export const walkReads = (r: KuzuRunner, index: AdjacencyIndex): WalkReads => ({
  async neighbourCounts(ids, f = {}) {
    const out = new Map<string, Map<string, NeighbourCount>>();
    if (!ids.length) return out;
    await index.ready(r);
    const counted = f.keywords?.length
      ? await keywordCounts(r, ids, f.direction ?? 'both', f.keywords)
      : null;
    for (const a of new Set(ids)) {
      const pairs = counted ? (counted.get(a) ?? new Map<string, KeywordCount>()) : index.neighbours(a);
      const m = new Map<string, NeighbourCount>();
      for (const [b, c] of pairs) if (b !== a) m.set(b, { ...c, type: index.type(b) });
      out.set(a, m);
    }
    return out;
  },

  /** Every entity and every related pair with its evidence count, each pair once (community detection). */
  async entityGraph() {
    await index.ready(r);
    return { entities: index.entityIds(), pairs: index.pairs() };
  },
});

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
