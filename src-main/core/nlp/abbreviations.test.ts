import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  abbreviates,
  definesPair,
  findAbbreviations,
  findLongForm,
  looksLikeAbbreviation,
} from './abbreviations';

// Property tests, bounded in time: fast-check prints the seed and the shrunk input when one fails.
const budget = { numRuns: 2_000, interruptAfterTimeLimit: 8_000 };

describe('abbreviation ↔ long form', () => {
  it('finds long forms the Schwartz-Hearst way', () => {
    expect(findLongForm('AMPK', 'Metformin activates AMP-activated protein kinase')).toBe(
      'AMP-activated protein kinase',
    );
    expect(findLongForm('OEA', 'Oleoylethanolamide')).toBe('Oleoylethanolamide');
    expect(findLongForm('XQZ', 'nothing matches here')).toBeNull();
    expect(findLongForm('HSA', 'we used human serum albumin')).toBe('human serum albumin');
  });

  it('pairs short forms with the long forms they spell', () => {
    expect(abbreviates('ACE', 'angiotensin-converting enzyme')).toBe(true);
    expect(abbreviates('mTOR', 'mechanistic target of rapamycin')).toBe(true);
    expect(abbreviates('AMPK', 'AMP-activated protein kinase')).toBe(true);
    expect(abbreviates('ACE', 'heart failure')).toBe(false);
    // The first letter must start a word: "ace" inside "surface protein" does not count.
    expect(abbreviates('ACE', 'surface protein')).toBe(false);
    // One word is not a long form.
    expect(abbreviates('ACE', 'acetylcholine')).toBe(false);
  });

  it('recognises abbreviation-like terms only', () => {
    for (const t of ['ACE', 'mTOR', 'IL6', 'PPAR-alpha', 'TNF'])
      expect(looksLikeAbbreviation(t), t).toBe(true);
    for (const t of ['heart', 'Metformin', 'heart failure', 'a'])
      expect(looksLikeAbbreviation(t), t).toBe(false);
  });

  it('finds a definition in either order, across line breaks', () => {
    const text = 'inhibitors of angiotensin-converting\nenzyme (ACE) lower blood pressure';
    expect(definesPair(text, 'ACE', 'angiotensin-converting enzyme')).toBe(true);
    expect(
      definesPair('ACE (angiotensin-converting enzyme) inhibitors', 'ACE', 'angiotensin-converting enzyme'),
    ).toBe(true);
    expect(definesPair('ACE and angiotensin-converting enzyme', 'ACE', 'angiotensin-converting enzyme')).toBe(
      false,
    );
  });
});

describe('findAbbreviations', () => {
  it('pairs a long form with its abbreviation, plurals too, and says where the definition is', () => {
    const text = 'Patients with acute renal failure (ARF) and low molecular weight heparins (LMWHs).';
    expect(findAbbreviations(text).map(({ short, long }) => ({ short, long }))).toEqual([
      { short: 'ARF', long: 'acute renal failure' },
      { short: 'LMWHs', long: 'low molecular weight heparins' },
    ]);
    const [arf] = findAbbreviations(text);
    expect(text.slice(arf!.start, arf!.end)).toBe('acute renal failure (ARF)');
  });

  it('keeps the long form whole across a line break, and within its clause', () => {
    const text =
      'Inhibitors of angiotensin-converting\nenzyme (ACE) lower it; in turn, mTOR complex 1 (mTORC1) acts.';
    expect(findAbbreviations(text).map(({ short, long }) => [short, long])).toEqual([
      ['ACE', 'angiotensin-converting enzyme'],
      ['mTORC1', 'mTOR complex 1'],
    ]);
    expect(findAbbreviations('Seen in rats, mice (RM) and dogs.')).toEqual([]);
  });

  const prose = fc
    .array(
      fc.constantFrom(
        'a',
        'A',
        'B',
        '1',
        '-',
        ' ',
        '\n',
        '(',
        ')',
        '.',
        'é',
        '𝐀',
        'renal failure ',
        '(ARF)',
        ' (AB) ',
        'acute ',
        'one two three four five six seven eight nine ',
      ),
      { maxLength: 40 },
    )
    .map((parts) => parts.join(''));

  it('reports only definitions the text spells out, in order, each short form once', () => {
    fc.assert(
      fc.property(prose, (text) => {
        const found = findAbbreviations(text);
        let last = -1;
        for (const d of found) {
          expect(d.start).toBeGreaterThan(last);
          expect(text.slice(d.start, d.end).endsWith(`(${d.short})`)).toBe(true);
          expect(
            findLongForm(d.short.replace(/s$/, ''), d.long) ?? findLongForm(d.short, d.long),
          ).not.toBeNull();
          expect(d.long).not.toMatch(/[.;:,()[\]]/);
          last = d.start;
        }
        expect(new Set(found.map((d) => d.short.toLowerCase())).size).toBe(found.length);
      }),
      budget,
    );
  });

  it('stays linear on a long run of words without a definition', () => {
    const text = `${'word '.repeat(200_000)}(no capital) ${'x '.repeat(1000)}(AB)`;
    const t0 = performance.now();
    expect(findAbbreviations(text)).toEqual([]);
    // A scan at every character took seconds here; a hang detector, not a speed check.
    expect(performance.now() - t0).toBeLessThan(5_000);
  });
});
