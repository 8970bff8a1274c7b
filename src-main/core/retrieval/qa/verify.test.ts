import { describe, expect, it } from 'vitest';
import type { Source } from './types';
import { addressesQuestion, verifyCitations } from './verify';

const src = (id: string, text: string): Source => ({
  chunk: {
    id,
    docId: 'd',
    index: 0,
    text,
    pageStart: 3,
    pageEnd: 4,
    pageOffsets: [0, 60],
    title: 'A paper',
    year: 2019,
  },
  score: 1,
  via: 'vector',
});

describe('verifyCitations', () => {
  const sources = [
    src(
      'd:0',
      'Oleoylethanolamide increased Akkermansia muciniphila in obese mice. Second page text here about mTOR signalling in liver.',
    ),
    src('d:1', 'Completely unrelated passage about telescopes and galaxies.'),
  ];

  it('keeps supported markers, quotes an exact sentence and finds its page', () => {
    const r = verifyCitations(
      'Oleoylethanolamide increased Akkermansia muciniphila [1]. mTOR signalling in liver [1].',
      sources,
    );
    expect(r.dropped).toBe(0);
    expect(r.citations).toHaveLength(1);
    expect(sources[0]!.chunk.text).toContain(r.citations[0]!.quote);
    expect(r.citations[0]!.supported).toBe(true);
  });

  it('removes unsupported and dangling markers and flags the source', () => {
    const r = verifyCitations(
      'Oleoylethanolamide increased Akkermansia muciniphila [2]. Something else [7].',
      sources,
    );
    expect(r.answer).not.toMatch(/\[\d+\]/);
    expect(r.dropped).toBe(2);
    expect(r.citations.find((c) => c.n === 2)?.supported).toBe(false);
  });

  it('computes the page of the quote from the page offsets', () => {
    const r = verifyCitations('Second page text here about mTOR signalling [1].', sources);
    expect(r.citations[0]!.page).toBe(4);
  });

  it('attaches a marker written after the full stop to the sentence it follows', () => {
    const r = verifyCitations(
      'Oleoylethanolamide increased Akkermansia muciniphila in obese mice. [1] Galaxies are observed with telescopes. [2]',
      sources,
    );
    expect(r.dropped).toBe(0);
    expect(r.citations.map((c) => c.supported)).toEqual([true, true]);
    expect(r.answer).toBe(
      'Oleoylethanolamide increased Akkermansia muciniphila in obese mice [1]. Galaxies are observed with telescopes [2].',
    );
  });

  it('splits grouped markers so each source is checked on its own', () => {
    const r = verifyCitations('Oleoylethanolamide increased Akkermansia muciniphila [1, 2].', sources);
    expect(r.citations.find((c) => c.n === 1)?.supported).toBe(true);
    expect(r.citations.find((c) => c.n === 2)?.supported).toBe(false);
    expect(r.answer).toBe('Oleoylethanolamide increased Akkermansia muciniphila [1].');
  });
});

describe('a citation must address the question', () => {
  const sources = [
    src('d:0', 'The hospital improved its triage with a quality improvement exercise. Staff were retrained.'),
    src('d:1', 'Metformin activates AMPK, which inhibits mTOR complex 1 through TSC2 and raptor.'),
  ];

  it('an existing quote about something else does not support the answer', () => {
    const r = verifyCitations(
      'The hospital improved its triage with a quality improvement exercise [1].',
      sources,
      'What is the effect of remdesivir on COVID-19 mortality?',
    );
    expect(r.citations[0]!.supported).toBe(false);
    expect(r.answer).not.toContain('[1]');
  });

  it('a quote that names what the question asks about stands, whatever the word form', () => {
    const r = verifyCitations(
      'Metformin activates AMPK [2].',
      sources,
      'What does metformin activate in colorectal cancer cells?',
    );
    expect(r.citations.find((c) => c.n === 2)!.supported).toBe(true);
    expect(addressesQuestion('What does metformin activate?', 'It activated the kinase.')).toBe(true);
  });
});

describe('a citation into a table or a figure caption', () => {
  it('is named by the table or figure, its page from the page map ("Table 2, p. 4")', () => {
    const table = src(
      'd:2',
      // A passage that holds only a table: no prose to prefer.
      'Table 2. Plasma lactate by arm\n\nMetformin arm lactate 1.9 mmol/L 2.4 mmol/L\n\nPlacebo arm lactate 1.1 mmol/L 1.2 mmol/L',
    );
    // Page 4 starts at the first row.
    table.chunk.pageOffsets = [0, table.chunk.text.indexOf('Metformin arm')];
    const r = verifyCitations('Plasma lactate was 1.9 mmol/L in the metformin arm [1].', [table]);
    const c = r.citations[0]!;
    expect(c.quote).toBe('Metformin arm lactate 1.9 mmol/L 2.4 mmol/L');
    expect(c).toMatchObject({ label: 'Table 2', page: 4 });
  });

  it('is not labelled when it quotes prose next to a figure', () => {
    const fig = src(
      'd:3',
      'Fig. 3. AMPK phosphorylation over time.\n\nMetformin increased AMPK phosphorylation within two hours in hepatocytes.',
    );
    const r = verifyCitations('Metformin increased AMPK phosphorylation within two hours [1].', [fig]);
    expect(r.citations[0]!.quote).toBe(
      'Metformin increased AMPK phosphorylation within two hours in hepatocytes.',
    );
    expect(r.citations[0]!.label).toBeUndefined();
  });
});
