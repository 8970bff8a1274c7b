import { describe, expect, it } from 'vitest';
import { chunkId, entityIdForKey } from '../../../src-main/core/store/ids';
import { AKK, DOC_A, DOC_B, EPI, MOUSE, OB, load } from '../graph-corpus';
import { manualClock } from '../opened';
import { sorted, type GraphContract } from './context';

/** Evidence: key resolution, derived entity fields, replacement per chunk, pages and spans, atomic failures. */
export function evidenceContract({ clock, fresh, both, open }: GraphContract): void {
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

    it('replaces a passage’s evidence again and again, never leaving a relationship without its evidence', async () => {
      // A passage read again (a retry, a refinement, a step re-run after a crash) replaces relationships the
      // previous writes just made. Many replacements of passages sharing their entities, with the store's
      // own checkpoints between them (Kùzu: a few hundred KB of WAL in this suite), so the relationships
      // deleted are sometimes checkpointed and sometimes not.
      const g = await fresh();
      const doc = { id: 'd-again', chunks: 4, entities: 10 };
      await g.upsertDocument({ id: doc.id, title: 'Again', status: 'ready', year: 2024 });
      const span = { pageStart: 1, pageEnd: 1, charStart: 0, charEnd: 10 };
      await g.upsertChunks(
        doc.id,
        Array.from({ length: doc.chunks }, (_, index) => ({ index, text: `passage ${index}`, ...span })),
      );
      let seed = 20;
      const rand = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
      const key = (i: number) => `thing ${i}|concept`;
      const written = new Map<number, string[]>();
      for (let round = 0; round < 60; round++) {
        const chunkIndex = rand(doc.chunks);
        const entities = Array.from({ length: doc.entities }, (_, i) => ({
          key: key(i),
          name: `Thing ${i}`,
          type: 'concept',
          description: `round ${round}`,
        }));
        const relations = Array.from({ length: rand(14) }, (_, i) => ({
          source: key(rand(doc.entities)),
          target: key(rand(doc.entities)),
          description: `round ${round} relation ${i}`,
        }));
        await g.addEvidence([{ docId: doc.id, chunkIndex, entities, relations }]);
        written.set(
          chunkIndex,
          relations.map((r) => r.description),
        );
      }
      const canon = await g.canonicalGraph();
      // Every relationship has its evidence, and the evidence is exactly each passage's last reading.
      expect(canon.evidence.filter((e) => !e.id)).toEqual([]);
      expect(canon.orphanDetails).toEqual([]);
      expect(canon.evidence.map((e) => String(e.description)).sort()).toEqual(
        [...written.values()].flat().sort(),
      );
      expect((await g.counts()).evidence).toBe([...written.values()].flat().length);
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
}
