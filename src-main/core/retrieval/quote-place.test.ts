import { describe, expect, it } from 'vitest';
import { quotePlace } from './library-data';
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

  it('quotes prose, not the caption that shares the words', () => {
    expect(bestSentence(text, 'AMPK in cells').sentence).toBe('Metformin activates AMPK in the liver.');
  });
});
