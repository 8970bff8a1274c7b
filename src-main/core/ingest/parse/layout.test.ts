import { describe, expect, it } from 'vitest';
import { cleanItemText, itemsToLines, orderLines } from './layout';
import type { TextItem } from './types';

const item = (str: string, x: number, y: number, size = 10, fontName = 'body'): TextItem => ({
  str,
  x,
  y,
  width: str.length * size * 0.5,
  height: size,
  fontName,
});

/** A page: a full-width title band, then two columns of six lines each. */
function twoColumnPage(): TextItem[] {
  const items = [item('A full width title line that spans both columns of the page', 60, 740, 12)];
  for (let i = 0; i < 6; i++) {
    items.push(item(`left ${i} text of the column`, 54, 700 - i * 12));
    items.push(item(`right ${i} text of the column`, 320, 700 - i * 12));
  }
  items.push(item('A full width closing line that spans both columns again', 60, 600, 10));
  return items;
}

describe('itemsToLines', () => {
  it('keeps superscripts on their line and inserts spaces only at real gaps', () => {
    const lines = itemsToLines(
      [item('Okafor', 72, 650, 11), item('1', 72 + 33, 654, 7), item(', Brenner', 72 + 33 + 3.5, 650, 11)],
      0,
    );
    expect(lines.map((l) => l.text)).toEqual(['Okafor1, Brenner']);
  });
  it('splits a row at a column gutter', () => {
    const lines = itemsToLines([item('left text', 54, 700), item('right text', 320, 700)], 0);
    expect(lines.map((l) => l.text)).toEqual(['left text', 'right text']);
  });
  it('spells out ligatures and drops control characters', () => {
    expect(itemsToLines([item('e\uFB00ect\u0001s', 54, 700)], 0)[0]!.text).toBe('effects');
  });
});

describe('superscripts', () => {
  it('marks text set small and raised, but not a subscript or a side column in small print', () => {
    const items = [
      item('Dirk Eddelbuettel', 72, 600, 11),
      item('a', 72 + 17 * 5.5, 604, 7),
      item(' and CO', 72 + 18 * 5.5 + 2, 600, 11),
      item('2', 72 + 25 * 5.5 + 2, 597, 7),
      // A side column beside the body text, smaller and on a slightly different baseline.
      item('Edited by: Ana Ruiz', 400, 602, 8),
    ];
    const lines = itemsToLines(items, 0);
    expect(lines[0]).toMatchObject({ text: 'Dirk Eddelbuettela and CO2', sup: [17, 18] });
    expect(lines[1]?.text).toBe('Edited by: Ana Ruiz');
    expect(lines[1]?.sup).toBeUndefined();
  });
});

describe('orderLines', () => {
  it('reads a two-column band left column first, between full-width lines', () => {
    const ordered = orderLines(itemsToLines(twoColumnPage(), 0), 612).map((l) =>
      l.text.split(' ').slice(0, 2).join(' '),
    );
    expect(ordered).toEqual([
      'A full',
      ...[0, 1, 2, 3, 4, 5].map((i) => `left ${i}`),
      ...[0, 1, 2, 3, 4, 5].map((i) => `right ${i}`),
      'A full',
    ]);
  });
  it('leaves a one-column page top to bottom', () => {
    const items = [0, 1, 2, 3, 4, 5, 6, 7].map((i) =>
      item(`line ${i} of a long single column paragraph text here`, 72, 700 - i * 12),
    );
    items.push(item('3', 300, 40));
    const ordered = orderLines(itemsToLines(items, 0), 612);
    expect(ordered.map((l) => l.text.slice(0, 6))).toEqual([
      ...[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `line ${i}`),
      '3',
    ]);
  });
});

describe('cleanItemText', () => {
  it('reads raw TeX ligature codes next to letters as their ligatures', () => {
    // T1 (Cork) slots, as a Type 3 font without a Unicode map leaves them (an R vignette's byline).
    expect(cleanItemText('Je\u001brey')).toBe('Jeffrey');
    expect(cleanItemText('\u001crst e\u001eciency sta\u001b')).toBe('first efficiency staff');
    // OT1 (Computer Modern) slots.
    expect(cleanItemText('\u000Cnite \u000Bect')).toBe('finite ffect');
  });

  it('drops other control characters and codes away from letters', () => {
    expect(cleanItemText('a\u0001b \u001b 1\u001c2')).toBe('ab  12');
    expect(cleanItemText('\uFB01eld')).toBe('field');
  });
});
