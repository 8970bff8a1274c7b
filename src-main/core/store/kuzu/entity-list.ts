import type { KuzuDb } from './kuzu-db';
import { fetchEntities } from './rows';
import type { EntityListFilter, EntityListItem } from '../types';

/** The library's entities with where they are mentioned: `ariadne entities` and `graph:entities`. */
export function entityListQueries(db: KuzuDb) {
  return {
    async listEntities(f: EntityListFilter = {}): Promise<{ entities: EntityListItem[]; total: number }> {
      return db.read(async (r) => {
        const where: string[] = [];
        const params: Record<string, unknown> = {};
        if (f.docId) {
          where.push('c.docId = $doc');
          params.doc = f.docId;
        }
        if (f.type) {
          where.push('e.type = $type');
          params.type = f.type;
        }
        if (f.search) {
          where.push(
            // aliasText holds the aliases joined by " ; ": one substring test covers them all.
            "(lower(e.name) CONTAINS $q OR lower(coalesce(e.aliasText, '')) CONTAINS $q)",
          );
          params.q = f.search.trim().toLowerCase();
        }
        const rows = await r.query(
          `MATCH (c:Chunk)-[:MENTIONS]->(e:Entity) ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
           RETURN e.id AS id, c.docId AS docId, count(*) AS n`,
          params,
        );
        const byEntity = new Map<string, Map<string, number>>();
        for (const x of rows) {
          const docs = byEntity.get(String(x.id)) ?? new Map<string, number>();
          docs.set(String(x.docId), Number(x.n));
          byEntity.set(String(x.id), docs);
        }
        const total = (docs: Map<string, number>) => [...docs.values()].reduce((a, b) => a + b, 0);
        const ranked = [...byEntity.entries()]
          .sort((a, b) => total(b[1]) - total(a[1]) || (a[0] < b[0] ? -1 : 1))
          .slice(0, f.limit ?? 10_000);
        const entities = new Map(
          (
            await fetchEntities(
              r,
              ranked.map(([id]) => id),
            )
          ).map((e) => [e.id, e]),
        );
        const docIds = [...new Set(ranked.flatMap(([, d]) => [...d.keys()]))];
        const titles = new Map<string, string>();
        if (docIds.length) {
          for (const d of await r.query(
            'MATCH (d:Document) WHERE d.id IN $ids RETURN d.id AS id, d.title AS t',
            {
              ids: docIds,
            },
          ))
            titles.set(String(d.id), String(d.t ?? ''));
        }
        const out: EntityListItem[] = [];
        for (const [id, docs] of ranked) {
          const e = entities.get(id);
          if (!e) continue;
          out.push({
            ...e,
            mentionCount: total(docs),
            documents: [...docs.entries()].map(([doc, n]) => ({
              id: doc,
              title: titles.get(doc) ?? '',
              mentions: n,
            })),
          });
        }
        return { entities: out, total: byEntity.size };
      });
    },
  };
}
