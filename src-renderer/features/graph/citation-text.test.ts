import { describe, expect, it } from 'vitest';
import { citationText, citedPlace } from './citation-text';

describe('citation text', () => {
  const base = { title: 'Appetite and the gut', shortTitle: 'Appetite', year: 2019 };

  it('cites a page, both pages of a sentence across a break, and a table or figure by its label', () => {
    expect(citationText({ ...base, page: 3, pages: [3] })).toBe('Appetite 2019, p. 3');
    expect(citationText({ ...base, page: 4, pages: [4, 5] })).toBe('Appetite 2019, pp. 4–5');
    expect(citationText({ ...base, page: 6, pages: [6], label: 'Table 2' })).toBe(
      'Appetite 2019, Table 2, p. 6',
    );
    expect(citedPlace({ page: 4, label: 'Fig. 3' })).toBe('Fig. 3, p. 4');
  });

  it('leaves out what is not known', () => {
    expect(citationText({ ...base, year: null, shortTitle: '', page: null })).toBe('Appetite and the gut');
    expect(citedPlace({ page: null, label: 'Table 1' })).toBe('Table 1');
  });
});
