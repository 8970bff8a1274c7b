import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createMemoryLogger, systemClock } from '../../../src-main/core/deps';
import { openLibrary, type Library } from '../../../src-main/core/library';
import type { ChunkEvidence } from '../../../src-main/core/store/types';

export const DIM = 16;

export function tempDir(prefix = 'ariadne-store-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function open(dataDir: string, opts: { checkpointWalBytes?: number } = {}): Promise<Library> {
  return openLibrary({ dataDir, clock: systemClock, log: createMemoryLogger(), ...opts });
}

/** Deterministic unit vector for a text: the same text always embeds the same way in every library. */
export function fakeEmbed(text: string, dim = DIM): number[] {
  const h = createHash('sha256').update(text).digest();
  const v = Array.from({ length: dim }, (_, i) => (h[i % h.length]! - 127.5) / 127.5 + (i % 3) * 0.01);
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
}

export interface SyntheticDoc {
  id: string;
  title: string;
  chunks: { text: string; evidence: Omit<ChunkEvidence, 'docId' | 'chunkIndex'> }[];
}

/** Writes one document the way ingestion does: graph first (chunks, evidence, questions), vectors second. */
export async function ingest(lib: Library, doc: SyntheticDoc): Promise<void> {
  await lib.graph.upsertDocument({
    id: doc.id,
    title: doc.title,
    status: 'ready',
    year: 2020,
    pages: doc.chunks.length,
  });
  await lib.graph.upsertChunks(
    doc.id,
    doc.chunks.map((c, i) => ({
      index: i,
      text: c.text,
      pageStart: i + 1,
      pageEnd: i + 1,
      charStart: i * 1000,
      charEnd: i * 1000 + c.text.length,
    })),
  );
  const res = await lib.graph.addEvidence(
    doc.chunks.map((c, i) => ({ docId: doc.id, chunkIndex: i, ...c.evidence })),
  );
  await lib.graph.setQuestions(
    doc.chunks.map((c, i) => ({
      id: `${doc.id}:${i}:q0`,
      docId: doc.id,
      chunkIndex: i,
      text: `What about ${c.text.slice(0, 20)}?`,
    })),
  );
  if (!lib.vectors.embedding()) await lib.vectors.setEmbedding({ model: 'fake', dimension: DIM });
  const chunks = await lib.graph.getChunks(doc.id);
  await lib.vectors.upsert(
    'chunks',
    chunks.map((c) => ({ id: c.id, docId: doc.id, text: c.text, vector: fakeEmbed(c.text) })),
  );
  const qs = doc.chunks.map((c, i) => ({
    id: `${doc.id}:${i}:q0`,
    docId: doc.id,
    text: `What about ${c.text.slice(0, 20)}?`,
  }));
  await lib.vectors.upsert(
    'questions',
    qs.map((q) => ({ ...q, vector: fakeEmbed(q.text) })),
  );
  await embedEntities(lib, [...res.touchedEntityIds, ...Object.values(res.entityIds)]);
}

/** Entity vectors are embedded from name + description, like ingestion will. */
export async function embedEntities(lib: Library, ids: string[]): Promise<void> {
  const ents = await lib.graph.getEntities([...new Set(ids)]);
  await lib.vectors.upsert(
    'entities',
    ents.map((e) => ({
      id: e.id,
      text: `${e.name} ${e.aliases.join(' ')}`,
      vector: fakeEmbed(`${e.name}|${e.description}`),
    })),
  );
}

/** Re-embeds what reconciliation reported missing (the ingestion layer's job in the product). */
export async function repairMissing(lib: Library, missing: Record<string, string[]>): Promise<void> {
  if (!lib.vectors.embedding()) await lib.vectors.setEmbedding({ model: 'fake', dimension: DIM });
  for (const id of missing.chunks ?? []) {
    const c = await lib.graph.getChunk(id);
    if (c)
      await lib.vectors.upsert('chunks', [
        { id: c.id, docId: c.docId, text: c.text, vector: fakeEmbed(c.text) },
      ]);
  }
  if (missing.questions?.length) {
    const wanted = new Set(missing.questions);
    const rows = (await lib.graph.canonicalGraph()).questions.filter((q) => wanted.has(String(q.id)));
    await lib.vectors.upsert(
      'questions',
      rows.map((r) => ({
        id: String(r.id),
        docId: String(r.docId),
        text: String(r.text),
        vector: fakeEmbed(String(r.text)),
      })),
    );
  }
  if (missing.entities?.length) await embedEntities(lib, missing.entities);
}
