import louvain from 'graphology-communities-louvain';
import Graph from 'graphology';
import { describe, expect, it } from 'vitest';
import { leiden, refinePartition } from './leiden';
import { toEntityGraph } from './level-graph';
import { splitDisconnected } from './partition';
import { createRng } from './rng';
import { plantedGraph, ringOfCliques } from './test-graphs';

const labelsOf = (ids: string[], assign: (id: string) => number) => Int32Array.from(ids, assign);

describe('connectedness', () => {
  it('splits a community that is not internally connected', () => {
    // Cliques 0 and 2 are not adjacent in the ring, yet share one label.
    const g = toEntityGraph(ringOfCliques(4, 4));
    const labels = labelsOf(g.ids, (id) =>
      id.startsWith('n0-') || id.startsWith('n2-') ? 0 : Number(id[1]),
    );
    const split = splitDisconnected(g, labels);
    expect(split.count).toBe(4);
    expect(split.labels[g.index.get('n0-0')!]).not.toBe(split.labels[g.index.get('n2-0')!]);
  });

  it('refinement never merges across a disconnected community', () => {
    const g = toEntityGraph(ringOfCliques(4, 4));
    const labels = labelsOf(g.ids, (id) => (id.startsWith('n0-') || id.startsWith('n2-') ? 0 : 1));
    const refined = refinePartition(g, labels, 1, createRng(1));
    const a = refined[g.index.get('n0-1')!];
    const b = refined[g.index.get('n2-1')!];
    expect(a).not.toBe(b);
    expect(splitDisconnected(g, refined).count).toBe(new Set(refined).size);
  });

  it('matches or beats graphology Louvain and stays connected', () => {
    const plain = plantedGraph(8, 20, 0.25, 0.02, 11);
    const g = toEntityGraph(plain);
    const ours = leiden(g, 1, createRng(3));
    const graph = new Graph({ type: 'undirected' });
    for (const n of plain.nodes) graph.addNode(n);
    for (const e of plain.edges) graph.mergeEdge(e.source, e.target, { weight: e.weight });
    const reference = louvain.detailed(graph, { rng: createRng(3) });
    expect(ours.quality).toBeGreaterThanOrEqual(reference.modularity - 1e-9);
    expect(splitDisconnected(g, ours.labels).count).toBe(new Set(ours.labels).size);
  });

  it('keeps a warm-start partition that is already optimal', () => {
    const g = toEntityGraph(ringOfCliques(10, 5));
    const start = labelsOf(g.ids, (id) => Number(id.slice(1, id.indexOf('-'))));
    const out = leiden(g, 1, createRng(9), start);
    expect(splitDisconnected(g, out.labels).count).toBe(10);
    for (let i = 0; i < g.n; i++)
      expect(out.labels[i]).toBe(out.labels[g.index.get(`${g.ids[i]!.split('-')[0]}-0`)!]);
  });
});
