import type { GraphReader, GraphWriter } from '../graph-port';
import type { KuzuRunner } from './kuzu-db';

/** CITES between documents, read. */
export const citationReads = (r: KuzuRunner): Pick<GraphReader, 'citations'> => ({
  async citations() {
    const rows = await r.query(
      'MATCH (a:Document)-[c:CITES]->(b:Document) RETURN a.id AS from, b.id AS to, c.ref AS ref ORDER BY from, to',
    );
    return rows.map((x) => ({ from: String(x.from), to: String(x.to), ref: Number(x.ref) }));
  },
});

/**
 * CITES written per citing document, a few dozen rows at a time, one statement per relationship (see "One
 * relationship per DELETE" in docs/ARCHITECTURE.md). Deleting a document (DETACH DELETE) takes its
 * citations with it.
 */
export const citationWrites = (r: KuzuRunner): Pick<GraphWriter, 'putCitations'> => ({
  async putCitations(from, cites) {
    const old = await r.query('MATCH (:Document {id: $a})-[:CITES]->(b:Document) RETURN b.id AS to', {
      a: from,
    });
    for (const o of old)
      await r.query('MATCH (:Document {id: $a})-[c:CITES]->(:Document {id: $b}) DELETE c', {
        a: from,
        b: String(o.to),
      });
    for (const c of cites)
      await r.query(
        'MATCH (a:Document {id: $a}), (b:Document {id: $b}) CREATE (a)-[:CITES {ref: $ref}]->(b)',
        {
          a: from,
          b: c.to,
          ref: c.ref,
        },
      );
  },
});
