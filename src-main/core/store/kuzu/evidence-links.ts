import type { KuzuDb, Row } from './kuzu-db';
import { evidenceNodes } from './evidence-rows';
import { fromIds } from './rows';
import type { EvidenceDetail, EvidenceLink } from '../types';
import { citationOf } from '../citation';

const toLink = (x: Row): EvidenceLink => ({
  key: Number(x.k),
  source: String(x.s),
  target: String(x.t),
  confidence: Number(x.c),
});

/** Evidence rows between entities, and their details by key, for citations and community summaries. */
export function evidenceLinkOps(db: KuzuDb) {
  return {
    /**
     * Callers filter targets themselves rather than this adding `b.id IN $ids`: Kùzu 0.11 crashes when one
     * list parameter is used twice in a query.
     */
    async evidenceFrom(sourceIds: string[]): Promise<EvidenceLink[]> {
      const rows = await db.read((r) =>
        fromIds(
          r,
          sourceIds,
          'MATCH (a:Entity {id: $id})-[r:RELATED]->(b:Entity) RETURN a.id AS s, b.id AS t, r.k AS k, r.confidence AS c',
          'MATCH (a:Entity)-[r:RELATED]->(b:Entity) WHERE a.id IN $ids RETURN a.id AS s, b.id AS t, r.k AS k, r.confidence AS c',
        ),
      );
      return rows.map(toLink);
    },

    /**
     * Few pairs: one expansion each (a few ms); many: one scan from all their sources, filtered here.
     * (`UNWIND $pairs … MATCH` joins against whole tables in Kùzu.)
     */
    async evidenceBetween(pairs: { a: string; b: string }[]): Promise<EvidenceLink[]> {
      if (!pairs.length) return [];
      const q = 'RETURN x.k AS k, a.id AS s, b.id AS t, x.confidence AS c';
      return db.read(async (r) => {
        if (pairs.length <= 16) {
          const rows: Row[] = [];
          for (const p of pairs)
            rows.push(
              ...(await r.query(`MATCH (a:Entity {id: $a})-[x:RELATED]->(b:Entity {id: $b}) ${q}`, {
                a: p.a,
                b: p.b,
              })),
            );
          return rows.map(toLink);
        }
        const wanted = new Set(pairs.map((p) => `${p.a}\u0000${p.b}`));
        const sources = [...new Set(pairs.map((p) => p.a))];
        const rows = await r.query(`MATCH (a:Entity)-[x:RELATED]->(b:Entity) WHERE a.id IN $ids ${q}`, {
          ids: sources,
        });
        return rows.filter((x) => wanted.has(`${String(x.s)}\u0000${String(x.t)}`)).map(toLink);
      });
    },

    async evidenceDetails(keys: number[]): Promise<Map<number, EvidenceDetail>> {
      if (!keys.length) return new Map();
      const nodes = await db.read((r) => evidenceNodes(r, keys));
      return new Map([...nodes].map(([k, v]) => [k, { key: v.k, id: v.id, ...citationOf(v) }]));
    },
  };
}
