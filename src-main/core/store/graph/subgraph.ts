import type { KuzuDb, KuzuRunner } from './kuzu-db';
import { fetchEntities } from './rows';
import type { Hop, Subgraph } from './types';

/** Graph slices for the explorer: the best-connected entities, or one community. */
export function subgraphQueries(db: KuzuDb) {
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
          const rows = await r.query(
            `MATCH (e:Entity)-[x:RELATED]-(:Entity) RETURN e.id AS id, count(x) AS d ORDER BY d DESC, id LIMIT $k`,
            { k: top },
          );
          ids = rows.map((x) => String(x.id));
        }
        return build(r, ids, opts.minEvidence ?? 1);
      });
    },
  };
}

async function build(r: KuzuRunner, ids: string[], minEvidence: number): Promise<Subgraph> {
  if (!ids.length) return { nodes: [], edges: [] };
  const rows = await r.query(
    // Membership is checked here: Kùzu 0.11 crashes when one list parameter is used twice in a statement.
    `UNWIND $ids AS i MATCH (a:Entity {id: i})-[x:RELATED]->(b:Entity) WHERE a.id <> b.id
     RETURN a.id AS a, b.id AS b, count(*) AS n`,
    { ids },
  );
  const members = new Set(ids);
  const edges: Hop[] = [];
  const degree = new Map<string, number>();
  for (const x of rows) {
    const n = Number(x.n);
    if (n < minEvidence || !members.has(String(x.b))) continue;
    edges.push({ from: String(x.a), to: String(x.b), evidence: n, keywords: [] });
    degree.set(String(x.a), (degree.get(String(x.a)) ?? 0) + 1);
    degree.set(String(x.b), (degree.get(String(x.b)) ?? 0) + 1);
  }
  const nodes = (await fetchEntities(r, ids)).map((e) => ({ ...e, degree: degree.get(e.id) ?? 0 }));
  return { nodes, edges };
}
