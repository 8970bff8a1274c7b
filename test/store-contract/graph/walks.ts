import { describe, expect, it } from 'vitest';
import { AKK, EPI, MOUSE, OB, OEA } from '../graph-corpus';
import { sorted, type GraphContract } from './context';

/** Walks: neighbours under filters, expansion, shortest and next-shortest paths, subgraphs, the entity graph. */
export function walksContract({ both }: GraphContract): void {
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
      expect((await g.neighbours(AKK, { entityTypes: ['chemical'] })).map((n) => n.entity.id)).toEqual([OEA]);
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
        sorted([`${pair(AKK, OB)}:2`, `${pair(AKK, OEA)}:1`, `${pair(AKK, MOUSE)}:1`, `${pair(AKK, EPI)}:1`]),
      );
      expect(eg.pairs.every((p) => p.a < p.b)).toBe(true);
    });
  });
}
