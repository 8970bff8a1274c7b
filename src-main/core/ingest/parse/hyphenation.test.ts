import { describe, expect, it } from 'vitest';
import { collectHyphenatedWords, joinLines } from './hyphenation';

describe('joinLines', () => {
  const none = new Set<string>();
  it('removes a line-break hyphen between lower-case letters', () => {
    expect(joinLines('chronic inflam-', 'mation of the liver', none)).toBe(
      'chronic inflammation of the liver',
    );
  });
  it('keeps hyphens in names next to capitals or digits', () => {
    expect(joinLines('levels of IL-', '6 rose', none)).toBe('levels of IL-6 rose');
    expect(joinLines('an anti-', 'TNF antibody', none)).toBe('an anti-TNF antibody');
  });
  it('keeps a compound the document writes with a hyphen elsewhere', () => {
    const compounds = collectHyphenatedWords(['patient non-compliance was common', 'x']);
    expect(joinLines('and patient non-', 'compliance.', compounds)).toBe('and patient non-compliance.');
  });
  it('joins ordinary lines with a space and drops soft hyphens', () => {
    expect(joinLines('the mTOR', 'pathway', none)).toBe('the mTOR pathway');
    expect(joinLines('phos\u00AD', 'phorylation', none)).toBe('phosphorylation');
  });
});
