import { describe, expect, it } from 'vitest';
import { abbreviates, definesPair, looksLikeAbbreviation } from './abbreviations';

describe('abbreviation ↔ long form', () => {
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
