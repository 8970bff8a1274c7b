import { describe, expect, it } from 'vitest';
import { pageAt, pageOfOffset, pageSpan } from './pages';

describe('page offset map', () => {
  const offsets = [0, 100, 100, 250];
  it('maps a character to the last page starting at or before it', () => {
    expect(pageAt(0, offsets)).toBe(1);
    expect(pageAt(99, offsets)).toBe(1);
    // Page 2 is empty (it starts where page 3 starts), so offset 100 belongs to page 3.
    expect(pageAt(100, offsets)).toBe(3);
    expect(pageAt(249, offsets)).toBe(3);
    expect(pageAt(10_000, offsets)).toBe(4);
  });
  it('gives page spans of character ranges', () => {
    expect(pageSpan(50, 100, offsets)).toEqual([1, 1]);
    expect(pageSpan(50, 101, offsets)).toEqual([1, 3]);
    expect(pageSpan(260, 260, offsets)).toEqual([4, 4]);
  });
  it('maps a chunk-relative offset to its page', () => {
    const chunk = { pageStart: 4, pageOffsets: [0, 120, 900] };
    expect(pageOfOffset(chunk, 0)).toBe(4);
    expect(pageOfOffset(chunk, 119)).toBe(4);
    expect(pageOfOffset(chunk, 120)).toBe(5);
    expect(pageOfOffset(chunk, 5000)).toBe(6);
    expect(pageOfOffset({ pageStart: 2, pageOffsets: [] }, 10)).toBe(2);
  });
});
