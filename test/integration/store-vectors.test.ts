import fs from 'node:fs';
import path from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../src-main/core/deps';
import { COMPACT_MIN_FRAGMENTS } from '../../src-main/core/store/lancedb/tables';
import { openVectorStore } from '../../src-main/core/store/lancedb/vector-store';
import type { EmbeddingInfo } from '../../src-main/core/store/vector-index';
import { DIM, fakeEmbed, open, tempDir } from './helpers/store-fixtures';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('vector store', () => {
  it('upserts idempotently, searches by vector, text and both, deletes by document', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const lib = await open(dir);
    try {
      await lib.vectors.setEmbedding({ model: 'fake', dimension: DIM });
      const rows = [
        'akkermansia reduces obesity',
        'mice on a high fat diet',
        'lipid mediators in the gut',
      ].map((t, i) => ({
        id: `c${i}`,
        docId: i < 2 ? 'd1' : 'd2',
        text: t,
        vector: fakeEmbed(t),
      }));
      await lib.vectors.upsert('chunks', rows);
      await lib.vectors.upsert('chunks', rows);
      expect(await lib.vectors.count('chunks')).toBe(3);
      expect(
        (await lib.vectors.search('chunks', fakeEmbed('mice on a high fat diet'), { k: 1 }))[0]?.id,
      ).toBe('c1');
      expect((await lib.vectors.textSearch('chunks', 'obesity'))[0]?.id).toBe('c0');
      const hybrid = await lib.vectors.hybridSearch('chunks', {
        vector: fakeEmbed('lipid mediators in the gut'),
        text: 'obesity',
        k: 3,
      });
      expect(
        hybrid
          .map((h) => h.id)
          .slice(0, 2)
          .sort(),
      ).toEqual(['c0', 'c2']);
      await lib.vectors.deleteByDocument('d1');
      expect(await lib.vectors.listIds('chunks')).toEqual(['c2']);
    } finally {
      await lib.close();
    }
  });

  it('writes upserts called together as one batch, in call order with deletes', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const lib = await open(dir);
    const row = (id: string, t: string, docId = 'd1') => ({ id, docId, text: t, vector: fakeEmbed(t) });
    try {
      await lib.vectors.setEmbedding({ model: 'fake', dimension: DIM });
      await lib.vectors.upsert('chunks', [row('c0', 'first text')]);
      // Called without waiting, as the passages of a document do: the same id twice keeps the later row,
      // and rows upserted after a delete survive it while rows before it do not.
      await Promise.all([
        lib.vectors.upsert('chunks', [row('c1', 'old text'), row('c2', 'mice')]),
        lib.vectors.upsert('chunks', [row('c1', 'new text')]),
        lib.vectors.deleteByDocument('d1'),
        lib.vectors.upsert('chunks', [row('c3', 'after the delete')]),
        lib.vectors.upsert('chunks', [row('c4', 'another document', 'd2')]),
      ]);
      const rows = await lib.vectors.rows('chunks');
      expect(rows.map((r) => [r.id, r.text])).toEqual([
        ['c3', 'after the delete'],
        ['c4', 'another document'],
      ]);
      await Promise.all([
        lib.vectors.upsert('chunks', [row('c5', 'old')]),
        lib.vectors.upsert('chunks', [row('c5', 'new')]),
      ]);
      expect((await lib.vectors.rows('chunks')).find((r) => r.id === 'c5')?.text).toBe('new');
    } finally {
      await lib.close();
    }
  });

  it('opens after a kill inside the creation of a table, keeping the other tables', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const row = (id: string, t: string) => ({ id, docId: 'd', text: t, vector: fakeEmbed(t) });
    let info: EmbeddingInfo | null = null;
    const deps = {
      record: { get: () => info, set: async (i: EmbeddingInfo) => void (info = i) },
      log: createMemoryLogger(),
    };
    let store = await openVectorStore(dir, deps);
    await store.setEmbedding({ model: 'fake', dimension: DIM });
    await store.upsert('questions', [row('q1', 'what does akkermansia do')]);
    await store.upsert('chunks', [row('c1', 'akkermansia reduces obesity')]);
    await store.close();
    // What a SIGKILL inside createEmptyTable leaves: the transaction file, no version manifest.
    const table = path.join(dir, 'chunks.lance');
    for (const f of fs.readdirSync(table))
      if (f !== '_transactions') fs.rmSync(path.join(table, f), { recursive: true });
    store = await openVectorStore(dir, deps);
    try {
      expect(await store.count('chunks')).toBe(0);
      expect(await store.listIds('questions')).toEqual(['q1']);
      await store.upsert('chunks', [row('c2', 'mice on a high fat diet')]);
      expect(await store.listIds('chunks')).toEqual(['c2']);
    } finally {
      await store.close();
    }
  });

  it('compacts a table by its fragment count, whichever run wrote the fragments', async () => {
    const dir = tempDir();
    dirs.push(dir);
    let info: EmbeddingInfo | null = null;
    const deps = {
      record: { get: () => info, set: async (i: EmbeddingInfo) => void (info = i) },
      log: createMemoryLogger(),
    };
    const fragments = async () => {
      const conn = await lancedb.connect(dir);
      const t = await conn.openTable('questions');
      const { fragmentStats, numRows } = await t.stats();
      t.close();
      conn.close();
      return { fragments: fragmentStats.numFragments, rows: numRows };
    };
    // Two command-line imports of small batches: each run alone stays under the threshold.
    const perRun = Math.ceil(COMPACT_MIN_FRAGMENTS * 0.6);
    for (const run of [0, 1]) {
      const store = await openVectorStore(dir, deps);
      await store.setEmbedding({ model: 'fake', dimension: DIM });
      for (let i = 0; i < perRun; i++) {
        const text = `question ${run}-${i}`;
        await store.upsert('questions', [
          { id: `q${run}-${i}`, docId: `d${run}-${i}`, text, vector: fakeEmbed(text) },
        ]);
      }
      await store.close();
      if (run === 0) expect(await fragments()).toEqual({ fragments: perRun, rows: perRun });
    }
    expect(await fragments()).toEqual({ fragments: 1, rows: 2 * perRun });
  });

  it('refuses to mix dimensions and re-embeds by dropping the tables', async () => {
    const dir = tempDir();
    dirs.push(dir);
    let lib = await open(dir);
    await lib.vectors.setEmbedding({ model: 'fake', dimension: DIM });
    await lib.vectors.upsert('entities', [{ id: 'e1', text: 'x', vector: fakeEmbed('x') }]);
    await expect(
      lib.vectors.upsert('entities', [{ id: 'e2', text: 'y', vector: [1, 0, 0] }]),
    ).rejects.toMatchObject({ code: 'dimension_mismatch' });
    await expect(lib.vectors.setEmbedding({ model: 'other', dimension: 8 })).rejects.toMatchObject({
      code: 'dimension_mismatch',
    });
    await lib.close();
    lib = await open(dir);
    expect(lib.vectors.embedding()).toEqual({ model: 'fake', dimension: DIM });
    // No graph entity e1: reconciliation on open removed the orphan vector.
    expect((await lib.reconciled()).deleted.entities).toEqual(['e1']);
    expect(await lib.vectors.count('entities')).toBe(0);
    await lib.vectors.upsert('entities', [{ id: 'e1', text: 'x', vector: fakeEmbed('x') }]);
    expect(await lib.vectors.setEmbedding({ model: 'other', dimension: 8 }, { rebuild: true })).toEqual({
      rebuilt: true,
    });
    expect(await lib.vectors.count('entities')).toBe(0);
    await lib.vectors.upsert('entities', [{ id: 'e1', text: 'x', vector: fakeEmbed('x', 8) }]);
    expect(lib.settings.get().embedding).toEqual({ model: 'other', dimension: 8 });
    await lib.close();
  });

  it('stores originals by content hash', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const lib = await open(dir);
    const id = await lib.originals.put(new TextEncoder().encode('%PDF-1.7 hello'));
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    expect(await lib.originals.put(new TextEncoder().encode('%PDF-1.7 hello'))).toBe(id);
    expect(fs.readFileSync(lib.originals.path(id), 'utf8')).toBe('%PDF-1.7 hello');
    await lib.settings.update({ theme: 'dark' });
    expect(JSON.parse(fs.readFileSync(`${dir}/settings.json`, 'utf8'))).toMatchObject({
      version: 1,
      theme: 'dark',
    });
    await lib.close();
  });
});
