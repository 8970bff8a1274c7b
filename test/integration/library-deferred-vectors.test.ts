import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../src-main/core/deps';
import { createBuiltinProvider } from '../../src-main/core/llm/builtin/builtin-provider';
import { openVectorBackend } from '../../src-main/core/store/backends';
import { openSettings } from '../../src-main/core/library/settings';
import { ctx, ingestAll, openCore, tempDir } from './ingest/harness';

/**
 * A library opens its vector index (LanceDB) on first use, not when it opens: listing the queue and the
 * documents reads the graph only. These check what must not change for it: what a fresh and an existing
 * library list, a search right after the open (which opens the index), and reconciliation with the graph
 * happening before that first read is answered.
 */
const NOTE =
  'Metformin activates AMPK in hepatocytes.\n\nThe mice received metformin by oral gavage every day.\n';

function writeNote(dir: string): string {
  const file = path.join(dir, 'note.txt');
  fs.writeFileSync(file, NOTE);
  return file;
}

const search = (core: Awaited<ReturnType<typeof openCore>>, term: string) =>
  core.handlers['graph:search'](
    { term, hops: 2, limit: 10, filters: { direction: 'both', minEvidence: 1 } },
    ctx(),
  );

describe('a library opens its vector index on first use', () => {
  it('a fresh library lists an empty queue and no documents without opening it', async () => {
    const dataDir = tempDir('ariadne-deferred-fresh-');
    const core = await openCore(dataDir, createBuiltinProvider());
    try {
      expect(await core.handlers['queue:status']({}, ctx())).toMatchObject({ queued: 0, running: 0 });
      expect((await core.handlers['library:list']({}, ctx())).documents).toEqual([]);
      expect(core.stores.vectors.opening).toBe(false);
      expect(fs.existsSync(path.join(dataDir, 'vectors'))).toBe(false);
    } finally {
      await core.close();
    }
  });

  it('an existing library lists its documents without it, then a search right after finds the passage', async () => {
    const dataDir = tempDir('ariadne-deferred-existing-');
    const first = await openCore(dataDir, createBuiltinProvider());
    const { jobs } = await ingestAll(first, [writeNote(tempDir('ariadne-deferred-src-'))]);
    expect(jobs.map((j) => j.status)).toEqual(['done']);
    const chunkIds = (await first.stores.vectors.listIds('chunks')).sort();
    expect(chunkIds.length).toBeGreaterThan(0);
    await first.close();

    const core = await openCore(dataDir, createBuiltinProvider());
    try {
      const { documents } = await core.handlers['library:list']({}, ctx());
      expect(documents.map((d) => [d.fileName, d.status, d.chunksDone])).toEqual([['note.txt', 'done', 1]]);
      expect(core.stores.vectors.opening).toBe(false);
      // "gavage" names no entity: the passages that contain it come from the chunks' full-text index.
      const r = await search(core, 'gavage');
      expect(core.stores.vectors.opening).toBe(true);
      expect(r.match).toBe('passages');
      expect(r.passages.map((p) => p.quote)).toEqual([expect.stringContaining('oral gavage')]);
      expect((await core.stores.vectors.listIds('chunks')).sort()).toEqual(chunkIds);
    } finally {
      await core.close();
    }
  });

  it('reconciles with the graph before it answers the first call', async () => {
    const dataDir = tempDir('ariadne-deferred-reconcile-');
    const first = await openCore(dataDir, createBuiltinProvider());
    await ingestAll(first, [writeNote(tempDir('ariadne-deferred-src-'))]);
    const chunkIds = (await first.stores.vectors.listIds('chunks')).sort();
    const dimension = first.stores.vectors.embedding()?.dimension ?? 0;
    await first.close();

    // A delete that died between the graph and the vectors leaves a vector row no graph row has.
    const settings = openSettings(dataDir);
    const lance = await openVectorBackend(path.join(dataDir, 'vectors'), {
      log: createMemoryLogger(),
      record: { get: () => settings.get().embedding, set: async () => undefined },
    });
    await lance.upsert('chunks', [
      { id: 'orphan', docId: 'gone', text: 'orphan', vector: Array.from({ length: dimension }, () => 0.5) },
    ]);
    await lance.close();

    const core = await openCore(dataDir, createBuiltinProvider());
    try {
      expect(core.stores.vectors.opening).toBe(false);
      // The very first call opens the index; the orphan is already gone when it is answered.
      expect((await core.stores.vectors.listIds('chunks')).sort()).toEqual(chunkIds);
      const report = await core.stores.reconciled();
      expect(report.deleted.chunks).toEqual(['orphan']);
      expect(report.inconsistencies).toBe(1);
    } finally {
      await core.close();
    }
  });
});
