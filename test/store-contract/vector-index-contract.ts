import { afterEach, describe, expect, it } from 'vitest';
import type { VectorIndex, VectorRow } from '../../src-main/core/store/vector-index';

/** Opens an empty index with no embedding recorded yet; the suite closes it. */
export type OpenVectorIndex = () => Promise<VectorIndex>;

const DIM = 4;
const info = { model: 'contract', dimension: DIM };

/** Hand-made directions, so the expected order of a search is evident from the numbers. */
const rows: VectorRow[] = [
  { id: 'c1', docId: 'd1', text: 'akkermansia reduces obesity in mice', vector: [1, 0, 0, 0] },
  { id: 'c2', docId: 'd1', text: 'mice on a high fat diet', vector: [0.8, 0.6, 0, 0] },
  { id: 'c3', docId: 'd2', text: 'lipid mediators in the gut', vector: [0, 1, 0, 0] },
  { id: 'c4', docId: 'd2', text: 'the gut barrier and obesity obesity', vector: [0, 0, 1, 0] },
];

/**
 * What every VectorIndex must do: the embedding record and its dimension guard, idempotent upserts, cosine
 * order, lexical and fused search, deletes by id and by document, id listing for reconciliation, close.
 */
export function vectorIndexContract(backend: string, open: OpenVectorIndex): void {
  describe(`VectorIndex contract: ${backend}`, () => {
    let index: VectorIndex | undefined;
    const fresh = async () => {
      index = await open();
      return index;
    };
    const ready = async () => {
      const v = await fresh();
      await v.setEmbedding(info);
      await v.upsert('chunks', rows);
      return v;
    };
    afterEach(async () => {
      await index?.close();
      index = undefined;
    });

    it('records the embedding once, refuses another dimension, and rebuild empties every table', async () => {
      const v = await fresh();
      expect(v.embedding()).toBeNull();
      await expect(v.upsert('chunks', rows)).rejects.toMatchObject({ code: 'invalid_input' });
      expect(await v.setEmbedding(info)).toEqual({ rebuilt: false });
      expect(await v.setEmbedding(info)).toEqual({ rebuilt: false });
      expect(v.embedding()).toEqual(info);
      await v.upsert('chunks', rows);
      await v.upsert('entities', [{ id: 'e1', text: 'akkermansia', vector: [1, 1, 0, 0] }]);
      await expect(v.setEmbedding({ model: 'other', dimension: 3 })).rejects.toMatchObject({
        code: 'dimension_mismatch',
      });
      expect(await v.count('chunks')).toBe(4);
      expect(await v.setEmbedding({ model: 'other', dimension: 3 }, { rebuild: true })).toEqual({
        rebuilt: true,
      });
      expect(v.embedding()).toEqual({ model: 'other', dimension: 3 });
      expect(await v.count('chunks')).toBe(0);
      expect(await v.listIds('entities')).toEqual([]);
      await v.upsert('entities', [{ id: 'e1', text: 'akkermansia', vector: [1, 0, 0] }]);
      expect(await v.count('entities')).toBe(1);
    });

    it('refuses vectors and queries of the wrong dimension', async () => {
      const v = await ready();
      await expect(v.upsert('chunks', [{ id: 'x', text: 'x', vector: [1, 0, 0] }])).rejects.toMatchObject({
        code: 'dimension_mismatch',
      });
      await expect(v.search('chunks', [1, 0])).rejects.toMatchObject({ code: 'dimension_mismatch' });
      expect(await v.count('chunks')).toBe(4);
    });

    it('upserts by id: a second write replaces text and vector, never duplicates', async () => {
      const v = await ready();
      await v.upsert('chunks', rows);
      expect(await v.count('chunks')).toBe(4);
      await v.upsert('chunks', [{ id: 'c1', docId: 'd1', text: 'rewritten passage', vector: [0, 0, 0, 1] }]);
      expect(await v.count('chunks')).toBe(4);
      const c1 = (await v.rows('chunks')).find((r) => r.id === 'c1');
      expect(c1).toMatchObject({ id: 'c1', docId: 'd1', text: 'rewritten passage', vector: [0, 0, 0, 1] });
      expect((await v.search('chunks', [0, 0, 0, 1], { k: 1 }))[0]?.id).toBe('c1');
      expect([...(await v.listIds('chunks'))].sort()).toEqual(['c1', 'c2', 'c3', 'c4']);
    });

    it('keeps rows without a document with an empty document id, and tables apart', async () => {
      const v = await ready();
      await v.upsert('entities', [{ id: 'e1', text: 'akkermansia muciniphila', vector: [1, 0, 0, 0] }]);
      await v.upsert('questions', [
        { id: 'q1', docId: 'd1', text: 'what reduces obesity', vector: [1, 0, 0, 0] },
      ]);
      await v.upsert('communities', [{ id: 'k1', text: 'gut microbes', vector: [0, 1, 0, 0] }]);
      expect(await v.rows('entities')).toEqual([
        { id: 'e1', docId: '', text: 'akkermansia muciniphila', vector: [1, 0, 0, 0] },
      ]);
      expect(await v.count('chunks')).toBe(4);
      expect(await v.listIds('questions')).toEqual(['q1']);
      expect(await v.listIds('communities')).toEqual(['k1']);
    });

    it('searches by cosine similarity, best first, with k and a document filter', async () => {
      const v = await ready();
      // Scale does not matter to cosine: [2, 0.2, 0, 0] is closest to c1, then c2, then c3.
      const hits = await v.search('chunks', [2, 0.2, 0, 0], { k: 3 });
      expect(hits.map((h) => h.id)).toEqual(['c1', 'c2', 'c3']);
      expect(hits[0]!.score).toBeCloseTo(2 / Math.hypot(2, 0.2), 4);
      expect(hits[0]).toMatchObject({ docId: 'd1', text: 'akkermansia reduces obesity in mice' });
      expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
      expect((await v.search('chunks', [1, 0, 0, 0], { docIds: ['d2'] })).map((h) => h.id)).toEqual([
        'c3',
        'c4',
      ]);
      expect(await v.search('questions', [1, 0, 0, 0])).toEqual([]);
    });

    it('searches text with BM25 on chunks and entities only', async () => {
      const v = await ready();
      // "obesity" twice in c4, once in c1: c4 ranks first; c2 and c3 do not contain it.
      const hits = await v.textSearch('chunks', 'obesity');
      expect(hits.map((h) => h.id)).toEqual(['c4', 'c1']);
      expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
      expect(hits[1]!.score).toBeGreaterThan(0);
      // Any query word matches; a row with both words outranks rows with one.
      expect((await v.textSearch('chunks', 'Gut lipid', { k: 2 })).map((h) => h.id)).toEqual(['c3', 'c4']);
      expect(await v.textSearch('chunks', 'zebrafish')).toEqual([]);
      expect(await v.textSearch('chunks', '   ')).toEqual([]);
      await v.upsert('entities', [{ id: 'e1', text: 'Akkermansia muciniphila', vector: [1, 0, 0, 0] }]);
      expect((await v.textSearch('entities', 'akkermansia')).map((h) => h.id)).toEqual(['e1']);
      await expect(v.textSearch('questions', 'obesity')).rejects.toMatchObject({ code: 'invalid_input' });
    });

    it('fuses vector and text ranks in hybrid search', async () => {
      const v = await ready();
      const hits = await v.hybridSearch('chunks', { vector: [0, 1, 0, 0], text: 'obesity', k: 3 });
      expect(hits).toHaveLength(3);
      const c3 = hits.find((h) => h.id === 'c3');
      const c4 = hits.find((h) => h.id === 'c4');
      // c3 is the nearest vector and has no "obesity"; c4 is the best text match.
      expect(c3).toMatchObject({ vectorRank: 1, textRank: null });
      expect(c4?.textRank).toBe(1);
      // A row found by both lists outranks a row found by one at the same rank.
      const both = hits.filter((h) => h.vectorRank && h.textRank);
      expect(both.length).toBeGreaterThan(0);
      expect(hits[0]!.score).toBeGreaterThanOrEqual(hits[1]!.score);
      expect(hits[0]!.vectorRank && hits[0]!.textRank).toBeTruthy();
    });

    it('deletes by id and by document (chunks and questions), leaving entities', async () => {
      const v = await ready();
      await v.upsert('questions', [
        { id: 'q1', docId: 'd1', text: 'q', vector: [1, 0, 0, 0] },
        { id: 'q2', docId: 'd2', text: 'q', vector: [1, 0, 0, 0] },
      ]);
      await v.upsert('entities', [{ id: 'e1', text: 'e', vector: [1, 0, 0, 0] }]);
      await v.deleteIds('chunks', ['c2', 'missing']);
      await v.deleteIds('communities', ['k1']);
      expect([...(await v.listIds('chunks'))].sort()).toEqual(['c1', 'c3', 'c4']);
      await v.deleteByDocument('d1');
      expect([...(await v.listIds('chunks'))].sort()).toEqual(['c3', 'c4']);
      expect(await v.listIds('questions')).toEqual(['q2']);
      expect(await v.listIds('entities')).toEqual(['e1']);
      expect((await v.search('chunks', [1, 0, 0, 0])).map((h) => h.id)).not.toContain('c1');
      expect((await v.textSearch('chunks', 'akkermansia')).map((h) => h.id)).toEqual([]);
    });

    it('keeps every row of concurrent first writes to one table', async () => {
      const v = await fresh();
      await v.setEmbedding(info);
      await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          v.upsert('questions', [{ id: `q${i}`, docId: 'd', text: `q ${i}`, vector: [1, i, 0, 0] }]),
        ),
      );
      await v.flush();
      expect(await v.count('questions')).toBe(8);
    });

    it('closes once; later calls fail', async () => {
      const v = await ready();
      await v.close();
      await v.close();
      await expect(v.count('chunks')).rejects.toMatchObject({ code: 'internal' });
    });
  });
}
