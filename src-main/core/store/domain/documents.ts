import { AriadneError } from '../../../contract/errors';
import type { GraphWriter } from '../graph-port';
import { chunkId } from '../ids';
import type {
  ChunkInput,
  ChunkRecord,
  DeleteResult,
  DocumentInput,
  DocumentRecord,
  QuestionInput,
} from '../types';
import { plainName } from '../../control-chars';
import { refreshEntities } from './refresh';

/**
 * Inserts or updates a document by id; `createdAt` is kept from the first insert. Title and authors come
 * from the document's own bytes (PDF metadata, its first page or line) or a reference manager's export: every
 * backend stores them as plain names (`plainName`), whoever wrote them, so no listing, graph label or
 * terminal shows a bidi override or a line break in one.
 */
export function upsertDocument(tx: GraphWriter, doc: DocumentInput, now: number): Promise<DocumentRecord> {
  return tx.putDocument({
    id: doc.id,
    title: plainName(doc.title) || plainName(doc.fileName ?? ''),
    authors: (doc.authors ?? []).map(plainName).filter(Boolean),
    year: doc.year ?? null,
    doi: doc.doi || null,
    pages: doc.pages ?? null,
    status: doc.status,
    parserVersion: doc.parserVersion ?? '',
    fileName: doc.fileName ?? '',
    originalPath: doc.originalPath ?? '',
    updatedAt: now,
  });
}

export async function setDocumentStatus(tx: GraphWriter, id: string, status: string, now: number) {
  if (!(await tx.setDocumentStatus(id, status, now)))
    throw new AriadneError('not_found', `No document ${id}.`);
}

/**
 * Inserts or updates chunks by (document, index) and keeps reading order. With `replace`, chunks of the
 * document not in `chunks` go with their evidence and questions (re-chunking); without it, chunks can be
 * added progressively, and only the given chunks are looked at: a passage's step rewrites its own chunk,
 * and listing every chunk of the document for each passage read a 120-page paper's 80 chunks 80 times.
 */
export async function upsertChunks(
  tx: GraphWriter,
  docId: string,
  chunks: ChunkInput[],
  replace: boolean,
): Promise<ChunkRecord[]> {
  const rows: ChunkRecord[] = chunks.map((c) => ({
    id: chunkId(docId, c.index),
    docId,
    index: c.index,
    text: c.text,
    forwardSummary: c.forwardSummary ?? '',
    pageStart: c.pageStart,
    pageEnd: c.pageEnd,
    charStart: c.charStart,
    charEnd: c.charEnd,
    pageOffsets: c.pageOffsets?.length ? [...c.pageOffsets] : [0],
  }));
  if (!(await tx.getDocument(docId))) throw new AriadneError('not_found', `No document ${docId}.`);
  const before = await tx.chunkIds(docId, replace ? undefined : rows.map((r) => r.id));
  const keep = new Set(rows.map((r) => r.id));
  const dropped = replace ? before.filter((id) => !keep.has(id)) : [];
  if (dropped.length) {
    // Re-chunking: a dropped chunk takes its evidence and questions with it; reconciliation removes its
    // vector.
    const affected = await tx.removeChunkEvidence(dropped);
    await tx.deleteChunks(dropped);
    await refreshEntities(tx, affected);
  }
  const had = new Set(before);
  const added = rows.filter((r) => !had.has(r.id)).map((r) => r.id);
  await tx.putChunks(docId, rows, added.length || dropped.length ? { added } : null);
  return rows;
}

/**
 * Deletes a document, its chunks, questions and every piece of evidence it contributed; entities left
 * without evidence go too, and the others are re-derived from what remains. Communities that lose or
 * change members are marked stale for the background refresh.
 */
export async function deleteDocument(tx: GraphWriter, id: string): Promise<DeleteResult> {
  if (!(await tx.getDocument(id))) throw new AriadneError('not_found', `No document ${id}.`);
  const chunkIds = await tx.chunkIds(id);
  let affected: string[] = [];
  let questionIds: string[] = [];
  if (chunkIds.length) {
    affected = await tx.removeChunkEvidence(chunkIds);
    questionIds = await tx.deleteChunks(chunkIds);
  }
  await tx.deleteDocument(id);
  if (affected.length) await tx.markStale({ entityIds: affected });
  const refreshed = await refreshEntities(tx, affected);
  return { chunkIds, questionIds, removedEntityIds: refreshed.removed, changedEntityIds: refreshed.changed };
}

/** Replaces the atomic questions of every chunk named in `items` (idempotent per chunk). */
export async function setQuestions(tx: GraphWriter, items: QuestionInput[]): Promise<void> {
  const rows = items.map((q) => ({
    id: q.id,
    docId: q.docId,
    chunkId: chunkId(q.docId, q.chunkIndex),
    text: q.text,
  }));
  const chunks = [...new Set(rows.map((r) => r.chunkId))];
  if ((await tx.chunksById(chunks)).length !== chunks.length)
    throw new AriadneError('not_found', 'Questions for an unknown chunk.');
  await tx.replaceQuestions(chunks, rows);
}
