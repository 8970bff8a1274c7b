// Runs detection on the shared evaluation graphs (Zachary's karate club, dolphins, college football).
// Skips, saying so, when the checkout has no ../shared/data/graphs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadGml, sharedGraphsDir } from '../../../test/bench/graph-loaders';
import { disconnectedCommunities } from './checks';
import { detectCommunities } from './detect';

const dir = sharedGraphsDir();
if (!dir) console.warn('communities: ../shared/data/graphs not found; skipping the shared-graph checks');

describe.skipIf(!dir)('communities on the shared evaluation graphs', () => {
  const expected = dir
    ? (JSON.parse(readFileSync(path.join(dir, 'expected_modularity.json'), 'utf8')) as Record<
        string,
        { nodes: number; literature_max_modularity_Q: number }
      >)
    : {};

  for (const name of ['karate', 'dolphins', 'football']) {
    it(`${name}: modularity within 0.01 of the literature maximum, connected communities`, () => {
      const { graph } = loadGml(path.join(dir!, `${name}.gml`));
      expect(graph.nodes).toHaveLength(expected[name]!.nodes);
      const h = detectCommunities(graph, { seed: 42 });
      const target = expected[name]!.literature_max_modularity_Q;
      expect(h.levels[0]!.modularity).toBeGreaterThanOrEqual(target - 0.01);
      expect(disconnectedCommunities(graph, h)).toEqual([]);
    });
  }

  it('football: level 0 recovers most of the 12 conferences', () => {
    const { gml, graph } = loadGml(path.join(dir!, 'football.gml'));
    const h = detectCommunities(graph);
    // Share of node pairs in the same conference that are also in the same community.
    const conf = new Map(gml.nodes.map((n) => [n.id, n.attributes.value] as const));
    let same = 0;
    let agree = 0;
    for (const a of gml.nodes) {
      for (const b of gml.nodes) {
        if (a.id >= b.id || conf.get(a.id) !== conf.get(b.id)) continue;
        same++;
        if (h.membership[a.id] === h.membership[b.id]) agree++;
      }
    }
    expect(agree / same).toBeGreaterThan(0.8);
  });
});
