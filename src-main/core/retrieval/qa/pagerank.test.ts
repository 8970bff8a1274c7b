import { describe, expect, it } from 'vitest';
import { addEdge, personalisedPageRank } from './pagerank';

describe('personalised PageRank', () => {
  it('ranks what the seeds reach over what they do not, and sums to one', () => {
    const g = new Map<string, Map<string, number>>();
    // q — e1 — p1 — e2 — p2 (two hops from the seed), and an island x — y.
    addEdge(g, 'q', 'p1', 1);
    addEdge(g, 'p1', 'e2', 1);
    addEdge(g, 'e2', 'p2', 1);
    addEdge(g, 'x', 'y', 1);
    const r = personalisedPageRank(g, new Map([['q', 1]]));
    expect(r.get('p1')!).toBeGreaterThan(r.get('p2')!);
    expect(r.get('p2')!).toBeGreaterThan(0);
    expect(r.get('x') ?? 0).toBe(0);
    const sum = [...r.values()].reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(1, 6);
  });

  it('a bridge passage shared by two seeds outranks passages tied to one', () => {
    const g = new Map<string, Map<string, number>>();
    addEdge(g, 'a', 'bridge', 1);
    addEdge(g, 'b', 'bridge', 1);
    addEdge(g, 'a', 'only-a', 1);
    addEdge(g, 'b', 'only-b', 1);
    const r = personalisedPageRank(
      g,
      new Map([
        ['a', 1],
        ['b', 1],
      ]),
    );
    expect(r.get('bridge')!).toBeGreaterThan(r.get('only-a')!);
    expect(r.get('bridge')!).toBeGreaterThan(r.get('only-b')!);
  });

  it('no seeds, no ranks', () => {
    expect(personalisedPageRank(new Map(), new Map()).size).toBe(0);
  });
});
