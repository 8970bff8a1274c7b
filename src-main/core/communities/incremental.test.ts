import { describe, expect, it } from 'vitest';
import { disconnectedCommunities } from './checks';
import { detectCommunities } from './detect';
import { updateCommunities } from './incremental';
import { ringOfCliques } from './test-graphs';
import type { CommunityHierarchy, PlainGraph } from './types';

const allIds = (h: CommunityHierarchy) => new Set(h.levels.flatMap((l) => l.communities.map((c) => c.id)));

describe('updateCommunities', () => {
  const base = ringOfCliques(30, 8);
  const before = detectCommunities(base);

  it('changes nothing when nothing changed', () => {
    const { hierarchy, changes } = updateCommunities(before, base, []);
    expect(hierarchy).toEqual(before);
    expect(changes).toMatchObject({
      added: [],
      removed: [],
      stale: [],
      refreshOrder: [],
      affectedFraction: 0,
    });
  });

  it('adding a small cluster to a big graph changes only a few community ids', () => {
    const cluster = ringOfCliques(1, 8, 'x');
    const after: PlainGraph = {
      nodes: [...base.nodes, ...cluster.nodes],
      edges: [...base.edges, ...cluster.edges, { source: 'x0-0', target: 'n5-3' }],
    };
    const changed = [...cluster.nodes, 'n5-3'];
    const { hierarchy, changes } = updateCommunities(before, after, changed);

    // Level 0: the new clique is a community of its own; clique 5 keeps its id but its summary goes stale.
    expect(hierarchy.levels[0]!.communities).toHaveLength(31);
    const newClique = hierarchy.levels[0]!.communities.find((c) => c.members.includes('x0-0'))!;
    expect(newClique.members).toEqual(cluster.nodes.slice().sort());
    expect(changes.added).toContain(newClique.id);
    expect(changes.stale).toContain(before.membership['n5-3']);
    expect(hierarchy.membership['n5-3']).toBe(before.membership['n5-3']);

    // Only the communities on the path from the change to the top are touched: a few per level.
    expect(changes.added.filter((id) => id.startsWith('c0-'))).toEqual([newClique.id]);
    expect(changes.removed.filter((id) => id.startsWith('c0-'))).toEqual([]);
    for (let k = 1; k < hierarchy.levels.length; k++) {
      const touched = [...changes.added, ...changes.removed].filter((id) => id.startsWith(`c${k}-`));
      expect(touched.length).toBeLessThanOrEqual(3);
    }
    const kept = [...allIds(before)].filter((id) => allIds(hierarchy).has(id));
    expect(kept.length).toBeGreaterThanOrEqual(0.9 * allIds(before).size);
    expect(changes.affectedFraction).toBeLessThan(0.1);
    const levels = changes.refreshOrder.map((id) => Number(id.slice(1, id.indexOf('-'))));
    expect(levels).toEqual([...levels].sort((a, b) => a - b));
    for (const id of changes.added.filter((id) => id.startsWith('c1-')))
      expect(changes.predecessors[id]).toMatch(/^c1-/);
    expect(disconnectedCommunities(after, hierarchy)).toEqual([]);
  });

  it('marks the containing communities stale when an edge inside a community changes', () => {
    const after: PlainGraph = { nodes: base.nodes, edges: base.edges.map((e) => ({ ...e })) };
    after.edges[0]!.weight = 2; // n0-0 — n0-1
    const { changes } = updateCommunities(before, after, ['n0-0', 'n0-1']);
    expect(changes.added).toEqual([]);
    expect(changes.removed).toEqual([]);
    expect(changes.stale).toHaveLength(before.levels.length);
    expect(changes.stale).toContain(before.membership['n0-0']);
  });

  it('splits a community cut in two by deleted evidence and drops removed entities', () => {
    const chain: PlainGraph = ringOfCliques(10, 5);
    const h = detectCommunities(chain);
    // Remove n3-2 and every edge of clique 3 except n3-0—n3-1 and n3-3—n3-4: clique 3 falls apart.
    const keep = (e: { source: string; target: string }) =>
      !(e.source.startsWith('n3-') && e.target.startsWith('n3-')) ||
      (e.source === 'n3-0' && e.target === 'n3-1') ||
      (e.source === 'n3-3' && e.target === 'n3-4');
    const after: PlainGraph = {
      nodes: chain.nodes.filter((n) => n !== 'n3-2'),
      edges: chain.edges.filter(keep).filter((e) => e.source !== 'n3-2' && e.target !== 'n3-2'),
    };
    const { hierarchy, changes } = updateCommunities(h, after, ['n3-0', 'n3-1', 'n3-2', 'n3-3', 'n3-4']);
    expect(hierarchy.membership['n3-2']).toBeUndefined();
    expect(hierarchy.membership['n3-0']).not.toBe(hierarchy.membership['n3-4']);
    expect(changes.removed).toContain(h.membership['n3-0']);
    expect(disconnectedCommunities(after, hierarchy)).toEqual([]);
    // Cliques far from the change keep their ids.
    expect(hierarchy.membership['n7-0']).toBe(h.membership['n7-0']);
  });
});
