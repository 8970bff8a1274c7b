import { AriadneError } from '../../../contract/errors';
import type { Clock } from '../../deps';
import type { AdjacencyIndex } from './adjacency-index';
import type { KuzuDb } from './kuzu-db';
import { removeChunkEvidence } from './evidence-rows';
import { chunkId } from '../ids';
import { refreshEntities } from './refresh';
import { createRels } from './rels';
import { chunkCols, docCols, fromIds, toChunk, toDocument } from './rows';
import type { ChunkInput, ChunkRecord, DocumentInput, DocumentRecord } from '../types';
import { at } from '../../at';

export function documentOps(db: KuzuDb, clock: Clock, adjacency: AdjacencyIndex) {
  return {
    async upsertDocument(doc: DocumentInput): Promise<DocumentRecord> {
      const now = clock.now();
      const rows = await db.write((r) =>
        r.query(
          `MERGE (d:Document {id: $id})
           ON CREATE SET d.createdAt = $now
           SET d.title = $title, d.authors = ${doc.authors?.length ? '$authors' : 'NULL'}, d.year = $year, d.doi = $doi, d.pages = $pages,
               d.status = $status, d.parserVersion = $parserVersion, d.fileName = $fileName,
               d.originalPath = $originalPath, d.updatedAt = $now
           RETURN ${docCols('d')}`,
          {
            id: doc.id,
            now,
            title: doc.title,
            ...(doc.authors?.length ? { authors: doc.authors } : {}),
            year: doc.year ?? null,
            doi: doc.doi ?? null,
            pages: doc.pages ?? null,
            status: doc.status,
            parserVersion: doc.parserVersion ?? '',
            fileName: doc.fileName ?? '',
            originalPath: doc.originalPath ?? '',
          },
        ),
      );
      return toDocument(at(rows, 0));
    },

    async setDocumentStatus(id: string, status: string): Promise<void> {
      const rows = await db.write((r) =>
        r.query('MATCH (d:Document {id: $id}) SET d.status = $status, d.updatedAt = $now RETURN d.id', {
          id,
          status,
          now: clock.now(),
        }),
      );
      if (!rows.length) throw new AriadneError('not_found', `No document ${id}.`);
    },

    async getDocument(id: string): Promise<DocumentRecord | null> {
      const rows = await db.read((r) =>
        r.query(`MATCH (d:Document {id: $id}) RETURN ${docCols('d')}`, { id }),
      );
      const [row] = rows;
      return row ? toDocument(row) : null;
    },

    async listDocuments(): Promise<DocumentRecord[]> {
      const rows = await db.read((r) =>
        r.query(`MATCH (d:Document) RETURN ${docCols('d')} ORDER BY d.createdAt, d.id`),
      );
      return rows.map(toDocument);
    },

    /**
     * Inserts or updates chunks by (document, index); HAS_CHUNK and NEXT follow when the set of chunks
     * changes. With `replace`, chunks of the document not in `chunks` are removed with their evidence and
     * questions (re-chunking); without it, chunks can be added progressively.
     */
    async upsertChunks(
      docId: string,
      chunks: ChunkInput[],
      opts: { replace?: boolean } = {},
    ): Promise<ChunkRecord[]> {
      const rows = chunks.map((c) => ({
        id: chunkId(docId, c.index),
        docId,
        idx: c.index,
        text: c.text,
        forwardSummary: c.forwardSummary ?? '',
        pageStart: c.pageStart,
        pageEnd: c.pageEnd,
        charStart: c.charStart,
        charEnd: c.charEnd,
        pageOffsets: c.pageOffsets?.length ? c.pageOffsets : [0],
      }));
      await db.write(async (r) => {
        const exists = await r.query('MATCH (d:Document {id: $id}) RETURN d.id', { id: docId });
        if (!exists.length) throw new AriadneError('not_found', `No document ${docId}.`);
        const chunksOf = async () =>
          (
            await r.query(
              'MATCH (:Document {id: $docId})-[:HAS_CHUNK]->(c:Chunk) RETURN c.id AS id, c.idx AS idx',
              {
                docId,
              },
            )
          ).map((x) => ({ id: String(x.id), idx: Number(x.idx) }));
        // Without `replace` only the given chunks matter: a passage's step rewrites its own chunk, and listing
        // every chunk of the document for each passage read a 120-page paper's 80 chunks 80 times.
        const before = opts.replace
          ? await chunksOf()
          : (
              await fromIds(
                r,
                rows.map((x) => x.id),
                'MATCH (:Document {id: $docId})-[:HAS_CHUNK]->(c:Chunk {id: $id}) RETURN c.id AS id',
                'MATCH (:Document {id: $docId})-[:HAS_CHUNK]->(c:Chunk) WHERE c.id IN $ids RETURN c.id AS id',
                { docId },
              )
            ).map((x) => ({ id: String(x.id) }));
        const keep = new Set(rows.map((x) => x.id));
        const dropped = opts.replace ? before.filter((c) => !keep.has(c.id)).map((c) => c.id) : [];
        if (dropped.length) {
          // Re-chunking: a dropped chunk takes its evidence and questions with it; reconciliation removes
          // its vector.
          const affected = await removeChunkEvidence(r, dropped);
          await fromIds(
            r,
            dropped,
            'MATCH (q:AtomicQuestion)-[:ANSWERS_IN]->(:Chunk {id: $id}) DETACH DELETE q',
            'MATCH (q:AtomicQuestion)-[:ANSWERS_IN]->(c:Chunk) WHERE c.id IN $ids DETACH DELETE q',
          );
          await r.query('MATCH (c:Chunk) WHERE c.id IN $ids DETACH DELETE c', { ids: dropped });
          await refreshEntities(r, affected);
          adjacency.markChanged(affected);
        }
        if (rows.length) {
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
          const existed = new Set(before.map((c) => c.id));
          await r.each(
            'MATCH (c:Chunk {id: $id}) WHERE c.text <> $text SET c.text = $text',
            rows.filter((x) => existed.has(x.id)).map((x) => ({ id: x.id, text: x.text })),
          );
        }
        const had = new Set(before.map((c) => c.id));
        const added = rows.filter((x) => !had.has(x.id));
        if (!added.length && !dropped.length) return;
        await createRels(
          r,
          { rel: 'HAS_CHUNK', from: 'Document', to: 'Chunk' },
          added.map((x) => ({ from: docId, to: x.id })),
        );
        // The set of chunks changed: reading order is rebuilt. One statement per NEXT edge: Kùzu 0.11.3
        // can lose relationships deleted several to a statement (see unlinkEvidence in evidence-rows.ts).
        const next = await r.query(
          'MATCH (:Document {id: $docId})-[:HAS_CHUNK]->(a:Chunk)-[:NEXT]->(b:Chunk) RETURN a.id AS a, b.id AS b',
          { docId },
        );
        await r.each(
          'MATCH (:Chunk {id: $a})-[n:NEXT]->(:Chunk {id: $b}) DELETE n',
          next.map((x) => ({ a: String(x.a), b: String(x.b) })),
        );
        const order = (await chunksOf()).sort((a, b) => a.idx - b.idx);
        await createRels(
          r,
          { rel: 'NEXT', from: 'Chunk', to: 'Chunk' },
          order.flatMap((c, i) => {
            const next = order[i + 1];
            return next && next.idx === c.idx + 1 ? [{ from: c.id, to: next.id }] : [];
          }),
        );
      });
      return rows.map((x) => toChunk({ ...x }));
    },

    async getChunks(docId: string): Promise<ChunkRecord[]> {
      const rows = await db.read((r) =>
        r.query(
          `MATCH (:Document {id: $docId})-[:HAS_CHUNK]->(c:Chunk) RETURN ${chunkCols('c')} ORDER BY c.idx`,
          { docId },
        ),
      );
      return rows.map(toChunk);
    },

    async getChunk(id: string): Promise<ChunkRecord | null> {
      const rows = await db.read((r) =>
        r.query(`MATCH (c:Chunk {id: $id}) RETURN ${chunkCols('c')}`, { id }),
      );
      const [row] = rows;
      return row ? toChunk(row) : null;
    },
  };
}
