import { describe, expect, it } from 'vitest';
import { entityIdForKey } from '../../../src-main/core/store/ids';
import { AKK, DOC_A, DOC_B, EPI, MOUSE, OB, OEA, load } from '../graph-corpus';
import { sorted, type GraphContract } from './context';

/** Entities: lookups and search, listing, rename and delete by hand, merges and their undo. */
export function entitiesContract({ clock, both }: GraphContract): void {
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
      expect([epi.name, ...epi.aliases]).toEqual(expect.arrayContaining(['Akkermansia muciniphila', 'mice']));
      expect((await g.activeMerges()).map((m) => m.mergedId)).toEqual([AKK, MOUSE]);
    });

    it('refuses to undo when the survivor is gone', async () => {
      const g = await both();
      const m = await g.mergeEntities(OB, MOUSE);
      await g.deleteEntity(OB);
      await expect(g.undoMerge(m.id)).rejects.toMatchObject({ code: 'conflict' });
    });
  });
}
