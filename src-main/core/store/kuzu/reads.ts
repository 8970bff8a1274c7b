import type { GraphReader } from '../graph-port';
import type { GraphIdKind } from '../types';
import type { KuzuRunner } from './kuzu-db';

const LABEL: Record<GraphIdKind, string> = {
  chunks: 'Chunk',
  entities: 'Entity',
  questions: 'AtomicQuestion',
  communities: 'Community',
};

/** Reads over whole tables: counts, ids, the change stamp. */
export const tableReads = (r: KuzuRunner): Pick<GraphReader, 'counts' | 'listIds' | 'changeStamp'> => ({
  async counts() {
    const one = async (q: string) => Number((await r.query(q))[0]?.n ?? 0);
    return {
      documents: await one('MATCH (x:Document) RETURN count(*) AS n'),
      chunks: await one('MATCH (x:Chunk) RETURN count(*) AS n'),
      entities: await one('MATCH (x:Entity) RETURN count(*) AS n'),
      mentions: await one('MATCH ()-[x:MENTIONS]->() RETURN count(*) AS n'),
      evidence: await one('MATCH ()-[x:RELATED]->() RETURN count(*) AS n'),
      questions: await one('MATCH (x:AtomicQuestion) RETURN count(*) AS n'),
      communities: await one('MATCH (x:Community) RETURN count(*) AS n'),
    };
  },

  /** Every id of one kind (for reconciliation with the vector tables). */
  async listIds(kind) {
    return (await r.query(`MATCH (x:${LABEL[kind]}) RETURN x.id AS id`)).map((x) => String(x.id));
  },

  async changeStamp() {
    const rows = await r.query(
      `MATCH (e:Entity) WITH count(*) AS ne
       OPTIONAL MATCH ()-[r:RELATED]->() WITH ne, count(r) AS nr
       OPTIONAL MATCH (d:Document) WITH ne, nr, max(d.updatedAt) AS du, count(d) AS nd
       OPTIONAL MATCH (c:Community) RETURN ne, nr, du, nd, count(c) AS nc`,
    );
    const x = rows[0] ?? {};
    return [x.ne, x.nr, x.du, x.nd, x.nc].map(String).join('|');
  },
});
