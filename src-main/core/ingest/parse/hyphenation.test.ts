import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collectHyphenatedWords, joinAllLines, joinLines } from './hyphenation';

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

describe('joinAllLines', () => {
  it('gives what joining line by line gives', () => {
    const compounds = new Set(['non-compliance']);
    fc.assert(
      fc.property(
        fc.array(
          fc.constantFrom(
            'inflam-',
            'mation',
            'non-',
            'compliance',
            'IL-',
            '6',
            ' ',
            'the  ',
            ' cell',
            'x\u00AD',
          ),
          {
            maxLength: 12,
          },
        ),
        (lines) => {
          let t = '';
          for (const l of lines) t = joinLines(t, l, compounds);
          expect(joinAllLines(lines, compounds)).toBe(t.trimEnd());
        },
      ),
    );
  });
});
