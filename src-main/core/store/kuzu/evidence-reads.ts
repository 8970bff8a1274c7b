import type { GraphReader } from '../graph-port';
import type { EvidenceLink } from '../types';
import { citationOf } from '../citation';
import type { KuzuRunner, Row } from './kuzu-db';
import { evidenceNodes, mentionTexts } from './evidence-rows';
import { fromIds } from './rows';
import { correctedLinks, type TransactionState } from './transaction-state';

const toLink = (x: Row): EvidenceLink => ({
  key: Number(x.k),
  source: String(x.s),
  target: String(x.t),
  confidence: Number(x.c),
});

type EvidenceReads = Pick<
  GraphReader,
  | 'mentionLinks'
  | 'mentionTexts'
  | 'mentionPairs'
  | 'relatedOf'
  | 'evidenceFrom'
  | 'evidenceBetween'
  | 'evidenceDetails'
>;

/**
 * Mention and evidence rows, read: the MENTIONS / RELATED edges, and the text of their Mention / Evidence
 * nodes by key. `tx` holds what the current transaction wrote (transaction-state.ts).
 */
export const evidenceReads = (
  r: KuzuRunner,
  tx: Pick<TransactionState, 'mentions' | 'links' | 'cleared'>,
): EvidenceReads => ({
  async mentionLinks(entityIds) {
    const rows = await fromIds(
      r,
      entityIds,
      'MATCH (c:Chunk)-[m:MENTIONS]->(e:Entity {id: $id}) RETURN c.id AS c, e.id AS e, m.k AS k, m.confidence AS cf',
      'MATCH (c:Chunk)-[m:MENTIONS]->(e:Entity) WHERE e.id IN $ids RETURN c.id AS c, e.id AS e, m.k AS k, m.confidence AS cf',
    );
    const read = rows.map((x) => ({
      k: Number(x.k),
      chunkId: String(x.c),
      entityId: String(x.e),
      confidence: Number(x.cf),
    }));
    return correctedLinks(read, entityIds, tx);
  },

  mentionTexts: (keys) => mentionTexts(r, keys, tx.mentions),

  async mentionPairs(of, limit) {
    const byChunk = of.chunkIds !== undefined;
    const ids = (byChunk ? of.chunkIds : of.entityIds) ?? [];
    if (!ids.length) return [];
    const rows = await r.query(
      `MATCH (c:Chunk)-[:MENTIONS]->(e:Entity) WHERE ${byChunk ? 'c.id' : 'e.id'} IN $ids
       RETURN c.id AS c, e.id AS e LIMIT $k`,
      { ids, k: limit },
    );
    return rows.map((x) => ({ chunkId: String(x.c), entityId: String(x.e) }));
  },

  async relatedOf(entityId, otherId) {
    const other = otherId ? 'AND b.id = $o' : '';
    const params: Record<string, unknown> = { id: entityId, ...(otherId ? { o: otherId } : {}) };
    const rows = [
      ...(await r.query(
        `MATCH (a:Entity {id: $id})-[x:RELATED]->(b:Entity) WHERE true ${other}
         RETURN x.k AS k, x.confidence AS c, a.id AS sid, a.name AS sname, b.id AS tid, b.name AS tname`,
        params,
      )),
      ...(await r.query(
        `MATCH (a:Entity {id: $id})<-[x:RELATED]-(b:Entity) WHERE a.id <> b.id ${other}
         RETURN x.k AS k, x.confidence AS c, b.id AS sid, b.name AS sname, a.id AS tid, a.name AS tname`,
        params,
      )),
    ];
    return rows.map((x) => ({
      k: Number(x.k),
      src: String(x.sid),
      dst: String(x.tid),
      confidence: Number(x.c),
      srcName: String(x.sname),
      dstName: String(x.tname),
    }));
  },

  /**
   * Callers filter targets themselves rather than this adding `b.id IN $ids`: Kùzu 0.11 crashes when one
   * list parameter is used twice in a query.
   */
  async evidenceFrom(sourceIds) {
    const rows = await fromIds(
      r,
      sourceIds,
      'MATCH (a:Entity {id: $id})-[r:RELATED]->(b:Entity) RETURN a.id AS s, b.id AS t, r.k AS k, r.confidence AS c',
      'MATCH (a:Entity)-[r:RELATED]->(b:Entity) WHERE a.id IN $ids RETURN a.id AS s, b.id AS t, r.k AS k, r.confidence AS c',
    );
    return rows.map(toLink);
  },

  /**
   * Few pairs: one expansion each (a few ms); many: one scan from all their sources, filtered here.
   * (`UNWIND $pairs … MATCH` joins against whole tables in Kùzu.)
   */
  async evidenceBetween(pairs) {
    if (!pairs.length) return [];
    const q = 'RETURN x.k AS k, a.id AS s, b.id AS t, x.confidence AS c';
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
  },

  async evidenceDetails(keys) {
    const nodes = await evidenceNodes(r, keys);
    return new Map([...nodes].map(([k, v]) => [k, { key: v.k, id: v.id, ...citationOf(v) }]));
  },
});
