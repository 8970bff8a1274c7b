import type { AdjacencyIndex } from './adjacency-index';
import type { KuzuDb, KuzuRunner } from './kuzu-db';
import { fetchEntities } from './rows';
import type { Hop, Subgraph } from '../types';

/** Graph slices for the explorer: the best-connected entities, or one community. */
export function subgraphQueries(db: KuzuDb, index: AdjacencyIndex) {
  return {
    async subgraph(
      opts: { top?: number; communityId?: string; minEvidence?: number } = {},
    ): Promise<Subgraph> {
      const top = Math.max(1, Math.min(opts.top ?? 200, 5000));
      return db.read(async (r) => {
        let ids: string[];
        if (opts.communityId) {
          const rows = await r.query(
            'MATCH (e:Entity)-[:IN_COMMUNITY]->(:Community {id: $c}) RETURN e.id AS id ORDER BY e.evidenceCount DESC, e.id LIMIT $k',
            { c: opts.communityId, k: top },
          );
          ids = rows.map((x) => String(x.id));
        } else {
          // Ranked by evidence (mentions), which the explorer also sizes nodes by: one node scan, where
          // ranking by degree scanned every RELATED row (1 s at 1M evidence rows).
          const rows = await r.query(
            'MATCH (e:Entity) RETURN e.id AS id ORDER BY e.evidenceCount DESC, e.id LIMIT $k',
            { k: top },
          );
          ids = rows.map((x) => String(x.id));
        }
        return build(r, index, ids, opts.minEvidence ?? 1);
      });
    },
  };
}

async function build(
  r: KuzuRunner,
  index: AdjacencyIndex,
  ids: string[],
  minEvidence: number,
): Promise<Subgraph> {
  if (!ids.length) return { nodes: [], edges: [] };
  await index.ready(r);
  const members = new Set(ids);
  const edges: Hop[] = [];
  const degree = new Map<string, number>();
  for (const a of ids)
    for (const [b, c] of index.neighbours(a)) {
      // Each stored direction once, from its source.
      if (!members.has(b) || c.out < minEvidence) continue;
      edges.push({ from: a, to: b, evidence: c.out, keywords: [] });
      degree.set(a, (degree.get(a) ?? 0) + 1);
      degree.set(b, (degree.get(b) ?? 0) + 1);
    }
  const nodes = (await fetchEntities(r, ids)).map((e) => ({ ...e, degree: degree.get(e.id) ?? 0 }));
  return { nodes, edges };
}
