import Graph from 'graphology';
import graphologyModularity from 'graphology-metrics/graph/modularity';
import { describe, expect, it } from 'vitest';
import { disconnectedCommunities, partitionModularity } from './checks';
import { detectCommunities } from './detect';
import { plantedGraph, ringOfCliques } from './test-graphs';
import type { CommunityHierarchy, PlainGraph } from './types';

const cliqueOf = (id: string) => id.slice(0, id.indexOf('-'));

function expectNested(h: CommunityHierarchy) {
  for (let k = 1; k < h.levels.length; k++) {
    const parents = new Map(h.levels[k]!.communities.map((c) => [c.id, c] as const));
    for (const child of h.levels[k - 1]!.communities) {
      const parent = parents.get(child.parentId!);
      expect(parent, `parent of ${child.id}`).toBeDefined();
      expect(parent!.childIds).toContain(child.id);
      for (const m of child.members) expect(parent!.members).toContain(m);
    }
  }
  for (const c of h.levels.at(-1)!.communities) expect(c.parentId).toBeNull();
}

describe('detectCommunities', () => {
  it('recovers every clique of a ring of cliques exactly at level 0', () => {
    const g = ringOfCliques(12, 5);
    const h = detectCommunities(g);
    const level0 = h.levels[0]!.communities;
    expect(level0).toHaveLength(12);
    for (const c of level0) {
      expect(c.size).toBe(5);
      expect(new Set(c.members.map(cliqueOf)).size).toBe(1);
      expect(c.internalWeight).toBe(10);
      expect(c.centralEntities).toHaveLength(5);
    }
    expect(h.levels[0]!.modularity).toBeCloseTo(partitionModularity(g, h.membership), 12);
  });

  it('builds shrinking, nested levels down to a handful, all connected', () => {
    const g = ringOfCliques(24, 6);
    const h = detectCommunities(g, { maxLevels: 6, topSize: 6 });
    const counts = h.levels.map((l) => l.communities.length);
    expect(counts[0]).toBe(24);
    for (let k = 1; k < counts.length; k++) expect(counts[k]).toBeLessThan(counts[k - 1]!);
    expect(counts.at(-1)).toBeLessThanOrEqual(6);
    expectNested(h);
    expect(disconnectedCommunities(g, h)).toEqual([]);
    for (const level of h.levels) {
      const sum = level.communities.reduce((s, c) => s + c.modularityContribution, 0);
      expect(sum).toBeCloseTo(level.modularity, 10);
    }
  });

  it('is deterministic for a seed and independent of input order', () => {
    const g = plantedGraph(6, 15, 0.35, 0.03);
    const a = detectCommunities(g, { seed: 7 });
    const shuffled: PlainGraph = { nodes: [...g.nodes].reverse(), edges: [...g.edges].reverse() };
    const b = detectCommunities(shuffled, { seed: 7 });
    expect(b).toEqual(a);
    const ids = (h: CommunityHierarchy) => h.levels[0]!.communities.map((c) => c.id).sort();
    expect(ids(detectCommunities(g, { seed: 7 }))).toEqual(ids(a));
  });

  it('accepts a graphology graph and agrees with graphology-metrics modularity', () => {
    const plain = plantedGraph(5, 12, 0.4, 0.05, 3);
    const graph = new Graph({ type: 'undirected' });
    for (const n of plain.nodes) graph.addNode(n);
    for (const e of plain.edges) graph.addEdge(e.source, e.target, { weight: e.weight });
    const h = detectCommunities(graph);
    expect(h).toEqual(detectCommunities(plain));
    const expected = graphologyModularity(graph, { getNodeCommunity: (n: string) => h.membership[n]! });
    expect(h.levels[0]!.modularity).toBeCloseTo(expected, 10);
  });

  it('merges communities below minSize into their best-connected neighbour', () => {
    const g = ringOfCliques(6, 5);
    // A pendant pair hanging off clique 0: on its own it would be a tiny community.
    g.edges.push({ source: 'p-0', target: 'p-1', weight: 3 }, { source: 'p-0', target: 'n0-2' });
    const loose = detectCommunities(g);
    expect(loose.membership['p-0']).not.toBe(loose.membership['n0-2']);
    const strict = detectCommunities(g, { minSize: 3 });
    expect(strict.membership['p-0']).toBe(strict.membership['n0-2']);
    expect(strict.membership['p-1']).toBe(strict.membership['n0-2']);
    expect(disconnectedCommunities(g, strict)).toEqual([]);
  });

  it('handles empty graphs and isolated nodes', () => {
    expect(detectCommunities({ nodes: [], edges: [] }).levels[0]!.communities).toEqual([]);
    const h = detectCommunities({ nodes: ['a', 'b'], edges: [] });
    expect(h.levels).toHaveLength(1);
    expect(h.levels[0]!.communities.map((c) => c.members)).toEqual([['a'], ['b']]);
  });
});
