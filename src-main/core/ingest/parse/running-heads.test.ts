import { describe, expect, it } from 'vitest';
import { removeRunningHeads } from './running-heads';
import type { Line } from './types';

const line = (text: string, y: number, page: number): Line => ({
  text,
  x0: 54,
  x1: 300,
  y,
  size: 10,
  fontName: 'f',
  page,
});

describe('removeRunningHeads', () => {
  it('drops repeated margin lines and page numbers, keeps the body', () => {
    const pages = [1, 2, 3].map((p) => [
      line(`J Transl Metab 2021; 14:${100 + p}`, 760, p - 1),
      line(`Body text of page ${p}.`, 700, p - 1),
      line(String(p), 30, p - 1),
    ]);
    const kept = removeRunningHeads(pages, [792, 792, 792]);
    expect(kept.map((ls) => ls.map((l) => l.text))).toEqual([
      ['Body text of page 1.'],
      ['Body text of page 2.'],
      ['Body text of page 3.'],
    ]);
  });
  it('keeps a margin line that does not recur', () => {
    const pages = [[line('Research Article', 760, 0), line('Body', 700, 0)], [line('Body two', 700, 1)]];
    expect(removeRunningHeads(pages, [792, 792])[0]!.map((l) => l.text)).toEqual([
      'Research Article',
      'Body',
    ]);
  });
});
