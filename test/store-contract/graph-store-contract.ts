import { afterEach, describe, expect, it } from 'vitest';
import type { GraphStore } from '../../src-main/core/store/graph-store';
import { chunkId, entityIdForKey } from '../../src-main/core/store/ids';
import { AKK, DOC_A, DOC_B, EPI, MOUSE, OB, OEA, load, loadBoth } from './graph-corpus';
import { manualClock, type ManualClock, type Opened, type OpenStore } from './opened';

const sorted = (xs: string[]) => [...xs].sort();

/**
 * What every GraphStore must do, on the two-paper corpus: documents and chunks, evidence with spans and
 * pages, derived entity fields, lookups, edits by hand and merges with their undo, walks, communities,
 * questions, ids and counts, and atomic failures.
 */
export function graphStoreContract(backend: string, open: OpenStore<GraphStore>): void {
  describe(`GraphStore contract: ${backend}`, () => {
    let opened: Opened<GraphStore> | undefined;
    let clock: ManualClock;
    const fresh = async () => {
      clock = manualClock();
      opened = await open(clock);
      return opened.store;
    };
    const both = async () => {
      const g = await fresh();
      await loadBoth(g);
      return g;
    };
    afterEach(async () => {
      await opened?.close();
      opened = undefined;
    });

    describe('documents and chunks', () => {
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
        await g.upsertCommunities([
          { id: 'k1', level: 0, title: 'gut', summary: 's', memberIds: [AKK, EPI] },
        ]);
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

    describe('evidence', () => {
      it('resolves keys to entities and derives their fields from the mentions', async () => {
        const g = await fresh();
        await load(g, DOC_A);
        await g.upsertDocument({ id: DOC_B.id, title: DOC_B.title, status: 'ready', year: 2020 });
        const span = { pageStart: 1, pageEnd: 1, charStart: 0, charEnd: 10 };
        await g.upsertChunks(DOC_B.id, [
          { index: 0, text: DOC_B.chunks[0]!.text, ...span },
          { index: 1, text: DOC_B.chunks[1]!.text, ...span },
        ]);
        const res = await g.addEvidence(
          DOC_B.chunks.map((c, i) => ({ docId: DOC_B.id, chunkIndex: i, ...c.evidence })),
        );
        expect(res.entityIds).toMatchObject({
          'akkermansia muciniphila|organism': AKK,
          'mouse|organism': MOUSE,
          'intestinal epithelium|anatomy': EPI,
        });
        // New entities, and those whose text changed: Akkermansia gains aliases; "Obesity" (described as
        // often as "obesity", and first in code-point order) becomes the name.
        expect(res.touchedEntityIds).toEqual(sorted([AKK, OB, MOUSE, EPI]));
        expect(res.removedEntityIds).toEqual([]);
        expect(await g.getEntity(AKK)).toEqual({
          id: AKK,
          canonicalKey: 'akkermansia muciniphila|organism',
          name: 'Akkermansia muciniphila',
          type: 'organism',
          description: 'A gut bacterium.',
          aliases: ['A. muciniphila', 'Akkermansia'],
          confidence: 0.9,
          evidenceCount: 4,
        });
        expect(await g.getEntities([OB, 'e_missing', MOUSE])).toMatchObject([
          {
            id: OB,
            name: 'Obesity',
            description: 'Excess body fat.',
            aliases: ['obesity'],
            evidenceCount: 2,
          },
          { id: MOUSE, name: 'mice', description: '', aliases: [], confidence: 0.6, evidenceCount: 1 },
        ]);
      });

      it('replaces a chunk’s evidence when it is added again, never duplicating it', async () => {
        const g = await both();
        const before = await g.counts();
        const again = await g.addEvidence([{ docId: DOC_B.id, chunkIndex: 0, ...DOC_B.chunks[0]!.evidence }]);
        expect(again.touchedEntityIds).toEqual([]);
        expect(await g.counts()).toEqual(before);
        // Without mice in chunk 0 of paper B, mice lose their only mention and go.
        const c0 = DOC_B.chunks[0]!.evidence;
        const res = await g.addEvidence([
          {
            docId: DOC_B.id,
            chunkIndex: 0,
            entities: c0.entities.filter((e) => e.key !== 'mouse|organism'),
            relations: c0.relations.filter((r) => r.source !== 'mouse|organism'),
          },
        ]);
        expect(res.removedEntityIds).toEqual([MOUSE]);
        expect(await g.getEntity(MOUSE)).toBeNull();
        expect((await g.counts()).evidence).toBe(before.evidence - 1);
      });

      it('keeps one mention per surface form (case variants share it) and attaches by explicit id', async () => {
        const g = await both();
        const span = { pageStart: 3, pageEnd: 3, charStart: 0, charEnd: 10 };
        await g.upsertChunks(DOC_A.id, [{ index: 2, text: 'more', ...span }]);
        const res = await g.addEvidence([
          {
            docId: DOC_A.id,
            chunkIndex: 2,
            entities: [
              { key: 'obesity|disease', name: 'OBESITY', type: 'disease', confidence: 0.5 },
              { key: 'obesity|disease', name: 'obesity', type: 'disease', confidence: 0.7 },
              // Resolution chose Akkermansia for this key.
              { key: 'akk sp|organism', id: AKK, name: 'Akk. sp.', type: 'organism' },
            ],
            relations: [{ source: 'akk sp|organism', target: 'obesity|disease', keywords: ['reduces'] }],
          },
        ]);
        expect(res.entityIds[AKK]).toBe(AKK);
        expect((await g.getEntity(OB))!.evidenceCount).toBe(3);
        expect((await g.getEntity(AKK))!.aliases).toContain('Akk. sp.');
        expect(await g.getEntity(entityIdForKey('akk sp|organism'))).toBeNull();
        const rows = await g.listEvidence(AKK, OB);
        expect(rows.map((r) => r.page).sort()).toEqual([1, 1, 3]);
        expect(rows.find((r) => r.page === 3)).toMatchObject({ sourceId: AKK, keywords: ['reduces'] });
      });

      it('records pages and spans of the supporting sentence, with citation data', async () => {
        const g = await both();
        await g.upsertDocument({ id: 'd3', title: 'Spans', status: 'ready', year: 2024 });
        await g.upsertChunks('d3', [
          { index: 0, text: 'x', pageStart: 4, pageEnd: 5, charStart: 0, charEnd: 1 },
        ]);
        await g.addEvidence([
          {
            docId: 'd3',
            chunkIndex: 0,
            entities: [
              { key: 'akkermansia muciniphila|organism', name: 'Akkermansia muciniphila', type: 'organism' },
              { key: 'mouse|organism', name: 'mice', type: 'organism', span: { start: 10, end: 40 } },
            ],
            relations: [
              {
                source: 'mouse|organism',
                target: 'akkermansia muciniphila|organism',
                keywords: ['colonised by'],
                description: 'Mice colonised by A. muciniphila.',
                confidence: 0.4,
                page: 4,
                pageEnd: 5,
                span: { start: 10, end: 40 },
              },
            ],
          },
        ]);
        const rows = await g.listEvidence(MOUSE);
        expect(rows.map((r) => r.docId)).toEqual(sorted([DOC_B.id, 'd3']));
        const cited = rows.find((r) => r.docId === 'd3')!;
        expect(cited).toEqual({
          id: `${chunkId('d3', 0)}#r0`,
          sourceId: MOUSE,
          sourceName: 'mice',
          targetId: AKK,
          targetName: 'Akkermansia muciniphila',
          keywords: ['colonised by'],
          description: 'Mice colonised by A. muciniphila.',
          confidence: 0.4,
          chunkId: chunkId('d3', 0),
          docId: 'd3',
          page: 4,
          pageEnd: 5,
          spanStart: 10,
          spanEnd: 40,
          docTitle: 'Spans',
          docYear: 2024,
        });
        // Without a page the chunk's first page stands in; unrecorded spans are -1.
        expect(rows.find((r) => r.docId === DOC_B.id)).toMatchObject({
          page: 1,
          pageEnd: -1,
          spanStart: -1,
          spanEnd: -1,
          docTitle: DOC_B.title,
          docYear: 2020,
        });
        expect(await g.listEvidence(AKK)).toHaveLength(6);
        expect(await g.listEvidence(AKK, undefined, 2)).toHaveLength(2);
        expect(await g.listEvidence(AKK, OB)).toHaveLength(2);
      });

      it('writes the same graph in bulk as row by row', async () => {
        const g = await both();
        const canon = await g.canonicalGraph();
        const other = await open(manualClock(clock.now()));
        try {
          const h = other.store;
          for (const doc of [DOC_A, DOC_B]) {
            await h.upsertDocument({
              id: doc.id,
              title: doc.title,
              status: 'ready',
              year: 2020,
              pages: doc.chunks.length,
            });
            await h.upsertChunks(
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
            await h.addEvidence(
              doc.chunks.map((c, i) => ({ docId: doc.id, chunkIndex: i, ...c.evidence })),
              { bulk: true },
            );
            await h.setQuestions(
              doc.chunks.map((c, i) => ({
                id: `${doc.id}:${i}:q0`,
                docId: doc.id,
                chunkIndex: i,
                text: `About ${c.text}?`,
              })),
            );
          }
          expect(await h.canonicalGraph()).toEqual(canon);
          await h.upsertCommunities([{ id: 'k', level: 0, title: 't', summary: 's', memberIds: [AKK, OB] }], {
            bulk: true,
          });
          expect(await h.listCommunities()).toMatchObject([{ id: 'k', size: 2 }]);
        } finally {
          await other.close();
        }
      });

      it('fails whole: unknown chunks, missing keys and unlisted relation ends change nothing', async () => {
        const g = await both();
        const before = await g.counts();
        const akk = await g.getEntity(AKK);
        const good = { docId: DOC_A.id, chunkIndex: 0, entities: [], relations: [] };
        await expect(g.addEvidence([good, { ...good, chunkIndex: 7 }])).rejects.toMatchObject({
          code: 'not_found',
        });
        await expect(
          g.addEvidence([{ ...good, entities: [{ key: '', name: 'x', type: 't' }] }]),
        ).rejects.toMatchObject({ code: 'invalid_input' });
        await expect(
          g.addEvidence([{ ...good, entities: [{ key: 'k|t', id: 'e_nobody', name: 'x', type: 't' }] }]),
        ).rejects.toMatchObject({ code: 'not_found' });
        await expect(
          g.addEvidence([
            {
              ...good,
              entities: [{ key: 'new thing|t', name: 'New thing', type: 't' }],
              relations: [{ source: 'new thing|t', target: 'obesity|disease' }],
            },
          ]),
        ).rejects.toMatchObject({ code: 'invalid_input' });
        expect(await g.counts()).toEqual(before);
        expect(await g.getEntity(AKK)).toEqual(akk);
        expect(await g.getEntity(entityIdForKey('new thing|t'))).toBeNull();
      });
    });

    describe('entities', () => {
      it('looks up by key, name and alias, and searches names and aliases', async () => {
        const g = await both();
        expect((await g.lookupEntity({ key: 'obesity|disease' })).map((e) => e.id)).toEqual([OB]);
        expect(await g.lookupEntity({ key: 'nothing|x' })).toEqual([]);
        expect((await g.lookupEntity({ name: ' a. MUCINIPHILA ' })).map((e) => e.id)).toEqual([AKK]);
        expect((await g.lookupEntity({ name: 'Obesity' })).map((e) => e.id)).toEqual([OB]);
        await expect(g.lookupEntity({})).rejects.toMatchObject({ code: 'invalid_input' });
        const hits = await g.searchEntities('akkermansia');
        expect(hits.map((h) => [h.id, h.score])).toEqual([[AKK, 3]]);
        expect((await g.searchEntities('OBESITY')).map((h) => [h.id, h.score])).toEqual([[OB, 4]]);
        // Every word must occur, in the name or an alias.
        expect((await g.searchEntities('muciniphila a.')).map((h) => h.id)).toEqual([AKK]);
        expect(await g.searchEntities('akkermansia obesity')).toEqual([]);
        expect(await g.searchEntities('   ')).toEqual([]);
        expect(await g.searchEntities('i', 2)).toHaveLength(2);
      });

      it('lists entities with their documents and mention counts, filtered', async () => {
        const g = await both();
        const all = await g.listEntities();
        expect(all.total).toBe(5);
        expect(all.entities[0]).toMatchObject({ id: AKK, mentionCount: 4 });
        expect(sorted(all.entities[0]!.documents.map((d) => `${d.title}:${d.mentions}`))).toEqual(
          sorted([`${DOC_A.title}:2`, `${DOC_B.title}:2`]),
        );
        const inB = await g.listEntities({ docId: DOC_B.id });
        expect(sorted(inB.entities.map((e) => e.id))).toEqual(sorted([AKK, OB, MOUSE, EPI]));
        expect(inB.entities.find((e) => e.id === OB)?.mentionCount).toBe(1);
        expect((await g.listEntities({ type: 'organism' })).entities.map((e) => e.id)).toEqual([AKK, MOUSE]);
        expect((await g.listEntities({ search: 'MUCINIPHILA' })).entities.map((e) => e.id)).toEqual([AKK]);
        const limited = await g.listEntities({ limit: 2 });
        expect(limited.entities).toHaveLength(2);
        expect(limited.total).toBe(5);
      });

      it('renames: the pinned name wins over later evidence and the old name stays an alias', async () => {
        const g = await both();
        await g.renameEntity(OB, '  Obesity (BMI ≥ 30) ');
        await load(g, DOC_A);
        const e = (await g.getEntity(OB))!;
        expect(e.name).toBe('Obesity (BMI ≥ 30)');
        expect(e.aliases).toEqual(['Obesity', 'obesity']);
        await expect(g.renameEntity(OB, ' ')).rejects.toMatchObject({ code: 'invalid_input' });
        await expect(g.renameEntity('e_missing', 'x')).rejects.toMatchObject({ code: 'not_found' });
      });

      it('deletes an entity with its mentions and relationships; reading again brings it back', async () => {
        const g = await both();
        await g.upsertCommunities([{ id: 'k1', level: 0, title: 't', summary: 's', memberIds: [AKK, OB] }]);
        const before = await g.counts();
        const { neighbourIds } = await g.deleteEntity(AKK);
        expect(neighbourIds).toEqual(sorted([OB, OEA, MOUSE, EPI]));
        expect(await g.getEntity(AKK)).toBeNull();
        expect(await g.counts()).toMatchObject({
          entities: before.entities - 1,
          mentions: before.mentions - 4,
          evidence: 0,
        });
        expect(await g.neighbours(OB)).toEqual([]);
        expect(await g.listEvidence(OB)).toEqual([]);
        expect(await g.listCommunities()).toMatchObject([{ id: 'k1', stale: true, size: 1 }]);
        await expect(g.deleteEntity(AKK)).rejects.toMatchObject({ code: 'not_found' });
        await load(g, DOC_A);
        expect((await g.getEntity(AKK))?.evidenceCount).toBe(2);
      });
    });

    describe('merges', () => {
      it('merges by hand and undoes the merge exactly', async () => {
        const g = await both();
        await g.upsertCommunities([{ id: 'k1', level: 0, title: 't', summary: 's', memberIds: [MOUSE] }]);
        const before = await g.counts();
        clock.advance(5);
        const m = await g.mergeEntities(AKK, MOUSE);
        expect(m).toMatchObject({ survivorId: AKK, mergedId: MOUSE, at: clock.now(), undoneAt: null });
        expect(m.changedEntityIds).toEqual([AKK]);
        expect(await g.getEntity(MOUSE)).toBeNull();
        const akk = (await g.getEntity(AKK))!;
        expect(akk).toMatchObject({ name: 'Akkermansia muciniphila', evidenceCount: 5 });
        expect(akk.aliases).toEqual(['A. muciniphila', 'Akkermansia', 'mice']);
        expect((await g.lookupEntity({ key: 'mouse|organism' })).map((e) => e.id)).toEqual([AKK]);
        expect(await g.counts()).toMatchObject({ entities: before.entities - 1, evidence: before.evidence });
        expect(await g.activeMerges()).toEqual([
          { mergedKey: 'mouse|organism', mergedId: MOUSE, survivorId: AKK },
        ]);
        expect(await g.listCommunities()).toMatchObject([{ id: 'k1', stale: true, size: 0 }]);

        clock.advance(5);
        expect(await g.undoMerge(m.id)).toEqual({ restoredId: MOUSE, survivorId: AKK });
        expect(await g.getEntity(MOUSE)).toMatchObject({ name: 'mice', evidenceCount: 1 });
        expect((await g.getEntity(AKK))!.aliases).toEqual(['A. muciniphila', 'Akkermansia']);
        expect(await g.listEvidence(MOUSE, AKK)).toMatchObject([{ sourceId: MOUSE, targetId: AKK }]);
        expect(await g.listCommunities()).toMatchObject([{ id: 'k1', size: 1 }]);
        expect(await g.activeMerges()).toEqual([]);
        expect(await g.listMerges(MOUSE)).toEqual([
          { id: m.id, survivorId: AKK, mergedId: MOUSE, at: m.at, undoneAt: clock.now() },
        ]);
        expect(await g.listMerges(OB)).toEqual([]);
        await expect(g.undoMerge(m.id)).rejects.toMatchObject({ code: 'conflict' });
        await expect(g.undoMerge('no-such-merge')).rejects.toMatchObject({ code: 'not_found' });
        await expect(g.mergeEntities(AKK, AKK)).rejects.toMatchObject({ code: 'invalid_input' });
        await expect(g.mergeEntities(AKK, 'e_missing')).rejects.toMatchObject({ code: 'not_found' });
      });

      it('folds automatically into a survivor made from a key, and undoing removes that survivor', async () => {
        const g = await both();
        const key = 'a muciniphila strain|organism';
        const NEW = entityIdForKey(key);
        await expect(
          g.mergeEntities(NEW, AKK, { automatic: true, survivorKey: 'other|organism' }),
        ).rejects.toMatchObject({ code: 'invalid_input' });
        const m = await g.mergeEntities(NEW, AKK, { automatic: true, survivorKey: key });
        expect(await g.getEntity(AKK)).toBeNull();
        // Name and aliases stay derived from the mentions: nothing pinned, no manual alias.
        expect(await g.getEntity(NEW)).toMatchObject({
          canonicalKey: key,
          name: 'Akkermansia muciniphila',
          aliases: ['A. muciniphila', 'Akkermansia'],
          evidenceCount: 4,
        });
        expect((await g.lookupEntity({ key: 'akkermansia muciniphila|organism' }))[0]?.id).toBe(NEW);
        await g.undoMerge(m.id);
        expect(await g.getEntity(NEW)).toBeNull();
        expect((await g.getEntity(AKK))!.name).toBe('Akkermansia muciniphila');
        expect(await g.listEvidence(MOUSE, AKK)).toHaveLength(1);
      });

      it('sends new evidence for a merged key to the end of a chain of merges', async () => {
        const g = await both();
        await g.mergeEntities(MOUSE, AKK, { automatic: true });
        clock.advance(1);
        await g.mergeEntities(EPI, MOUSE, { automatic: true });
        const res = await g.addEvidence([{ docId: DOC_A.id, chunkIndex: 1, ...DOC_A.chunks[1]!.evidence }]);
        expect(res.entityIds['akkermansia muciniphila|organism']).toBe(EPI);
        expect(await g.getEntity(AKK)).toBeNull();
        const epi = (await g.getEntity(EPI))!;
        expect([epi.name, ...epi.aliases]).toEqual(
          expect.arrayContaining(['Akkermansia muciniphila', 'mice']),
        );
        expect((await g.activeMerges()).map((m) => m.mergedId)).toEqual([AKK, MOUSE]);
      });

      it('refuses to undo when the survivor is gone', async () => {
        const g = await both();
        const m = await g.mergeEntities(OB, MOUSE);
        await g.deleteEntity(OB);
        await expect(g.undoMerge(m.id)).rejects.toMatchObject({ code: 'conflict' });
      });
    });

    describe('walks', () => {
      it('finds neighbours, strongest first, with direction, type, keyword and evidence filters', async () => {
        const g = await both();
        const all = await g.neighbours(AKK);
        expect(sorted(all.map((n) => n.entity.id))).toEqual(sorted([OB, OEA, MOUSE, EPI]));
        expect(all[0]).toMatchObject({ entity: { id: OB }, evidence: 2, direction: 'out' });
        expect(all.find((n) => n.entity.id === OEA)).toMatchObject({ direction: 'in', evidence: 1 });
        expect((await g.neighbours(AKK, { direction: 'out' })).map((n) => n.entity.id)).toEqual([OB]);
        expect(sorted((await g.neighbours(AKK, { direction: 'in' })).map((n) => n.entity.id))).toEqual(
          sorted([OEA, MOUSE, EPI]),
        );
        expect((await g.neighbours(AKK, { entityTypes: ['chemical'] })).map((n) => n.entity.id)).toEqual([
          OEA,
        ]);
        expect(await g.neighbours(AKK, { keywords: ['CONTROLS'] })).toMatchObject([
          { entity: { id: OB }, evidence: 1, keywords: ['controls'] },
        ]);
        expect(await g.neighbours(AKK, { minEvidence: 2 })).toHaveLength(1);
        expect(await g.neighbours(AKK, {}, 2)).toHaveLength(2);
        expect(await g.neighbours('e_missing')).toEqual([]);
      });

      it('expands breadth-first to a depth, and stops at a cap', async () => {
        const g = await both();
        const one = await g.expand([OEA], 1);
        expect(one.depth).toEqual({ [OEA]: 0, [AKK]: 1 });
        expect(one.hops).toMatchObject([{ from: OEA, to: AKK, evidence: 1 }]);
        const two = await g.expand([OEA], 2);
        expect(two.depth).toMatchObject({ [OEA]: 0, [AKK]: 1, [OB]: 2, [MOUSE]: 2, [EPI]: 2 });
        expect(sorted(two.entities.map((e) => e.id))).toEqual(sorted([OEA, AKK, OB, MOUSE, EPI]));
        expect(two.hops).toHaveLength(4);
        expect(two.truncated).toBe(false);
        const capped = await g.expand([OEA], 2, {}, 3);
        expect(capped.truncated).toBe(true);
        expect(capped.entities).toHaveLength(3);
        expect(Object.keys((await g.expand([OEA], 2, { entityTypes: ['organism'] })).depth)).toHaveLength(3);
      });

      it('finds shortest and next-shortest paths under the walk filters', async () => {
        const g = await both();
        // A second route from OEA to obesity, one hop longer: OEA → mice → epithelium → obesity.
        await g.upsertDocument({ id: 'd3', title: 'Detour', status: 'ready' });
        await g.upsertChunks('d3', [
          { index: 0, text: 'x', pageStart: 1, pageEnd: 1, charStart: 0, charEnd: 1 },
        ]);
        const e = (key: string, type: string) => ({ key: `${key}|${type}`, name: key, type });
        await g.addEvidence([
          {
            docId: 'd3',
            chunkIndex: 0,
            entities: [
              e('oleoylethanolamide', 'chemical'),
              e('mouse', 'organism'),
              e('intestinal epithelium', 'anatomy'),
              e('obesity', 'disease'),
            ],
            relations: [
              { source: 'oleoylethanolamide|chemical', target: 'mouse|organism' },
              { source: 'mouse|organism', target: 'intestinal epithelium|anatomy' },
              { source: 'intestinal epithelium|anatomy', target: 'obesity|disease' },
            ],
          },
        ]);
        const paths = await g.paths(OEA, OB);
        expect(paths[0]).toMatchObject({ entityIds: [OEA, AKK, OB], length: 2 });
        expect(paths[0]!.hops.map((h) => [h.from, h.to, h.evidence])).toEqual([
          [OEA, AKK, 1],
          [AKK, OB, 2],
        ]);
        expect(paths.every((p) => p.length <= 3)).toBe(true);
        expect(paths.map((p) => p.entityIds)).toContainEqual([OEA, MOUSE, EPI, OB]);
        expect((await g.paths(OEA, OB, { extraLength: 0 })).map((p) => p.length)).toEqual([2]);
        expect(await g.paths(OEA, OB, { limit: 1 })).toHaveLength(1);
        // Directed: evidence runs OEA → AKK → OB, not back.
        expect(await g.paths(OB, OEA, { direction: 'out' })).toEqual([]);
        expect((await g.paths(OB, OEA, { direction: 'in' }))[0]?.entityIds).toEqual([OB, AKK, OEA]);
        expect(
          (await g.paths(OEA, OB, { entityTypes: ['anatomy', 'organism'], extraLength: 0 }))[0],
        ).toMatchObject({ length: 2 });
        expect(await g.paths(OEA, OB, { entityTypes: ['anatomy'] })).toEqual([]);
        expect(await g.paths(OEA, OB, { keywords: ['increases', 'controls'] })).toMatchObject([
          { entityIds: [OEA, AKK, OB] },
        ]);
        expect(await g.paths(OEA, OB, { maxLength: 1 })).toEqual([]);
        expect(await g.paths(OEA, OEA)).toEqual([]);
      });

      it('gives the explorer the best-connected entities or one community', async () => {
        const g = await both();
        const sg = await g.subgraph({ top: 3 });
        // Ranked by evidence: Akkermansia (4), obesity (2), then one of the entities with 1.
        expect(sg.nodes.slice(0, 2).map((n) => n.id)).toEqual([AKK, OB]);
        expect(sg.nodes[0]).toMatchObject({ id: AKK, evidenceCount: 4 });
        expect(sg.nodes).toHaveLength(3);
        const inside = new Set(sg.nodes.map((n) => n.id));
        expect(sg.edges.every((h) => inside.has(h.from) && inside.has(h.to))).toBe(true);
        expect(sg.edges).toContainEqual({ from: AKK, to: OB, evidence: 2, keywords: [] });
        expect((await g.subgraph({ minEvidence: 2 })).edges).toEqual([
          { from: AKK, to: OB, evidence: 2, keywords: [] },
        ]);
        await g.upsertCommunities([{ id: 'k', level: 0, title: 't', summary: 's', memberIds: [OEA, AKK] }]);
        const k = await g.subgraph({ communityId: 'k' });
        expect(k.nodes.map((n) => [n.id, n.degree])).toEqual([
          [AKK, 1],
          [OEA, 1],
        ]);
        expect(k.edges).toEqual([{ from: OEA, to: AKK, evidence: 1, keywords: [] }]);
      });

      it('exports the entity graph as weighted pairs, each once', async () => {
        const g = await both();
        const eg = await g.entityGraph();
        expect(sorted(eg.entities)).toEqual(sorted([AKK, OB, OEA, MOUSE, EPI]));
        const pair = (a: string, b: string) => (a < b ? `${a}-${b}` : `${b}-${a}`);
        expect(sorted(eg.pairs.map((p) => `${pair(p.a, p.b)}:${p.weight}`))).toEqual(
          sorted([
            `${pair(AKK, OB)}:2`,
            `${pair(AKK, OEA)}:1`,
            `${pair(AKK, MOUSE)}:1`,
            `${pair(AKK, EPI)}:1`,
          ]),
        );
        expect(eg.pairs.every((p) => p.a < p.b)).toBe(true);
      });
    });

    describe('reads for retrieval and the library view', () => {
      it('reads chunks by id, with their documents, and documents by id', async () => {
        const g = await both();
        const [a0, a1, b0] = [chunkId(DOC_A.id, 0), chunkId(DOC_A.id, 1), chunkId(DOC_B.id, 0)];
        expect((await g.chunksById([a1, 'nope', a0, a1])).map((c) => c.id)).toEqual([a1, a0]);
        expect(await g.chunksById([])).toEqual([]);
        const withDocs = await g.chunksWithDocuments([b0, 'nope']);
        expect(withDocs).toEqual([
          {
            id: b0,
            docId: DOC_B.id,
            index: 0,
            text: DOC_B.chunks[0]!.text,
            charStart: 0,
            pageStart: 1,
            pageEnd: 1,
            pageOffsets: [0],
            title: DOC_B.title,
            year: 2020,
          },
        ]);
        const titles = await g.documentTitles([DOC_A.id, 'nope']);
        expect([...titles]).toEqual([[DOC_A.id, { title: DOC_A.title, year: 2020 }]]);
        expect(await g.documentStats(DOC_B.id)).toEqual({ entities: 4, relationships: 3 });
        expect(await g.documentStats('nope')).toEqual({ entities: 0, relationships: 0 });
      });

      it('reads evidence links by source and by pair, and their details by key', async () => {
        const g = await both();
        const from = await g.evidenceFrom([AKK]);
        expect(from.map((l) => [l.source, l.target])).toEqual([
          [AKK, OB],
          [AKK, OB],
        ]);
        expect(sorted((await g.evidenceFrom([MOUSE, EPI])).map((l) => l.source))).toEqual(
          sorted([MOUSE, EPI]),
        );
        const pair = await g.evidenceBetween([
          { a: MOUSE, b: AKK },
          { a: AKK, b: MOUSE },
        ]);
        expect(pair).toMatchObject([{ source: MOUSE, target: AKK, confidence: 0.5 }]);
        const details = await g.evidenceDetails([...from.map((l) => l.key), pair[0]!.key, 987_654]);
        expect(details.size).toBe(3);
        expect(sorted(from.map((l) => details.get(l.key)!.keywords[0]!))).toEqual([
          'controls',
          'inversely associated',
        ]);
        expect(details.get(pair[0]!.key)).toEqual({
          key: pair[0]!.key,
          id: `${chunkId(DOC_B.id, 0)}#r1`,
          keywords: ['host'],
          description: '',
          confidence: 0.5,
          chunkId: chunkId(DOC_B.id, 0),
          docId: DOC_B.id,
          page: 1,
          pageEnd: -1,
          spanStart: -1,
          spanEnd: -1,
        });
        expect(await g.evidenceBetween([])).toEqual([]);
      });

      it('reads mentions, top entities, names and the entities of documents', async () => {
        const g = await both();
        const a0 = chunkId(DOC_A.id, 0);
        expect(sorted((await g.mentionPairs({ chunkIds: [a0] }, 10)).map((m) => m.entityId))).toEqual(
          sorted([AKK, OB]),
        );
        expect(await g.mentionPairs({ entityIds: [AKK] }, 10)).toHaveLength(4);
        expect(await g.mentionPairs({ entityIds: [AKK] }, 3)).toHaveLength(3);
        expect(await g.mentionPairs({ chunkIds: [] }, 10)).toEqual([]);
        expect((await g.topEntities(2)).map((e) => e.id)).toEqual([AKK, OB]);
        const names = await g.entityNames();
        expect(names).toHaveLength(5);
        expect(names.find((n) => n.id === AKK)).toEqual({
          id: AKK,
          name: 'Akkermansia muciniphila',
          aliases: ['A. muciniphila', 'Akkermansia'],
          evidenceCount: 4,
        });
        const inA = await g.entitiesInDocuments([DOC_A.id], 10);
        expect(inA.slice(0, 2)).toEqual([AKK, OB]);
        expect(sorted(inA)).toEqual(sorted([AKK, OB, OEA]));
        expect(await g.entitiesInDocuments([DOC_A.id, DOC_B.id], 1)).toEqual([AKK]);
        expect(await g.entitiesInDocuments([], 10)).toEqual([]);
      });

      it('reads communities of entities, the passages of a community and the chunk of a question', async () => {
        const g = await both();
        await g.upsertCommunities([
          { id: 'top', level: 1, title: 't', summary: 's', memberIds: [AKK, OB, MOUSE] },
          { id: 'k', level: 0, title: 't', summary: 's', parentId: 'top', memberIds: [MOUSE, EPI] },
        ]);
        expect(await g.communitiesOf([AKK, MOUSE, EPI, OEA], 0)).toEqual(
          new Map([
            [MOUSE, 'k'],
            [EPI, 'k'],
          ]),
        );
        expect((await g.communitiesOf([AKK, OEA], 1)).get(AKK)).toBe('top');
        // B:0 mentions mice, B:1 the epithelium.
        expect(await g.communityChunks('k', 10)).toEqual(
          sorted([chunkId(DOC_B.id, 0), chunkId(DOC_B.id, 1)]).map((c) => ({ chunkId: c, mentions: 1 })),
        );
        const top = await g.communityChunks('top', 2);
        expect(top[0]).toEqual({ chunkId: chunkId(DOC_B.id, 0), mentions: 3 });
        expect(top).toHaveLength(2);
        expect(await g.communityChunks('nope', 5)).toEqual([]);
        expect(await g.questionChunk(`${DOC_B.id}:1:q0`)).toBe(chunkId(DOC_B.id, 1));
        expect(await g.questionChunk('nope')).toBeNull();
      });

      it('changes its stamp when entities, evidence, documents or communities change', async () => {
        const g = await both();
        const s0 = await g.changeStamp();
        expect(await g.changeStamp()).toBe(s0);
        await g.upsertCommunities([{ id: 'k', level: 0, title: 't', summary: 's', memberIds: [AKK] }]);
        const s1 = await g.changeStamp();
        expect(s1).not.toBe(s0);
        await g.deleteEntity(MOUSE);
        const s2 = await g.changeStamp();
        expect(s2).not.toBe(s1);
        clock.advance(1);
        await g.upsertDocument({ id: 'd3', title: 'New', status: 'ready' });
        expect(await g.changeStamp()).not.toBe(s2);
      });

      it('gives the same canonical graph however the content arrived', async () => {
        const g = await both();
        const canon = await g.canonicalGraph();
        expect(canon.chunkIds).toHaveLength(4);
        expect(canon.entities).toHaveLength(5);
        expect(canon.mentions).toHaveLength(9);
        expect(canon.evidence).toHaveLength(5);
        expect(canon.chunkEvidence).toHaveLength(5);
        expect(canon.orphanDetails).toEqual([]);
        expect(canon.structure).toContainEqual({
          rel: 'NEXT',
          from: chunkId(DOC_A.id, 0),
          to: chunkId(DOC_A.id, 1),
        });
        expect(canon.structure).toContainEqual({
          rel: 'ANSWERS_IN',
          from: `${DOC_A.id}:0:q0`,
          to: chunkId(DOC_A.id, 0),
        });
        // Another order, an extra document deleted again, a merge undone: the same graph.
        const other = await open(manualClock(clock.now() + 1_000));
        try {
          const h = other.store;
          await load(h, DOC_B);
          await h.upsertDocument({ id: 'tmp', title: 'Temporary', status: 'ready' });
          await h.upsertChunks('tmp', [
            { index: 0, text: 'x', pageStart: 1, pageEnd: 1, charStart: 0, charEnd: 1 },
          ]);
          await h.addEvidence([{ docId: 'tmp', chunkIndex: 0, ...DOC_B.chunks[0]!.evidence }]);
          await load(h, DOC_A);
          await h.undoMerge((await h.mergeEntities(OB, OEA)).id);
          await h.deleteDocument('tmp');
          expect(await h.canonicalGraph()).toEqual(canon);
        } finally {
          await other.close();
        }
      });
    });

    describe('communities, questions, ids', () => {
      it('upserts communities with members and parents, lists by level, replaces and deletes', async () => {
        const g = await both();
        await g.upsertCommunities([
          { id: 'c1', level: 1, title: 'Gut', summary: 'All of it', memberIds: [AKK, OB, OEA, MOUSE] },
          { id: 'c0b', level: 0, title: 'Host', summary: 's', parentId: 'c1', memberIds: [MOUSE] },
          {
            id: 'c0a',
            level: 0,
            title: 'Microbe',
            summary: 's',
            parentId: 'c1',
            stale: true,
            memberIds: [AKK, OB],
          },
        ]);
        expect(await g.listCommunities()).toEqual([
          { id: 'c0a', level: 0, title: 'Microbe', summary: 's', stale: true, parentId: 'c1', size: 2 },
          { id: 'c0b', level: 0, title: 'Host', summary: 's', stale: false, parentId: 'c1', size: 1 },
          { id: 'c1', level: 1, title: 'Gut', summary: 'All of it', stale: false, parentId: null, size: 4 },
        ]);
        expect((await g.listCommunities(1)).map((c) => c.id)).toEqual(['c1']);
        await g.upsertCommunities([
          { id: 'c0a', level: 0, title: 'Microbe', summary: 'new', memberIds: [AKK] },
        ]);
        expect((await g.listCommunities(0))[0]).toMatchObject({
          summary: 'new',
          stale: false,
          parentId: null,
          size: 1,
        });
        await g.deleteCommunities(['c1']);
        expect(await g.listCommunities()).toMatchObject([
          { id: 'c0a', parentId: null },
          { id: 'c0b', parentId: null },
        ]);
        expect(sorted(await g.listIds('communities'))).toEqual(['c0a', 'c0b']);
        await g.deleteCommunities([]);
      });

      it('replaces the questions of a chunk and refuses unknown chunks', async () => {
        const g = await both();
        expect(await g.questionsForChunk(DOC_A.id, 0)).toEqual([
          { id: `${DOC_A.id}:0:q0`, text: `About ${DOC_A.chunks[0]!.text}?` },
        ]);
        await g.setQuestions([
          { id: 'qb', docId: DOC_A.id, chunkIndex: 0, text: 'B?' },
          { id: 'qa', docId: DOC_A.id, chunkIndex: 0, text: 'A?' },
        ]);
        expect(await g.questionsForChunk(DOC_A.id, 0)).toEqual([
          { id: 'qa', text: 'A?' },
          { id: 'qb', text: 'B?' },
        ]);
        await expect(
          g.setQuestions([{ id: 'qx', docId: DOC_A.id, chunkIndex: 9, text: '?' }]),
        ).rejects.toMatchObject({
          code: 'not_found',
        });
        expect(sorted(await g.listIds('questions'))).toEqual(
          sorted(['qa', 'qb', `${DOC_A.id}:1:q0`, `${DOC_B.id}:0:q0`, `${DOC_B.id}:1:q0`]),
        );
      });

      it('lists every id of each kind and counts rows', async () => {
        const g = await both();
        expect(sorted(await g.listIds('entities'))).toEqual(sorted([AKK, OB, OEA, MOUSE, EPI]));
        expect(await g.listIds('chunks')).toHaveLength(4);
        expect(await g.listIds('communities')).toEqual([]);
        expect(await g.counts()).toEqual({
          documents: 2,
          chunks: 4,
          entities: 5,
          mentions: 9,
          evidence: 5,
          questions: 4,
          communities: 0,
        });
      });

      it('keeps everything across a reopen', async () => {
        const g = await both();
        const m = await g.mergeEntities(AKK, MOUSE);
        const before = {
          counts: await g.counts(),
          akk: await g.getEntity(AKK),
          ev: await g.listEvidence(AKK),
        };
        const again = await opened!.reopen();
        expect(await again.counts()).toEqual(before.counts);
        expect(await again.getEntity(AKK)).toEqual(before.akk);
        expect(await again.listEvidence(AKK)).toEqual(before.ev);
        await again.undoMerge(m.id);
        expect((await again.getEntity(MOUSE))?.evidenceCount).toBe(1);
      });
    });
  });
}
