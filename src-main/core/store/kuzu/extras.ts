import { AriadneError } from '../../../contract/errors';
import type { Clock } from '../../deps';
import type { KuzuDb } from './kuzu-db';
import { chunkId } from '../ids';
import { BULK_ROWS, createRels } from './rels';
import { byPrimaryKey, fromIds } from './rows';
import type { CommunityInput, CommunityRecord, QuestionInput } from '../types';

/** Atomic questions (ANSWERS_IN a chunk) and communities (IN_COMMUNITY, PARENT). */
export function extraOps(db: KuzuDb, clock: Clock) {
  return {
    /** Replaces the questions of every chunk named in `items` (idempotent per chunk). */
    async setQuestions(items: QuestionInput[]): Promise<void> {
      if (!items.length) return;
      const rows = items.map((q) => ({
        id: q.id,
        docId: q.docId,
        chunkId: chunkId(q.docId, q.chunkIndex),
        text: q.text,
      }));
      const chunks = [...new Set(rows.map((x) => x.chunkId))];
      await db.write(async (r) => {
        // By key, not `UNWIND $ids … MATCH`: Kùzu plans that as a scan of every chunk of the library, and
        // this runs once per passage.
        const found = await byPrimaryKey(r, 'Chunk', 'id', chunks, 'x.id AS id');
        if (found.length !== chunks.length)
          throw new AriadneError('not_found', 'Questions for an unknown chunk.');
        await fromIds(
          r,
          chunks,
          'MATCH (q:AtomicQuestion)-[:ANSWERS_IN]->(:Chunk {id: $id}) DETACH DELETE q',
          'MATCH (q:AtomicQuestion)-[:ANSWERS_IN]->(c:Chunk) WHERE c.id IN $ids DETACH DELETE q',
        );
        await r.query(
          `UNWIND $rows AS x MERGE (q:AtomicQuestion {id: x.id}) SET q.chunkId = x.chunkId, q.docId = x.docId, q.text = x.text`,
          { rows },
        );
        await createRels(
          r,
          { rel: 'ANSWERS_IN', from: 'AtomicQuestion', to: 'Chunk' },
          rows.map((x) => ({ from: x.id, to: x.chunkId })),
        );
      });
    },

    async questionsForChunk(docId: string, chunkIndex: number): Promise<{ id: string; text: string }[]> {
      const rows = await db.read((r) =>
        r.query(
          'MATCH (q:AtomicQuestion)-[:ANSWERS_IN]->(c:Chunk {id: $c}) RETURN q.id AS id, q.text AS text ORDER BY q.id',
          {
            c: chunkId(docId, chunkIndex),
          },
        ),
      );
      return rows.map((x) => ({ id: String(x.id), text: String(x.text) }));
    },

    /**
     * Inserts or replaces communities with their members; PARENT links point at the next level up. `bulk`
     * defaults to BULK_ROWS members or more.
     */
    async upsertCommunities(items: CommunityInput[], opts: { bulk?: boolean } = {}): Promise<void> {
      if (!items.length) return;
      const now = clock.now();
      const rows = items.map((c) => ({ ...c, stale: c.stale ?? false, parentId: c.parentId ?? '', now }));
      const members = rows.reduce((n, x) => n + x.memberIds.length, 0);
      await db.write(
        async (r) => {
          await r.query(
            `UNWIND $rows AS x MERGE (c:Community {id: x.id})
           SET c.level = x.level, c.title = x.title, c.summary = x.summary, c.stale = x.stale, c.updatedAt = x.now`,
            { rows },
          );
          const ids = rows.map((x) => x.id);
          await r.query('MATCH (:Entity)-[m:IN_COMMUNITY]->(c:Community) WHERE c.id IN $ids DELETE m', {
            ids,
          });
          await r.query('MATCH (c:Community)-[p:PARENT]->(:Community) WHERE c.id IN $ids DELETE p', { ids });
          await createRels(
            r,
            { rel: 'IN_COMMUNITY', from: 'Entity', to: 'Community' },
            rows.flatMap((x) => x.memberIds.map((e) => ({ from: e, to: x.id }))),
          );
          await createRels(
            r,
            { rel: 'PARENT', from: 'Community', to: 'Community' },
            rows.filter((x) => x.parentId).map((x) => ({ from: x.id, to: x.parentId })),
          );
        },
        { bulk: opts.bulk ?? members >= BULK_ROWS },
      );
    },

    async deleteCommunities(ids: string[]): Promise<void> {
      if (!ids.length) return;
      await db.write((r) => r.query('UNWIND $ids AS i MATCH (c:Community {id: i}) DETACH DELETE c', { ids }));
    },

    async listCommunities(level?: number): Promise<CommunityRecord[]> {
      const where = level === undefined ? '' : 'WHERE c.level = $level';
      const rows = await db.read((r) =>
        r.query(
          `MATCH (c:Community) ${where} OPTIONAL MATCH (c)-[:PARENT]->(p:Community)
           OPTIONAL MATCH (e:Entity)-[:IN_COMMUNITY]->(c)
           RETURN c.id AS id, c.level AS level, c.title AS title, c.summary AS summary, c.stale AS stale,
                  p.id AS parentId, count(e) AS size ORDER BY level, id`,
          level === undefined ? undefined : { level },
        ),
      );
      return rows.map((x) => ({
        id: String(x.id),
        level: Number(x.level),
        title: String(x.title ?? ''),
        summary: String(x.summary ?? ''),
        stale: Boolean(x.stale),
        parentId: x.parentId == null ? null : String(x.parentId),
        size: Number(x.size),
      }));
    },
  };
}
