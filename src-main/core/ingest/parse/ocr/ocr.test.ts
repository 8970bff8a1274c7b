import { describe, expect, it } from 'vitest';
import type { PageContent, TextItem } from '../types';
import type { OcrPageResult } from './ocr-engine';
import { OCR_FONT, ocrItems, pageConfidence } from './ocr-items';
import { ocrPass, pagesToRead } from './ocr-pass';
import { judgeText } from './text-quality';

const ENGLISH =
  'Oleoylethanolamide restores the abundance of Akkermansia muciniphila in the gut of obese mice. The effect was ' +
  'seen after two weeks of treatment and was associated with lower levels of TNF and IL-6 in the plasma. These ' +
  'results suggest that the lipid acts on the microbiota as well as on the host, and that its effect on mTOR ' +
  'signalling in the liver depends on the bacteria. We discuss the implications for the treatment of obesity.';
const GERMAN =
  'Die Ergebnisse zeigen, dass die Behandlung mit Metformin die Expression von TP53 in den Zellen deutlich ' +
  'erhöht hat. Bei den Patienten mit Diabetes wurde eine geringere Rate von Komplikationen beobachtet, und die ' +
  'Wirkung war nach zwei Wochen der Behandlung am stärksten. Wir diskutieren die Bedeutung dieser Befunde für ' +
  'die Therapie und die Grenzen der Studie, die auf einer kleinen Zahl von Patienten beruht.';
// The f1000 paper's text layer as pdf.js reads it: a CID font whose map is shifted.
const GARBLED = Array.from({ length: 50 }, () => 'ºÅÈ·ÄÊƖ¸¿Äº¿Ä½ ÆÈÅÊ»¿ÄÅ¼ Ê¾»Ï»ÂÂÅÍ ¼»Ì»ÈÃÅÉÇË¿ÊÅ').join(
  ' ',
);
const RUSSIAN = Array.from(
  { length: 10 },
  () => 'Результаты показывают что лечение метформином повышает экспрессию белка в клетках больных',
).join(' ');

const item = (str: string, y = 700): TextItem => ({ str, x: 72, y, width: 400, height: 10, fontName: 'f' });

describe('text layer quality', () => {
  it('tells prose in English and German from a garbled layer and from no text', () => {
    expect(judgeText(ENGLISH)).toBe('ok');
    expect(judgeText(GERMAN)).toBe('ok');
    expect(judgeText(GARBLED)).toBe('garbled');
    expect(judgeText('12')).toBe('no-text');
    // A script the function-word list does not cover is never called nonsense.
    expect(judgeText(RUSSIAN)).toBe('ok');
  });
  it('reads the garbled pages always, and the pages without text only when the document is a scan', () => {
    expect(pagesToRead(['ok', 'garbled', 'no-text', 'ok'])).toEqual([1]);
    expect(pagesToRead(['no-text', 'no-text', 'ok'])).toEqual([0, 1]);
    expect(pagesToRead(['ok', 'ok'])).toEqual([]);
  });
});

const result: OcrPageResult = {
  confidence: 90,
  lines: [
    {
      // 300 px from the top of a 3x image of a 792 pt page: baseline at 792 - 100 = 692 pt.
      baseline: 300,
      rowHeight: 27,
      x0: 216,
      y0: 276,
      x1: 600,
      y1: 306,
      words: [
        { text: 'Akkermansia', confidence: 96, x0: 216, y0: 276, x1: 420, y1: 300 },
        { text: 'muciniphila', confidence: 80, x0: 432, y0: 276, x1: 600, y1: 306 },
      ],
    },
  ],
};

describe('OCR words as text items', () => {
  it('places each word on the page in PDF points, with its space and the row size', () => {
    const items = ocrItems(result, 3, 792);
    expect(items).toEqual([
      { str: 'Akkermansia ', x: 72, y: 692, width: 68, height: 10, fontName: OCR_FONT },
      { str: 'muciniphila', x: 144, y: 692, width: 56, height: 10, fontName: OCR_FONT },
    ]);
    expect(pageConfidence(result).confidence).toBeCloseTo(88, 0);
  });
  it('replaces the text of the pages it reads and reports progress and confidence', async () => {
    const pages: PageContent[] = [
      { width: 612, height: 792, items: [item(ENGLISH)] },
      { width: 612, height: 792, items: [item(GARBLED)] },
    ];
    const progress: string[] = [];
    const rendered: number[] = [];
    const summary = await ocrPass(pages, {
      render: async (i) => {
        rendered.push(i);
        return { png: new Uint8Array([i]), scale: 3 };
      },
      recognize: async () => result,
      onPage: (done, total) => progress.push(`${done}/${total}`),
    });
    expect(rendered).toEqual([1]);
    expect(progress).toEqual(['0/1', '1/1']);
    expect(pages[0]?.items).toEqual([item(ENGLISH)]);
    expect(pages[1]?.items.map((i) => i.str).join('')).toBe('Akkermansia muciniphila');
    expect(summary).toEqual({ pages: [2], reason: 'garbled', confidence: 88, language: 'eng' });
  });
});
