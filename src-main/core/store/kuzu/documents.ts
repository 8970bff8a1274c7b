import type { GraphReader, GraphWriter } from '../graph-port';
import type { DocumentStats } from '../types';
import type { KuzuRunner } from './kuzu-db';
import { createRels } from './rels';
import { byPrimaryKey, chunkCols, docCols, fromIds, toChunk, toDocument } from './rows';
import { at } from '../../at';

const numOrNull = (v: unknown) => (v == null ? null : Number(v));

type DocumentReads = Pick<
  GraphReader,
  | 'getDocument'
  | 'listDocuments'
  | 'documentTitles'
  | 'documentStats'
  | 'chunkIds'
  | 'getChunks'
  | 'chunksById'
  | 'chunksWithDocuments'
>;

/** Documents and their chunks (HAS_CHUNK, NEXT), read. */
export const documentReads = (r: KuzuRunner): DocumentReads => ({
  async getDocument(id) {
    const [row] = await r.query(`MATCH (d:Document {id: $id}) RETURN ${docCols('d')}`, { id });
    return row ? toDocument(row) : null;
  },

  async listDocuments() {
    return (await r.query(`MATCH (d:Document) RETURN ${docCols('d')} ORDER BY d.createdAt, d.id`)).map(
      toDocument,
    );
  },

  async documentTitles(ids) {
    if (!ids.length) return new Map();
    // Documents are few: scanning them once beats looking dozens up one by one.
    const rows = await byPrimaryKey(
      r,
      'Document',
      'id',
      ids,
      'x.id AS id, x.title AS title, x.year AS year',
      4,
    );
    return new Map(
      rows.map((x) => [String(x.id), { title: String(x.title ?? ''), year: numOrNull(x.year) }]),
    );
  },

  async documentStats(id) {
    const stats = new Map<string, DocumentStats>();
    if (id !== undefined) {
      const one = async (q: string) => Number((await r.query(q, { id }))[0]?.n ?? 0);
      stats.set(id, {
        entities: await one(
          'MATCH (:Document {id: $id})-[:HAS_CHUNK]->(:Chunk)-[:MENTIONS]->(e:Entity) RETURN count(DISTINCT e) AS n',
        ),
        relationships: await one(
          'MATCH (:Document {id: $id})-[:HAS_CHUNK]->(c:Chunk) RETURN sum(coalesce(size(c.evidenceKeys), 0)) AS n',
        ),
      });
      return stats;
    }
    // The same two counts grouped by document: two scans instead of two per document.
    const entities = await r.query(
      'MATCH (d:Document)-[:HAS_CHUNK]->(:Chunk)-[:MENTIONS]->(e:Entity) RETURN d.id AS id, count(DISTINCT e) AS n',
    );
    const relationships = await r.query(
      'MATCH (d:Document)-[:HAS_CHUNK]->(c:Chunk) RETURN d.id AS id, sum(coalesce(size(c.evidenceKeys), 0)) AS n',
    );
    for (const x of relationships) stats.set(String(x.id), { entities: 0, relationships: Number(x.n ?? 0) });
    for (const x of entities) {
      const s = stats.get(String(x.id));
      if (s) s.entities = Number(x.n ?? 0);
    }
    return stats;
  },

  async chunkIds(docId, among) {
    const rows = among
      ? await fromIds(
          r,
          among,
          'MATCH (:Document {id: $docId})-[:HAS_CHUNK]->(c:Chunk {id: $id}) RETURN c.id AS id',
          'MATCH (:Document {id: $docId})-[:HAS_CHUNK]->(c:Chunk) WHERE c.id IN $ids RETURN c.id AS id',
          { docId },
        )
      : await r.query('MATCH (:Document {id: $docId})-[:HAS_CHUNK]->(c:Chunk) RETURN c.id AS id', { docId });
    return rows.map((x) => String(x.id));
  },

  async getChunks(docId) {
    const rows = await r.query(
      `MATCH (:Document {id: $docId})-[:HAS_CHUNK]->(c:Chunk) RETURN ${chunkCols('c')} ORDER BY c.idx`,
      { docId },
    );
    return rows.map(toChunk);
  },

  async chunksById(ids) {
    if (!ids.length) return [];
    return (await byPrimaryKey(r, 'Chunk', 'id', ids, chunkCols('x'))).map(toChunk);
  },

  async chunksWithDocuments(ids) {
    if (!ids.length) return [];
    const rows = await r.query(
      `UNWIND $ids AS i MATCH (c:Chunk {id: i}) OPTIONAL MATCH (d:Document {id: c.docId})
       RETURN c.id AS id, c.docId AS docId, c.idx AS idx, c.text AS text, c.charStart AS cs, c.pageStart AS ps,
              c.pageEnd AS pe, c.pageOffsets AS po, d.title AS title, d.year AS year`,
      { ids: [...new Set(ids)] },
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
});

type DocumentWrites = Pick<
  GraphWriter,
  'putDocument' | 'setDocumentStatus' | 'deleteDocument' | 'putChunks' | 'deleteChunks'
>;

/** Documents and their chunks, written. */
export const documentWrites = (r: KuzuRunner): DocumentWrites => ({
  async putDocument(doc) {
    const rows = await r.query(
      `MERGE (d:Document {id: $id})
       ON CREATE SET d.createdAt = $now
       SET d.title = $title, d.authors = ${doc.authors.length ? '$authors' : 'NULL'}, d.year = $year, d.doi = $doi,
           d.pages = $pages, d.status = $status, d.parserVersion = $parserVersion, d.fileName = $fileName,
           d.originalPath = $originalPath, d.updatedAt = $now
       RETURN ${docCols('d')}`,
      {
        id: doc.id,
        now: doc.updatedAt,
        title: doc.title,
        // Kùzu 0.11 crashes on an empty list parameter (see kuzu-db.ts).
        ...(doc.authors.length ? { authors: doc.authors } : {}),
        year: doc.year,
        doi: doc.doi,
        pages: doc.pages,
        status: doc.status,
        parserVersion: doc.parserVersion,
        fileName: doc.fileName,
        originalPath: doc.originalPath,
      },
    );
    return toDocument(at(rows, 0));
  },

  async setDocumentStatus(id, status, now) {
    const rows = await r.query(
      'MATCH (d:Document {id: $id}) SET d.status = $status, d.updatedAt = $now RETURN d.id',
      { id, status, now },
    );
    return rows.length > 0;
  },

  async deleteDocument(id) {
    await r.query('MATCH (d:Document {id: $id}) DETACH DELETE d', { id });
  },

  async putChunks(docId, chunks, reorder) {
    if (chunks.length) {
      const rows = chunks.map(({ index, ...c }) => ({ ...c, idx: index }));
      // The text only on creation, or where it changed: a passage's steps rewrite its chunk (summary,
      // spans), and every in-place update of a STRING column in Kùzu 0.11 holds a copy of its column chunk
      // in memory until the next checkpoint (270 rewrites of 4 KB passages: +200 MB).
      await r.query(
        `UNWIND $rows AS x MERGE (c:Chunk {id: x.id}) ON CREATE SET c.text = x.text
         SET c.docId = x.docId, c.idx = x.idx, c.forwardSummary = x.forwardSummary,
             c.pageStart = x.pageStart, c.pageEnd = x.pageEnd, c.charStart = x.charStart,
             c.charEnd = x.charEnd, c.pageOffsets = x.pageOffsets`,
        { rows },
      );
      await r.each(
        'MATCH (c:Chunk {id: $id}) WHERE c.text <> $text SET c.text = $text',
        rows.map((x) => ({ id: x.id, text: x.text })),
      );
    }
    if (!reorder) return;
    await createRels(
      r,
      { rel: 'HAS_CHUNK', from: 'Document', to: 'Chunk' },
      reorder.added.map((id) => ({ from: docId, to: id })),
    );
    // The set of chunks changed: reading order is rebuilt. One statement per NEXT edge: Kùzu 0.11.3 can
    // lose relationships deleted several to a statement (see unlinkEvidence in evidence-rows.ts).
    const next = await r.query(
      'MATCH (:Document {id: $docId})-[:HAS_CHUNK]->(a:Chunk)-[:NEXT]->(b:Chunk) RETURN a.id AS a, b.id AS b',
      { docId },
    );
    await r.each(
      'MATCH (:Chunk {id: $a})-[n:NEXT]->(:Chunk {id: $b}) DELETE n',
      next.map((x) => ({ a: String(x.a), b: String(x.b) })),
    );
    const order = (
      await r.query(
        'MATCH (:Document {id: $docId})-[:HAS_CHUNK]->(c:Chunk) RETURN c.id AS id, c.idx AS idx',
        {
          docId,
        },
      )
    )
      .map((x) => ({ id: String(x.id), idx: Number(x.idx) }))
      .sort((a, b) => a.idx - b.idx);
    await createRels(
      r,
      { rel: 'NEXT', from: 'Chunk', to: 'Chunk' },
      order.flatMap((c, i) => {
        const n = order[i + 1];
        return n && n.idx === c.idx + 1 ? [{ from: c.id, to: n.id }] : [];
      }),
    );
  },

  async deleteChunks(ids) {
    if (!ids.length) return [];
    const questionIds = (
      await fromIds(
        r,
        ids,
        'MATCH (q:AtomicQuestion)-[:ANSWERS_IN]->(:Chunk {id: $id}) RETURN q.id AS id',
        'MATCH (q:AtomicQuestion)-[:ANSWERS_IN]->(c:Chunk) WHERE c.id IN $ids RETURN q.id AS id',
      )
    ).map((x) => String(x.id));
    if (questionIds.length)
      await r.query('MATCH (q:AtomicQuestion) WHERE q.id IN $ids DETACH DELETE q', { ids: questionIds });
    await r.query('MATCH (c:Chunk) WHERE c.id IN $ids DETACH DELETE c', { ids });
    return questionIds;
  },
});
