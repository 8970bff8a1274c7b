import { describe, expect, it } from 'vitest';
import { chunkId } from '../../../src-main/core/store/ids';
import { AKK, DOC_A, DOC_B, EPI, MOUSE, OEA } from '../graph-corpus';
import { sorted, type GraphContract } from './context';

/** Documents and chunks: round-trips, reading order, re-chunking, deleting a document. */
export function documentsContract({ clock, fresh, both }: GraphContract): void {
  describe('documents and chunks', () => {
    // Regression: a PDF title with a bidi override or a line break reached every listing and terminal.
    it('stores titles and authors as plain names, the chunk text as it was', async () => {
      const g = await fresh();
      const d = await g.upsertDocument({
        id: 'd-marks',
        title: 'Heparin\u202e in\r\ntrauma\u200b\x1b[2K',
        authors: ['Ada\u2028Lovelace', '\u200e'],
        status: 'ready',
      });
      expect([d.title, d.authors]).toEqual(['Heparin in trauma[2K', ['Ada Lovelace']]);
      expect((await g.getDocument('d-marks'))?.title).toBe('Heparin in trauma[2K');
      const text = 'TP\u200b53 \u202eloss\u202c.';
      const [c] = await g.upsertChunks('d-marks', [
        { index: 0, text, pageStart: 1, pageEnd: 1, charStart: 0, charEnd: text.length },
      ]);
      expect(c?.text).toBe(text);
    });

    it('round-trips documents; createdAt stays, status and updatedAt change', async () => {
      const g = await fresh();
      const t0 = clock.now();
      const d = await g.upsertDocument({ id: 'd1', title: 'First', status: 'parsing' });
      expect(d).toEqual({
        id: 'd1',
        title: 'First',
        authors: [],
        year: null,
        doi: null,
        pages: null,
        status: 'parsing',
        parserVersion: '',
        fileName: '',
        originalPath: '',
        createdAt: t0,
        updatedAt: t0,
      });
      clock.advance(10);
      await g.upsertDocument({
        id: 'd1',
        title: 'First, revised',
        authors: ['Ada Lovelace', 'Alan Turing'],
        year: 2021,
        doi: '10.1/x',
        pages: 12,
        status: 'ready',
        parserVersion: 'p2',
        fileName: 'first.pdf',
        originalPath: '/papers/first.pdf',
      });
      clock.advance(10);
      await g.upsertDocument({ id: 'd0', title: 'Second', status: 'ready' });
      await g.setDocumentStatus('d1', 'failed');
      expect(await g.getDocument('d1')).toEqual({
        id: 'd1',
        title: 'First, revised',
        authors: ['Ada Lovelace', 'Alan Turing'],
        year: 2021,
        doi: '10.1/x',
        pages: 12,
        status: 'failed',
        parserVersion: 'p2',
        fileName: 'first.pdf',
        originalPath: '/papers/first.pdf',
        createdAt: t0,
        updatedAt: t0 + 20,
      });
      expect((await g.listDocuments()).map((x) => x.id)).toEqual(['d1', 'd0']);
      expect(await g.getDocument('nope')).toBeNull();
      await expect(g.setDocumentStatus('nope', 'ready')).rejects.toMatchObject({ code: 'not_found' });
    });

    it('upserts chunks by index, in reading order, with defaults filled in', async () => {
      const g = await fresh();
      await g.upsertDocument({ id: 'd', title: 'T', status: 'ready' });
      const span = { pageStart: 1, pageEnd: 2, charStart: 0, charEnd: 10 };
      await g.upsertChunks('d', [{ index: 1, text: 'second', ...span, pageOffsets: [0, 4] }]);
      await g.upsertChunks('d', [{ index: 0, text: 'first', forwardSummary: 'intro', ...span }]);
      await g.upsertChunks('d', [{ index: 1, text: 'second, again', ...span, pageOffsets: [0, 6] }]);
      const chunks = await g.getChunks('d');
      expect(chunks.map((c) => [c.id, c.index, c.text])).toEqual([
        [chunkId('d', 0), 0, 'first'],
        [chunkId('d', 1), 1, 'second, again'],
      ]);
      expect(chunks[0]).toMatchObject({ docId: 'd', forwardSummary: 'intro', pageOffsets: [0], ...span });
      expect(await g.getChunk(chunkId('d', 1))).toEqual(chunks[1]);
      expect(await g.getChunk('d:9')).toBeNull();
      expect(await g.getChunks('other')).toEqual([]);
      await expect(g.upsertChunks('other', [{ index: 0, text: 'x', ...span }])).rejects.toMatchObject({
        code: 'not_found',
      });
    });

    it('re-chunks with replace: dropped chunks take their evidence, questions and lone entities', async () => {
      const g = await both();
      const c = DOC_A.chunks[0]!;
      await g.upsertChunks(
        DOC_A.id,
        [{ index: 0, text: c.text, pageStart: 1, pageEnd: 1, charStart: 0, charEnd: c.text.length }],
        { replace: true },
      );
      expect((await g.getChunks(DOC_A.id)).map((x) => x.index)).toEqual([0]);
      // OEA was only in chunk 1 of paper A.
      expect(await g.getEntity(OEA)).toBeNull();
      expect(await g.questionsForChunk(DOC_A.id, 1)).toEqual([]);
      expect((await g.getEntity(AKK))!.evidenceCount).toBe(3);
      expect(sorted(await g.listIds('chunks'))).toEqual(
        sorted([chunkId(DOC_A.id, 0), chunkId(DOC_B.id, 0), chunkId(DOC_B.id, 1)]),
      );
    });

    it('deletes a document with everything it contributed; survivors are re-derived', async () => {
      const g = await both();
      await g.upsertCommunities([{ id: 'k1', level: 0, title: 'gut', summary: 's', memberIds: [AKK, EPI] }]);
      const res = await g.deleteDocument(DOC_B.id);
      expect(sorted(res.chunkIds)).toEqual(sorted([chunkId(DOC_B.id, 0), chunkId(DOC_B.id, 1)]));
      expect(sorted(res.questionIds)).toEqual(sorted([`${DOC_B.id}:0:q0`, `${DOC_B.id}:1:q0`]));
      expect(res.removedEntityIds).toEqual(sorted([MOUSE, EPI]));
      // Akkermansia loses the aliases only paper B used.
      expect(res.changedEntityIds).toContain(AKK);
      expect((await g.getEntity(AKK))!.aliases).toEqual([]);
      expect(await g.getDocument(DOC_B.id)).toBeNull();
      expect(await g.counts()).toEqual({
        documents: 1,
        chunks: 2,
        entities: 3,
        mentions: 4,
        evidence: 2,
        questions: 2,
        communities: 1,
      });
      expect(await g.listCommunities()).toMatchObject([{ id: 'k1', stale: true, size: 1 }]);
      await expect(g.deleteDocument(DOC_B.id)).rejects.toMatchObject({ code: 'not_found' });
    });
  });
}
