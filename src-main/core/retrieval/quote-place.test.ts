import { describe, expect, it } from 'vitest';
import { evidenceCitation, quotePlace, type EvidenceInfo } from './graph-reads';
import { bestSentence } from './text';

describe('where an answer quote sits', () => {
  // A chunk at offset 500 that starts on page 3; page 4 begins at chunk offset 40.
  const text = 'Figure 1. AMPK in cells.\n\nMetformin activates AMPK in the liver. It also lowers glucose.';
  const chunk = { text, charStart: 500, pageStart: 3, pageOffsets: [0, 40] };

  it('gives the span and the page of the quoted sentence, both pages across a break', () => {
    const q = 'Metformin activates AMPK in the liver.';
    expect(quotePlace(chunk, q)).toEqual({
      page: 3,
      start: 500 + text.indexOf(q),
      end: 500 + text.indexOf(q) + q.length,
      pages: [3, 4],
    });
    expect(quotePlace(chunk, 'It also lowers glucose.')).toMatchObject({ page: 4, pages: [4] });
    expect(quotePlace(chunk, 'not in the chunk')).toEqual({ page: 3 });
  });

  it('names a quote from a caption or a table by its label, and prose by none', () => {
    const t = 'Table 2. Plasma lactate by arm\n\nMetformin arm 1.9 2.4\n\nPlacebo arm 1.1 1.2';
    const c = { text: t, charStart: 0, pageStart: 6, pageOffsets: [0] };
    expect(quotePlace(c, 'Placebo arm 1.1 1.2')).toMatchObject({ page: 6, label: 'Table 2' });
    expect(quotePlace(c, 'Table 2. Plasma lactate by arm')).toMatchObject({ label: 'Table 2' });
    expect(quotePlace(chunk, 'Figure 1. AMPK in cells.')).toMatchObject({ label: 'Fig. 1', page: 3 });
    expect(quotePlace(chunk, 'It also lowers glucose.').label).toBeUndefined();
  });

  it('quotes prose, not the caption that shares the words', () => {
    expect(bestSentence(text, 'AMPK in cells').sentence).toBe('Metformin activates AMPK in the liver.');
  });

  it('places evidence stored before spans again, from the chunk text, never on the chunk first page', () => {
    const legacy: EvidenceInfo = {
      id: 'r1',
      source: 'a',
      target: 'b',
      keywords: ['lowers'],
      description: 'Metformin lowers glucose',
      confidence: 1,
      chunkId: 'c1',
      docId: 'd1',
      // What older libraries stored: the chunk's first page, and no span.
      page: 3,
      pageEnd: -1,
      spanStart: -1,
      spanEnd: -1,
      title: 'Metformin',
      year: 2020,
      ...{ chunkText: text, chunkStart: 500, chunkPageStart: 3, chunkPageOffsets: [0, 40] },
    };
    const c = evidenceCitation(legacy, 'metformin', 'glucose');
    expect(c).toMatchObject({ quote: 'It also lowers glucose.', page: 4, pages: [4] });
    expect(c.start).toBe(500 + text.indexOf('It also'));
    // A row with its span is cut by the span, whatever the chunk holds.
    const spanned = { ...legacy, page: 3, pageEnd: 4, spanStart: 500 + 26, spanEnd: 500 + 64 };
    expect(evidenceCitation(spanned, 'metformin', 'glucose')).toMatchObject({
      quote: 'Metformin activates AMPK in the liver.',
      page: 3,
      pages: [3, 4],
    });
  });
});
