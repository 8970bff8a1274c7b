import type { KuzuRunner, Row } from './kuzu-db';
import { evidenceNodes } from './evidence-rows';
import type { Hop, PathFilters } from './types';

/** A hop seen from the node being expanded: `to` is the neighbour, `dir` the evidence direction. */
export interface Edge {
  from: string;
  to: string;
  dir: 'out' | 'in';
  evidence: number;
  keywords: string[];
}

/**
 * One batched, parametrised lookup of the evidence-backed neighbours of many entities. Filters that Kùzu can
 * apply with parameters (neighbour type) go into the query; keyword matching and the minimum-evidence rule
 * are applied after aggregation per (entity, neighbour, direction). Kùzu 0.11 rejects parameters inside
 * recursive-pattern predicates, which is why path search walks the graph from here rather than with
 * `SHORTEST` and string-built filters.
 */
export async function neighbourEdges(
  r: KuzuRunner,
  ids: string[],
  f: PathFilters = {},
  exempt?: Set<string>,
): Promise<Map<string, Edge[]>> {
  const out = new Map<string, Edge[]>();
  if (!ids.length) return out;
  const dir = f.direction ?? 'both';
  // Type filtering happens here rather than in Cypher so path search can exempt its two end points.
  const types = f.entityTypes?.length ? new Set(f.entityTypes) : null;
  const params: Record<string, unknown> = { ids };
  const wantKw = Boolean(f.keywords?.length);
  const ret = wantKw
    ? 'RETURN a.id AS a, b.id AS b, b.type AS t, r.k AS k, 1 AS n'
    : 'RETURN a.id AS a, b.id AS b, b.type AS t, count(*) AS n';
  const rows: { row: Row; d: 'out' | 'in' }[] = [];
  if (dir !== 'in') {
    const res = await r.query(
      `UNWIND $ids AS i MATCH (a:Entity {id: i})-[r:RELATED]->(b:Entity) ${ret}`,
      params,
    );
    for (const row of res) rows.push({ row, d: 'out' });
  }
  if (dir !== 'out') {
    const res = await r.query(
      `UNWIND $ids AS i MATCH (a:Entity {id: i})<-[r:RELATED]-(b:Entity) ${ret}`,
      params,
    );
    for (const row of res) rows.push({ row, d: 'in' });
  }
  // Keywords live on the Evidence nodes: one batched primary-key lookup for all rows of this expansion.
  const kwOf = wantKw
    ? new Map(
        [
          ...(
            await evidenceNodes(
              r,
              rows.map((x) => Number(x.row.k)),
            )
          ).values(),
        ].map((v) => [v.k, v.keywords]),
      )
    : null;
  const kwFilter = wantKw ? new Set(f.keywords!.map((k) => k.toLowerCase())) : null;
  const agg = new Map<string, Edge>();
  for (const { row, d } of rows) {
    const a = String(row.a);
    const b = String(row.b);
    if (a === b) continue;
    if (types && !types.has(String(row.t)) && !exempt?.has(b)) continue;
    const kws = kwOf ? (kwOf.get(Number(row.k)) ?? []) : [];
    if (kwFilter && !kws.some((k) => kwFilter.has(k.toLowerCase()))) continue;
    const key = `${a}\u0000${b}\u0000${d}`;
    const e = agg.get(key) ?? { from: a, to: b, dir: d, evidence: 0, keywords: [] };
    e.evidence += Number(row.n);
    for (const k of kws) if (!e.keywords.includes(k)) e.keywords.push(k);
    agg.set(key, e);
  }
  // With direction 'both', a pair's two directions count together toward the minimum evidence.
  const min = f.minEvidence ?? 1;
  const total = new Map<string, number>();
  for (const e of agg.values())
    total.set(`${e.from}\u0000${e.to}`, (total.get(`${e.from}\u0000${e.to}`) ?? 0) + e.evidence);
  for (const e of agg.values()) {
    if ((total.get(`${e.from}\u0000${e.to}`) ?? 0) < min) continue;
    const arr = out.get(e.from) ?? [];
    arr.push(e);
    out.set(e.from, arr);
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
