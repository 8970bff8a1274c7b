import { describe, expect, it } from 'vitest';
import { at } from './at';

describe('at', () => {
  it('returns the element at an index that exists, including an undefined element', () => {
    expect(at([10, 20, 30], 2)).toBe(30);
    expect(at(new Int32Array([4, 5]), 0)).toBe(4);
    expect(at([undefined, 1], 0)).toBeUndefined();
  });

  it('throws an internal error naming the index on a miss', () => {
    expect(() => at([1, 2], 2)).toThrow(/index 2 is outside 0\.\.1/);
    expect(() => at(new Float64Array(0), 0)).toThrow(expect.objectContaining({ code: 'internal' }));
    expect(() => at([1], -1)).toThrow(/index -1/);
  });
});
