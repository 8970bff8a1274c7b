import { describe, expect, it } from 'vitest';
import { at, atKey } from './at';

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

describe('atKey', () => {
  it('returns the value of a key that exists, including an undefined value', () => {
    expect(atKey(new Map([['a', 1]]), 'a')).toBe(1);
    expect(atKey(new Map([['a', undefined]]), 'a')).toBeUndefined();
  });

  it('throws an internal error naming the key on a miss', () => {
    expect(() => atKey(new Map([['a', 1]]), 'b')).toThrow(expect.objectContaining({ code: 'internal' }));
    expect(() => atKey(new Map<string, number>(), 'e_42')).toThrow(/no entry for e_42/);
  });
});
