import type { GraphReader, GraphWriter } from '../graph-port';
import type { KuzuRunner } from './kuzu-db';
import { createRels } from './rels';
import { fromIds } from './rows';

type CommunityReads = Pick<
  GraphReader,
  'listCommunities' | 'memberships' | 'communityChunks' | 'questionsOf' | 'questionChunk'
>;

/** Communities (IN_COMMUNITY, PARENT) and atomic questions (ANSWERS_IN a chunk), read. */
export const communityReads = (r: KuzuRunner): CommunityReads => ({
  async listCommunities(level) {
    const where = level === undefined ? '' : 'WHERE c.level = $level';
    const rows = await r.query(
      `MATCH (c:Community) ${where} OPTIONAL MATCH (c)-[:PARENT]->(p:Community)
       OPTIONAL MATCH (e:Entity)-[:IN_COMMUNITY]->(c)
       RETURN c.id AS id, c.level AS level, c.title AS title, c.summary AS summary, c.stale AS stale,
              p.id AS parentId, count(e) AS size ORDER BY level, id`,
      level === undefined ? undefined : { level },
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

  async memberships(entityIds, level) {
    const at = level === undefined ? '' : 'WHERE c.level = $level';
    const rows = await fromIds(
      r,
      entityIds,
      `MATCH (e:Entity {id: $id})-[:IN_COMMUNITY]->(c:Community) ${at} RETURN e.id AS id, c.id AS c`,
      `MATCH (e:Entity)-[:IN_COMMUNITY]->(c:Community) WHERE e.id IN $ids ${level === undefined ? '' : 'AND c.level = $level'}
       RETURN e.id AS id, c.id AS c`,
      level === undefined ? {} : { level },
    );
    return rows.map((x) => ({ entityId: String(x.id), communityId: String(x.c) }));
  },

  async communityChunks(communityId, limit) {
    const rows = await r.query(
      `MATCH (e:Entity)-[:IN_COMMUNITY]->(:Community {id: $c}) MATCH (ch:Chunk)-[:MENTIONS]->(e)
       RETURN ch.id AS id, count(*) AS n ORDER BY n DESC, id LIMIT $k`,
      { c: communityId, k: limit },
    );
    return rows.map((x) => ({ chunkId: String(x.id), mentions: Number(x.n) }));
  },

  async questionsOf(chunkId) {
    const rows = await r.query(
      'MATCH (q:AtomicQuestion)-[:ANSWERS_IN]->(c:Chunk {id: $c}) RETURN q.id AS id, q.text AS text ORDER BY q.id',
      { c: chunkId },
    );
    return rows.map((x) => ({ id: String(x.id), text: String(x.text) }));
  },

  async questionChunk(questionId) {
    const [row] = await r.query(
      'MATCH (q:AtomicQuestion {id: $id})-[:ANSWERS_IN]->(c:Chunk) RETURN c.id AS id',
      {
        id: questionId,
      },
    );
    return row ? String(row.id) : null;
  },
});

type CommunityWrites = Pick<
  GraphWriter,
  'putCommunities' | 'deleteCommunities' | 'addMemberships' | 'markStale' | 'replaceQuestions'
>;

/** Communities and atomic questions, written. */
export const communityWrites = (r: KuzuRunner): CommunityWrites => ({
  /** PARENT links point at the next level up. */
  async putCommunities(items, now) {
    const rows = items.map((c) => ({ ...c, stale: c.stale ?? false, parentId: c.parentId ?? '', now }));
    await r.query(
      `UNWIND $rows AS x MERGE (c:Community {id: x.id})
       SET c.level = x.level, c.title = x.title, c.summary = x.summary, c.stale = x.stale, c.updatedAt = x.now`,
      { rows },
    );
    const ids = rows.map((x) => x.id);
    await r.query('MATCH (:Entity)-[m:IN_COMMUNITY]->(c:Community) WHERE c.id IN $ids DELETE m', { ids });
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

  async deleteCommunities(ids) {
    if (ids.length) await r.query('UNWIND $ids AS i MATCH (c:Community {id: i}) DETACH DELETE c', { ids });
  },

  async addMemberships(entityId, communityIds) {
    await r.each(
      'MATCH (e:Entity {id: $e}), (c:Community {id: $c}) CREATE (e)-[:IN_COMMUNITY]->(c) SET c.stale = true',
      communityIds.map((c) => ({ e: entityId, c })),
    );
  },

  async markStale(f) {
    if (f.communityIds?.length)
      await r.query('UNWIND $ids AS i MATCH (c:Community {id: i}) SET c.stale = true', {
        ids: f.communityIds,
      });
    if (f.entityIds?.length)
      await fromIds(
        r,
        f.entityIds,
        'MATCH (:Entity {id: $id})-[:IN_COMMUNITY]->(c:Community) SET c.stale = true',
        'MATCH (e:Entity)-[:IN_COMMUNITY]->(c:Community) WHERE e.id IN $ids SET c.stale = true',
      );
  },

  async replaceQuestions(chunkIds, rows) {
    await fromIds(
      r,
      chunkIds,
      'MATCH (q:AtomicQuestion)-[:ANSWERS_IN]->(:Chunk {id: $id}) DETACH DELETE q',
      'MATCH (q:AtomicQuestion)-[:ANSWERS_IN]->(c:Chunk) WHERE c.id IN $ids DETACH DELETE q',
    );
    if (!rows.length) return;
    await r.query(
      'UNWIND $rows AS x MERGE (q:AtomicQuestion {id: x.id}) SET q.chunkId = x.chunkId, q.docId = x.docId, q.text = x.text',
      { rows },
    );
    await createRels(
      r,
      { rel: 'ANSWERS_IN', from: 'AtomicQuestion', to: 'Chunk' },
      rows.map((x) => ({ from: x.id, to: x.chunkId })),
    );
  },
});
