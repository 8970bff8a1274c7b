import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBuiltinProvider } from '../../src-main/core/llm/builtin/builtin-provider';
import { ctx, openCore, tempDir } from './ingest/harness';

const NOTES = [
  'Metformin activates AMPK in hepatocytes. AMPK inhibits mTOR signalling.',
  'Rapamycin inhibits mTOR and extends lifespan in mice.',
  'Resveratrol activates SIRT1 in muscle cells.',
  'Spermidine induces autophagy in yeast and flies.',
  'Acarbose lowers postprandial glucose in mice.',
  'Caloric restriction activates AMPK and SIRT1 in rodents.',
];

/**
 * A reopened library rebuilds its queue from every job's chunk tasks read at once, and lists more than a
 * few documents with their counts read together: what it lists must be what a document-by-document read
 * gives, and what the library listed before it was closed.
 */
describe('a reopened library lists its documents as before', () => {
  it('same statuses, chunk counts and entity and relationship counts, equal to each document read alone', async () => {
    const src = tempDir('ariadne-list-src-');
    const files = NOTES.map((text, i) => {
      const file = path.join(src, `note-${i}.txt`);
      fs.writeFileSync(file, `${text}\n`);
      return file;
    });
    const dataDir = tempDir('ariadne-list-');
    const first = await openCore(dataDir, createBuiltinProvider());
    // Listed while queued (the list is cached), then after reading, which rewrites each document's record:
    // the second list shows the records as read, not as imported.
    const { added } = await first.handlers['library:import']({ paths: files }, ctx());
    // (Usually before the first parse rewrote a title; the assertions below hold either way.)
    expect((await first.handlers['library:list']({}, ctx())).documents).toHaveLength(NOTES.length);
    const jobs = await first.ingest.waitFor(added.map((a) => a.id));
    expect(jobs.every((j) => j.status === 'done')).toBe(true);
    const read = (await first.handlers['library:list']({}, ctx())).documents;
    for (const d of read) expect(d.title).toBe((await first.stores.graph.getDocument(d.id))?.title);
    expect(read.every((d) => d.title !== d.fileName)).toBe(true);
    const shape = (
      docs: {
        fileName: string;
        title: string;
        status: string;
        chunksDone: number;
        chunksTotal: number;
        entities: number;
        relationships: number;
      }[],
    ) =>
      docs
        .map((d) => [d.fileName, d.title, d.status, d.chunksDone, d.chunksTotal, d.entities, d.relationships])
        .sort();
    const before = shape((await first.handlers['library:list']({}, ctx())).documents);
    await first.close();

    const core = await openCore(dataDir, createBuiltinProvider());
    try {
      const { documents } = await core.handlers['library:list']({}, ctx());
      expect(documents).toHaveLength(NOTES.length);
      expect(shape(documents)).toEqual(before);
      for (const d of documents) {
        expect(d.chunksDone).toBeGreaterThan(0);
        expect(d.chunksDone).toBe(d.chunksTotal);
        expect({ entities: d.entities, relationships: d.relationships }).toEqual(
          await core.stores.graph.documentStats(d.id),
        );
      }
      expect(documents.some((d) => d.relationships > 0)).toBe(true);
      expect(await core.handlers['queue:status']({}, ctx())).toMatchObject({ done: NOTES.length, queued: 0 });
    } finally {
      await core.close();
    }
  });
});
