import { describe, expect, it } from 'vitest';
import { entityIdForKey } from '../../../src-main/core/store/ids';
import { AKK, DOC_A, DOC_B, EPI, MOUSE, OB, OEA } from '../graph-corpus';
import { sorted, type GraphContract } from './context';

/** Communities, questions, ids, counts, and persistence across a reopen. */
export function communitiesContract({ both, fresh, reopen }: GraphContract): void {
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

    it('replaces communities again and again, each entity in the community it was last given', async () => {
      // A community refresh rewrites the memberships the previous one just made. Many refreshes, with the
      // store's own checkpoints between them (Kùzu: a few hundred KB of WAL in this suite), so the
      // memberships replaced are sometimes checkpointed and sometimes not.
      const g = await fresh();
      await g.upsertDocument({ id: 'd-comm', title: 'Communities', status: 'ready', year: 2024 });
      await g.upsertChunks('d-comm', [
        { index: 0, text: 'passage', pageStart: 1, pageEnd: 1, charStart: 0, charEnd: 7 },
      ]);
      const keys = Array.from({ length: 24 }, (_, i) => `member ${i}|concept`);
      await g.addEvidence([
        {
          docId: 'd-comm',
          chunkIndex: 0,
          entities: keys.map((key, i) => ({ key, name: `Member ${i}`, type: 'concept' })),
          relations: [],
        },
      ]);
      const ids = keys.map(entityIdForKey);
      let seed = 11;
      const rand = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
      let expected = new Map<string, string>();
      let parents = new Map<string, string>();
      for (let round = 0; round < 60; round++) {
        expected = new Map(ids.map((id) => [id, `c${rand(5)}`]));
        parents = new Map(Array.from({ length: 5 }, (_, c) => [`c${c}`, `top${rand(2)}`]));
        await g.upsertCommunities([
          ...Array.from({ length: 5 }, (_, c) => ({
            id: `c${c}`,
            level: 0,
            title: `C${c}`,
            summary: `round ${round}`,
            parentId: parents.get(`c${c}`),
            memberIds: ids.filter((id) => expected.get(id) === `c${c}`),
          })),
          ...['top0', 'top1'].map((id) => ({ id, level: 1, title: id, summary: '', memberIds: ids })),
        ]);
      }
      expect(Object.fromEntries(await g.communitiesOf(ids, 0))).toEqual(Object.fromEntries(expected));
      const listed = await g.listCommunities(0);
      expect(listed.map((c) => [c.id, c.size, c.parentId])).toEqual(
        Array.from({ length: 5 }, (_, c) => [
          `c${c}`,
          ids.filter((id) => expected.get(id) === `c${c}`).length,
          parents.get(`c${c}`),
        ]),
      );
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
      const again = await reopen();
      expect(await again.counts()).toEqual(before.counts);
      expect(await again.getEntity(AKK)).toEqual(before.akk);
      expect(await again.listEvidence(AKK)).toEqual(before.ev);
      await again.undoMerge(m.id);
      expect((await again.getEntity(MOUSE))?.evidenceCount).toBe(1);
    });
  });
}
