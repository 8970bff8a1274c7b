import { describe, expect, it } from 'vitest';
import { chunkId } from '../../../src-main/core/store/ids';
import { AKK, DOC_A, DOC_B, EPI, MOUSE, OB, OEA, load } from '../graph-corpus';
import { manualClock } from '../opened';
import { sorted, type GraphContract } from './context';

/** The named reads retrieval and the library view use, the change stamp and the canonical graph. */
export function readsContract({ clock, both, open }: GraphContract): void {
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
      // All at once: the same counts as one by one, for every document that has chunks.
      const all = await g.documentStatsAll();
      const docs = await g.listDocuments();
      expect(all.size).toBeGreaterThan(1);
      for (const d of docs) {
        const one = await g.documentStats(d.id);
        expect(all.get(d.id) ?? { entities: 0, relationships: 0 }).toEqual(one);
      }
      expect(all.get(DOC_B.id)).toEqual({ entities: 4, relationships: 3 });
    });

    it('reads evidence links by source and by pair, and their details by key', async () => {
      const g = await both();
      const from = await g.evidenceFrom([AKK]);
      expect(from.map((l) => [l.source, l.target])).toEqual([
        [AKK, OB],
        [AKK, OB],
      ]);
      expect(sorted((await g.evidenceFrom([MOUSE, EPI])).map((l) => l.source))).toEqual(sorted([MOUSE, EPI]));
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
}
