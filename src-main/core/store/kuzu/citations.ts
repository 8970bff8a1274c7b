import type { KuzuDb } from './kuzu-db';
import type { CitationRow } from '../types';

/**
 * CITES between documents: a document's references matched to other documents of the library. Written per
 * citing document, a few dozen rows at a time, one statement per relationship (see "One relationship per
 * DELETE" in docs/ARCHITECTURE.md). Deleting a document (DETACH DELETE) takes its citations with it.
 */
export function citationOps(db: KuzuDb) {
  return {
    async setCitations(from: string, cites: { to: string; ref: number }[]): Promise<void> {
      await db.write(async (r) => {
        const old = await r.query('MATCH (:Document {id: $a})-[c:CITES]->(b:Document) RETURN b.id AS to', {
          a: from,
        });
        for (const o of old)
          await r.query('MATCH (:Document {id: $a})-[c:CITES]->(:Document {id: $b}) DELETE c', {
            a: from,
            b: String(o.to),
          });
        const seen = new Set<string>();
        for (const c of cites) {
          if (c.to === from || seen.has(c.to)) continue;
          seen.add(c.to);
          await r.query(
            'MATCH (a:Document {id: $a}), (b:Document {id: $b}) CREATE (a)-[:CITES {ref: $ref}]->(b)',
            { a: from, b: c.to, ref: c.ref },
          );
        }
      });
    },

    async listCitations(): Promise<CitationRow[]> {
      const rows = await db.read((r) =>
        r.query(
          'MATCH (a:Document)-[c:CITES]->(b:Document) RETURN a.id AS from, b.id AS to, c.ref AS ref ORDER BY from, to',
        ),
      );
      return rows.map((x) => ({ from: String(x.from), to: String(x.to), ref: Number(x.ref) }));
    },
  };
}
