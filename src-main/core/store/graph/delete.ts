import { AriadneError } from '../../../contract/errors';
import type { KuzuDb } from './kuzu-db';
import { removeChunkEvidence } from './evidence-rows';
import { refreshEntities } from './refresh';

export interface DeleteResult {
  chunkIds: string[];
  questionIds: string[];
  /** Entities that lost their last evidence and were deleted: remove their vectors. */
  removedEntityIds: string[];
  /** Surviving entities whose name, aliases or description changed: re-embed them. */
  changedEntityIds: string[];
}

/**
 * Deletes a document, its chunks, questions and every piece of evidence it contributed, in one
 * transaction; entities left without evidence go too, and the others are re-derived from what remains.
 * Communities that lose or change members are marked stale for the background refresh.
 */
export function deleteOps(db: KuzuDb) {
  return {
    async deleteDocument(id: string): Promise<DeleteResult> {
      return db.write(async (r) => {
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
            await r.query(
              'UNWIND $ids AS i MATCH (q:AtomicQuestion)-[:ANSWERS_IN]->(:Chunk {id: i}) RETURN q.id AS id',
              {
                ids: chunks,
              },
            )
          ).map((x) => String(x.id));
          if (questionIds.length) {
            await r.query('UNWIND $ids AS i MATCH (q:AtomicQuestion {id: i}) DETACH DELETE q', {
              ids: questionIds,
            });
          }
          await r.query('UNWIND $ids AS i MATCH (c:Chunk {id: i}) DETACH DELETE c', { ids: chunks });
        }
        await r.query('MATCH (d:Document {id: $id}) DETACH DELETE d', { id });
        if (affected.length) {
          await r.query(
            'UNWIND $ids AS i MATCH (:Entity {id: i})-[:IN_COMMUNITY]->(c:Community) SET c.stale = true',
            { ids: affected },
          );
        }
        const refreshed = await refreshEntities(r, affected);
        return {
          chunkIds: chunks,
          questionIds,
          removedEntityIds: refreshed.removed,
          changedEntityIds: refreshed.changed,
        };
      });
    },
  };
}
