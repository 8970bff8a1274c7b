import { describe, expect, it } from 'vitest';
import { assembleDocument } from './assemble';
import { passageBoxes } from './passage-boxes';
import { GEOMETRY_STRIDE, type PageContent, type TextItem } from './types';

/** Every character 5 points wide, so a clip by character share lands on exact x positions. */
const item = (str: string, x: number, y: number, size = 10): TextItem => ({
  str,
  x,
  y,
  width: str.length * 5,
  height: size,
  fontName: 'body',
});

function page(lines: [string, number][]): PageContent {
  return { width: 612, height: 792, items: lines.map(([s, y]) => item(s, 72, y)) };
}

describe('line geometry and passage boxes', () => {
  const doc = assembleDocument(
    [
      page([
        ['Introduction', 700],
        ['Tumor necrosis factor activates NF-kappaB in macro-', 680],
        ['phages. IL-6 signals through STAT3 in hepatocytes and', 668],
      ]),
      page([['in colorectal cancer cells. The end.', 700]]),
    ],
    { info: {}, xmp: {} },
  );
  const g = doc.geometry!;

  it('records every line with its span in the text, page and position', () => {
    expect(g.lines.length).toBe(4 * GEOMETRY_STRIDE);
    const spans = [];
    for (let i = 0; i < g.lines.length; i += GEOMETRY_STRIDE) {
      spans.push({
        text: doc.text.slice(g.lines[i], g.lines[i + 1]),
        page: g.lines[i + 2],
        y: g.lines[i + 5],
      });
    }
    expect(spans).toEqual([
      { text: 'Introduction', page: 0, y: 700 },
      // The break hyphen is not part of either line's text span.
      { text: 'Tumor necrosis factor activates NF-kappaB in macro', page: 0, y: 680 },
      { text: 'phages. IL-6 signals through STAT3 in hepatocytes and', page: 0, y: 668 },
      { text: 'in colorectal cancer cells. The end.', page: 1, y: 700 },
    ]);
  });

  it('boxes a sentence across a page break line by line, clipped at both ends', () => {
    const start = doc.text.indexOf('IL-6');
    const end = doc.text.indexOf(' The end.');
    const boxes = passageBoxes(g, start, end);
    expect(boxes.map((b) => b.page)).toEqual([1, 2]);
    const [first, last] = boxes;
    // "phages. " is 8 characters of 5 points: the first box starts 40 points into the line.
    expect(first!.x).toBeCloseTo(72 + 40, 1);
    expect(first!.x + first!.width).toBeCloseTo(
      72 + 'phages. IL-6 signals through STAT3 in hepatocytes and'.length * 5,
      1,
    );
    expect(last!.x).toBeCloseTo(72, 1);
    expect(last!.width).toBeCloseTo('in colorectal cancer cells.'.length * 5, 1);
    // The box covers the glyphs: below the baseline for descenders, most of the font size above it.
    expect(first!.y).toBeLessThan(668);
    expect(first!.y + first!.height).toBeGreaterThan(668 + 7);
  });

  it('returns nothing for an empty span or one past the text', () => {
    expect(passageBoxes(g, 10, 10)).toEqual([]);
    expect(passageBoxes(g, doc.text.length + 5, doc.text.length + 9)).toEqual([]);
  });

  it('places the ends of a passage within the text item they are printed in', () => {
    // One line of three items of very different widths per character: a wide bold run, a narrow run, and a
    // hyphenated word broken onto the next line.
    const items: TextItem[] = [
      { str: 'RESULTS.', x: 72, y: 700, width: 120, height: 10, fontName: 'bold' },
      { str: 'AMPK rose. Then metformin', x: 196, y: 700, width: 100, height: 10, fontName: 'body' },
      { str: 'in-', x: 300, y: 700, width: 9, height: 10, fontName: 'body' },
      { str: 'hibited it.', x: 72, y: 688, width: 40, height: 10, fontName: 'body' },
    ];
    const d = assembleDocument([{ width: 612, height: 792, items }], { info: {}, xmp: {} });
    expect(d.text).toBe('RESULTS. AMPK rose. Then metformin inhibited it.');
    const start = d.text.indexOf('Then');
    const boxes = passageBoxes(d.geometry!, start, d.text.length);
    expect(boxes).toHaveLength(2);
    // "Then" starts 11 of the narrow item's 25 characters in: 196 + 11/25 × 100, not a share of the line.
    expect(boxes[0]!.x).toBeCloseTo(196 + (11 / 25) * 100, 1);
    // The line ends at "in", before the break hyphen: two of the last item's three characters.
    expect(boxes[0]!.x + boxes[0]!.width).toBeCloseTo(300 + (2 / 3) * 9, 1);
    expect(boxes[1]).toMatchObject({ x: 72, width: 40 });
    // "AMPK rose." alone: within the narrow item, clear of the bold one.
    const a = d.text.indexOf('AMPK');
    const [only] = passageBoxes(d.geometry!, a, a + 'AMPK rose.'.length);
    expect(only!.x).toBeCloseTo(196, 1);
    expect(only!.width).toBeCloseTo((10 / 25) * 100, 1);
  });
});
