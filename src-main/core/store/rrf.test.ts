import { describe, expect, it } from 'vitest';
import { reciprocalRankFusion } from './rrf';

describe('reciprocalRankFusion', () => {
  it('ranks items found by both lists above items found by one', () => {
    const fused = reciprocalRankFusion([
      [{ id: 'a' }, { id: 'b' }, { id: 'c' }],
      [{ id: 'c' }, { id: 'd' }, { id: 'a' }],
    ]);
    expect(fused.map((f) => f.item.id)).toEqual(['a', 'c', 'b', 'd']);
    expect(fused[0]!.ranks).toEqual([1, 3]);
    expect(fused[2]!.ranks).toEqual([2, null]);
  });

  it('ignores duplicates within one list and handles empty lists', () => {
    const fused = reciprocalRankFusion([[{ id: 'a' }, { id: 'a' }], []]);
    expect(fused).toHaveLength(1);
    expect(fused[0]!.score).toBeCloseTo(1 / 61);
  });
});
