import type { KuzuDb } from './kuzu-db';
import { byPrimaryKey, chunkCols, entityCols, fromIds, list, toChunk, toEntity } from './rows';
import type {
  ChunkRecord,
  ChunkWithDocument,
  DocumentStats,
  EntityName,
  EntityRecord,
  MentionPair,
} from '../types';

const numOrNull = (v: unknown) => (v == null ? null : Number(v));

/** Reads retrieval and the library view need beyond the core operations: batched, anchored, parametrised. */
export function readOps(db: KuzuDb) {
  return {
    async topEntities(limit: number): Promise<EntityRecord[]> {
      const rows = await db.read((r) =>
        r.query(`MATCH (e:Entity) RETURN ${entityCols('e')} ORDER BY e.evidenceCount DESC LIMIT $k`, {
          k: limit,
        }),
      );
      return rows.map(toEntity);
    },

    async entityNames(): Promise<EntityName[]> {
      const rows = await db.read((r) =>
        r.query(
          'MATCH (e:Entity) RETURN e.id AS id, e.name AS name, e.aliases AS aliases, e.evidenceCount AS n',
        ),
      );
      return rows.map((x) => ({
        id: String(x.id),
        name: String(x.name ?? ''),
        aliases: list(x.aliases).map(String),
        evidenceCount: Number(x.n ?? 0),
      }));
    },

    async entitiesInDocuments(docIds: string[], limit: number): Promise<string[]> {
      if (!docIds.length) return [];
      const rows = await db.read((r) =>
        r.query(
          `MATCH (c:Chunk)-[:MENTIONS]->(e:Entity) WHERE c.docId IN $docs
           RETURN DISTINCT e.id AS id, e.evidenceCount AS n ORDER BY n DESC, id LIMIT $k`,
          { docs: docIds, k: limit },
        ),
      );
      return rows.map((x) => String(x.id));
    },

    async mentionPairs(
      of: { chunkIds?: string[]; entityIds?: string[] },
      limit: number,
    ): Promise<MentionPair[]> {
      const byChunk = of.chunkIds !== undefined;
      const ids = (byChunk ? of.chunkIds : of.entityIds) ?? [];
      if (!ids.length) return [];
      const rows = await db.read((r) =>
        r.query(
          `MATCH (c:Chunk)-[:MENTIONS]->(e:Entity) WHERE ${byChunk ? 'c.id' : 'e.id'} IN $ids
           RETURN c.id AS c, e.id AS e LIMIT $k`,
          { ids, k: limit },
        ),
      );
      return rows.map((x) => ({ chunkId: String(x.c), entityId: String(x.e) }));
    },

    async communitiesOf(entityIds: string[], level: number): Promise<Map<string, string>> {
      const rows = await db.read((r) =>
        fromIds(
          r,
          entityIds,
          'MATCH (e:Entity {id: $id})-[:IN_COMMUNITY]->(c:Community) WHERE c.level = $level RETURN e.id AS id, c.id AS c',
          `MATCH (e:Entity)-[:IN_COMMUNITY]->(c:Community) WHERE e.id IN $ids AND c.level = $level
           RETURN e.id AS id, c.id AS c`,
          { level },
        ),
      );
      return new Map(rows.map((x) => [String(x.id), String(x.c)]));
    },

    async communityChunks(
      communityId: string,
      limit: number,
    ): Promise<{ chunkId: string; mentions: number }[]> {
      const rows = await db.read((r) =>
        r.query(
          `MATCH (e:Entity)-[:IN_COMMUNITY]->(:Community {id: $c}) MATCH (ch:Chunk)-[:MENTIONS]->(e)
           RETURN ch.id AS id, count(*) AS n ORDER BY n DESC, id LIMIT $k`,
          { c: communityId, k: limit },
        ),
      );
      return rows.map((x) => ({ chunkId: String(x.id), mentions: Number(x.n) }));
    },

    async questionChunk(questionId: string): Promise<string | null> {
      const rows = await db.read((r) =>
        r.query('MATCH (q:AtomicQuestion {id: $id})-[:ANSWERS_IN]->(c:Chunk) RETURN c.id AS id', {
          id: questionId,
        }),
      );
      const [row] = rows;
      return row ? String(row.id) : null;
    },

    async chunksById(ids: string[]): Promise<ChunkRecord[]> {
      if (!ids.length) return [];
      const rows = await db.read((r) => byPrimaryKey(r, 'Chunk', 'id', ids, chunkCols('x')));
      return rows.map(toChunk);
    },

    async chunksWithDocuments(ids: string[]): Promise<ChunkWithDocument[]> {
      if (!ids.length) return [];
      const rows = await db.read((r) =>
        r.query(
          `UNWIND $ids AS i MATCH (c:Chunk {id: i}) OPTIONAL MATCH (d:Document {id: c.docId})
           RETURN c.id AS id, c.docId AS docId, c.idx AS idx, c.text AS text, c.charStart AS cs, c.pageStart AS ps, c.pageEnd AS pe,
                  c.pageOffsets AS po, d.title AS title, d.year AS year`,
          { ids: [...new Set(ids)] },
        ),
      );
      return rows.map((x) => ({
        id: String(x.id),
        docId: String(x.docId),
        index: Number(x.idx),
        text: String(x.text ?? ''),
        charStart: Number(x.cs ?? 0),
        pageStart: Number(x.ps),
        pageEnd: Number(x.pe),
        pageOffsets: (Array.isArray(x.po) ? x.po : [0]).map(Number),
        title: String(x.title ?? ''),
        year: numOrNull(x.year),
      }));
    },

    async documentTitles(ids: string[]): Promise<Map<string, { title: string; year: number | null }>> {
      if (!ids.length) return new Map();
      // Documents are few: scanning them once beats looking dozens up one by one.
      const rows = await db.read((r) =>
        byPrimaryKey(r, 'Document', 'id', ids, 'x.id AS id, x.title AS title, x.year AS year', 4),
      );
      return new Map(
        rows.map((x) => [String(x.id), { title: String(x.title ?? ''), year: numOrNull(x.year) }]),
      );
    },

    async documentStats(id: string): Promise<DocumentStats> {
      return db.read(async (r) => {
        const one = async (q: string) => Number((await r.query(q, { id }))[0]?.n ?? 0);
        return {
          entities: await one(
            'MATCH (:Document {id: $id})-[:HAS_CHUNK]->(:Chunk)-[:MENTIONS]->(e:Entity) RETURN count(DISTINCT e) AS n',
          ),
          relationships: await one(
            'MATCH (:Document {id: $id})-[:HAS_CHUNK]->(c:Chunk) RETURN sum(coalesce(size(c.evidenceKeys), 0)) AS n',
          ),
        };
      });
    },

    async documentStatsAll(): Promise<Map<string, DocumentStats>> {
      return db.read(async (r) => {
        // The same two counts as documentStats, grouped by document: two scans instead of two per document.
        const entities = await r.query(
          'MATCH (d:Document)-[:HAS_CHUNK]->(:Chunk)-[:MENTIONS]->(e:Entity) RETURN d.id AS id, count(DISTINCT e) AS n',
        );
        const relationships = await r.query(
          'MATCH (d:Document)-[:HAS_CHUNK]->(c:Chunk) RETURN d.id AS id, sum(coalesce(size(c.evidenceKeys), 0)) AS n',
        );
        const stats = new Map<string, DocumentStats>();
        for (const x of relationships)
          stats.set(String(x.id), { entities: 0, relationships: Number(x.n ?? 0) });
        for (const x of entities) {
          const s = stats.get(String(x.id));
          if (s) s.entities = Number(x.n ?? 0);
        }
        return stats;
      });
    },

    async changeStamp(): Promise<string> {
      const rows = await db.read((r) =>
        r.query(
          `MATCH (e:Entity) WITH count(*) AS ne
           OPTIONAL MATCH ()-[r:RELATED]->() WITH ne, count(r) AS nr
           OPTIONAL MATCH (d:Document) WITH ne, nr, max(d.updatedAt) AS du, count(d) AS nd
           OPTIONAL MATCH (c:Community) RETURN ne, nr, du, nd, count(c) AS nc`,
        ),
      );
      const x = rows[0] ?? {};
      return [x.ne, x.nr, x.du, x.nd, x.nc].map(String).join('|');
    },
  };
}
