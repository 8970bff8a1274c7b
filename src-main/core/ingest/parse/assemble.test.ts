import { describe, expect, it } from 'vitest';
import { isAriadneError } from '../../../contract/errors';
import { assembleDocument } from './assemble';
import { pageAt } from '../../nlp/pages';
import type { PageContent, TextItem } from './types';

const item = (str: string, x: number, y: number, size = 10, fontName = 'body'): TextItem => ({
  str,
  x,
  y,
  width: str.length * size * 0.48,
  height: size,
  fontName,
});

function page(lines: [string, number, number?, string?][]): PageContent {
  return { width: 612, height: 792, items: lines.map(([s, y, size, font]) => item(s, 72, y, size, font)) };
}

describe('assembleDocument', () => {
  it('refuses pages without a text layer', () => {
    try {
      assembleDocument([{ width: 612, height: 792, items: [] }], { info: {}, xmp: {} });
      expect.unreachable();
    } catch (e) {
      expect(isAriadneError(e) && e.message).toBe('no text layer: scanned PDF');
    }
  });
  it('joins a sentence continued across pages and keeps every page traceable', () => {
    const doc = assembleDocument(
      [
        page([
          ['Introduction', 700, 12, 'bold'],
          ['Tumor necrosis factor (TNF) activates NF-kappaB in macro-', 680],
          ['phages, and IL-6 signals through STAT3 in hepatocytes and', 668],
        ]),
        page([
          ['in colorectal cancer cells.', 700],
          ['References', 680, 12, 'bold'],
          ['1. Balkwill F. Tumour necrosis factor and cancer. 2009.', 665],
        ]),
      ],
      { info: {}, xmp: {} },
    );
    expect(doc.text).toBe(
      'Introduction\n\nTumor necrosis factor (TNF) activates NF-kappaB in macrophages, and IL-6 signals through STAT3 in hepatocytes and in colorectal cancer cells.',
    );
    expect(pageAt(doc.text.indexOf('macrophages'), doc.pageOffsets)).toBe(1);
    expect(pageAt(doc.text.indexOf('colorectal'), doc.pageOffsets)).toBe(2);
    expect(doc.references).toEqual(['1. Balkwill F. Tumour necrosis factor and cancer. 2009.']);
    expect(doc.sections.map((s) => s.name)).toEqual(['introduction', 'references']);
  });

  it('measures the body type before the reference list, so prose lines stay one paragraph', () => {
    // Two pages of references in smaller, tighter type outweigh one page of prose (as in a short review).
    const prose = [
      'Modalities available for trauma patient thromboprophylaxis are classified',
      'into pharmacologic anticoagulation, mechanical compression devices and',
      'inferior vena cava filtration, and level one evidence supports the use of',
      'low molecular weight heparins (LMWHs) as the primary prophylactic agent.',
    ];
    const refs = (from: number) =>
      Array.from({ length: 60 }, (_, i): [string, number, number] => [
        `${from + i}. Author A, Author B: A comparison of prophylaxis regimens after trauma. J Trauma 2004.`,
        740 - i * 9,
        7.5,
      ]);
    const doc = assembleDocument(
      [
        page([
          ['Introduction', 700, 12, 'bold'],
          ...prose.map((t, i): [string, number] => [t, 680 - i * 12]),
          ['References', 600, 12, 'bold'],
        ]),
        page(refs(1)),
        page(refs(61)),
      ],
      { info: {}, xmp: {} },
    );
    expect(doc.text).toBe(`Introduction\n\n${prose.join(' ')}`);
  });
});
