import { AriadneError } from '../../../contract/errors';
import type { AdjacencyIndex } from './adjacency-index';
import type { KuzuDb } from './kuzu-db';
import { removeChunkEvidence } from './evidence-rows';
import { refreshEntities } from './refresh';
import { fromIds } from './rows';
import type { DeleteResult } from '../types';

/**
 * Deletes a document, its chunks, questions and every piece of evidence it contributed, in one
 * transaction; entities left without evidence go too, and the others are re-derived from what remains.
 * Communities that lose or change members are marked stale for the background refresh.
 */
export function deleteOps(db: KuzuDb, adjacency: AdjacencyIndex) {
  return {
    async deleteDocument(id: string): Promise<DeleteResult> {
      const res = await db.write(async (r) => {
        const doc = await r.query('MATCH (d:Document {id: $id}) RETURN d.id', { id });
        if (!doc.length) throw new AriadneError('not_found', `No document ${id}.`);
        const chunks = (
          await r.query('MATCH (:Document {id: $id})-[:HAS_CHUNK]->(c:Chunk) RETURN c.id AS id', { id })
        ).map((x) => String(x.id));
        let affected: string[] = [];
        let questionIds: string[] = [];
        if (chunks.length) {
          affected = await removeChunkEvidence(r, chunks);
          questionIds = (
            await fromIds(
              r,
              chunks,
              'MATCH (q:AtomicQuestion)-[:ANSWERS_IN]->(:Chunk {id: $id}) RETURN q.id AS id',
              'MATCH (q:AtomicQuestion)-[:ANSWERS_IN]->(c:Chunk) WHERE c.id IN $ids RETURN q.id AS id',
            )
          ).map((x) => String(x.id));
          if (questionIds.length) {
            await r.query('MATCH (q:AtomicQuestion) WHERE q.id IN $ids DETACH DELETE q', {
              ids: questionIds,
            });
          }
          await r.query('MATCH (c:Chunk) WHERE c.id IN $ids DETACH DELETE c', { ids: chunks });
        }
        await r.query('MATCH (d:Document {id: $id}) DETACH DELETE d', { id });
        if (affected.length) {
          await fromIds(
            r,
            affected,
            'MATCH (:Entity {id: $id})-[:IN_COMMUNITY]->(c:Community) SET c.stale = true',
            'MATCH (e:Entity)-[:IN_COMMUNITY]->(c:Community) WHERE e.id IN $ids SET c.stale = true',
          );
        }
        const refreshed = await refreshEntities(r, affected);
        return {
          affected,
          chunkIds: chunks,
          questionIds,
          removedEntityIds: refreshed.removed,
          changedEntityIds: refreshed.changed,
        };
      });
      const { affected, ...result } = res;
      adjacency.markChanged(affected);
      return result;
    },
  };
}
