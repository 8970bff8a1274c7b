import { describe, expect, it } from 'vitest';
import type { Source } from './types';
import { verifyCitations } from './verify';

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

  it('quotes, for each statement, the exact sentence that carries it, numbered in order of use', () => {
    const r = verifyCitations(
      'Oleoylethanolamide increased Akkermansia muciniphila [1]. mTOR signalling in liver [1].',
      sources,
    );
    expect(r.dropped).toBe(0);
    // One passage, two sentences: two citations, each its own quote.
    expect(r.citations.map((c) => c.n)).toEqual([1, 2]);
    expect(r.answer).toBe(
      'Oleoylethanolamide increased Akkermansia muciniphila [1]. mTOR signalling in liver [2].',
    );
    for (const c of r.citations) {
      expect(sources[0]!.chunk.text).toContain(c.quote);
      expect(c.supported).toBe(true);
    }
    expect(r.citations[1]!.quote).toBe('Second page text here about mTOR signalling in liver.');
    expect(r.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('marks a statement its citation does not carry, and removes markers that point nowhere', () => {
    const r = verifyCitations(
      'Oleoylethanolamide increased Akkermansia muciniphila [2]. Something else [7].',
      sources,
    );
    // [2] stays (as [1], the first used) and is flagged; [7] points at no passage.
    expect(r.answer).toBe('Oleoylethanolamide increased Akkermansia muciniphila [1]. Something else.');
    expect(r.dropped).toBe(1);
    expect(r.citations).toHaveLength(1);
    expect(r.citations[0]).toMatchObject({ n: 1, chunkId: 'd:1', supported: false });
    expect(r.claims[0]).toMatchObject({ carried: false });
    expect(r.confidence).toBe(0);
  });

  it('a statement whose number is not in the cited sentence is not carried', () => {
    const withNumber = [src('d:4', 'Bleeding occurred in 3.9% of patients and HIT in 0.7%.')];
    expect(verifyCitations('Bleeding occurred in 3.9% of patients [1].', withNumber).claims[0]!.carried).toBe(
      true,
    );
    expect(verifyCitations('Bleeding occurred in 5.2% of patients [1].', withNumber).claims[0]!.carried).toBe(
      false,
    );
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
    expect(r.answer).toBe('Oleoylethanolamide increased Akkermansia muciniphila [1][2].');
  });
});

describe('a citation must address the question', () => {
  const sources = [
    src('d:0', 'The hospital improved its triage with a quality improvement exercise. Staff were retrained.'),
    src('d:1', 'Metformin activates AMPK, which inhibits mTOR complex 1 through TSC2 and raptor.'),
  ];

  it('an existing quote about something else does not support the answer, and keeps the confidence low', () => {
    const r = verifyCitations(
      'The hospital improved its triage with a quality improvement exercise [1].',
      sources,
      'What is the effect of remdesivir on COVID-19 mortality?',
    );
    expect(r.citations[0]!.supported).toBe(false);
    expect(r.claims[0]).toMatchObject({ carried: true, fits: false });
    expect(r.confidence).toBeLessThan(0.8);
  });

  it('a quote that names what the question asks about stands, whatever the word form', () => {
    const r = verifyCitations('Metformin activates AMPK [2].', sources, 'What does metformin activate?');
    expect(r.citations[0]).toMatchObject({ n: 1, chunkId: 'd:1', supported: true });
    expect(r.confidence).toBeGreaterThanOrEqual(0.8);
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
