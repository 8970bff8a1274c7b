import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { weightedFusion } from './score-fusion';

const hits = (xs: [string, number][]) => xs.map(([id, score]) => ({ id, score }));

describe('weighted score fusion', () => {
  it('keeps score gaps: a clear lexical winner is not pulled down by a weak second list', () => {
    const lexical = hits([
      ['a', 30],
      ['b', 5],
      ['c', 4],
    ]);
    const vector = hits([
      ['c', 0.52],
      ['b', 0.51],
      ['a', 0.5],
    ]);
    const fused = weightedFusion([
      { hits: lexical, weight: 0.75 },
      { hits: vector, weight: 0.25 },
    ]).map((f) => f.item.id);
    expect(fused[0]).toBe('a');
  });

  it('with all the weight on one list, ranks exactly as that list does', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.tuple(fc.string({ minLength: 1, maxLength: 4 }), fc.integer({ min: 0, max: 1000 })),
          {
            selector: (t) => t[0],
            minLength: 1,
            maxLength: 20,
          },
        ),
        (xs) => {
          const list = hits(xs).sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
          const fused = weightedFusion([
            { hits: list, weight: 1 },
            { hits: hits([['zz-other', 1]]), weight: 0 },
          ]).filter((f) => f.item.id !== 'zz-other');
          expect(fused.map((f) => f.item.id)).toEqual(list.map((h) => h.id));
        },
      ),
    );
  });

  it('an empty list leaves the other list as it was', () => {
    const only = weightedFusion([
      { hits: [], weight: 0.75 },
      {
        hits: hits([
          ['x', 0.9],
          ['y', 0.2],
        ]),
        weight: 0.25,
      },
    ]);
    expect(only.map((f) => f.item.id)).toEqual(['x', 'y']);
  });
});
