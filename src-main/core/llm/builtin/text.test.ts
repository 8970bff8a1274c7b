import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitSentences } from './text';

const budget = { numRuns: 2_000, interruptAfterTimeLimit: 8_000 };

describe('splitSentences', () => {
  it('cuts at blank lines, before a heading and after one', () => {
    expect(splitSentences('# Methods\nWe used mice. They slept.\n\nResults follow.')).toEqual([
      '# Methods',
      'We used mice.',
      'They slept.',
      'Results follow.',
    ]);
  });

  it('loses no letter and keeps every sentence on one line', () => {
    const pieces = fc.constantFrom('#', '\n', ' ', '\t', 'a', 'B', '. ', '# Title', 'et al. ', '\n\n');
    const letters = (s: string) => s.replace(/[^A-Za-z]/g, '');
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 30 }), (parts) => {
        const text = parts.join('');
        const out = splitSentences(text);
        for (const s of out) expect(s).toBe(s.split(/\s+/).join(' ').trim());
        expect(letters(out.join(''))).toBe(letters(text));
      }),
      budget,
    );
  });

  it('stays linear on a paragraph printed as one long line', () => {
    const text = `# ${'word '.repeat(40_000)}\n${'More text. '.repeat(4_000)}`;
    const t0 = performance.now();
    expect(splitSentences(text).length).toBeGreaterThan(4_000);
    // The lookbehind tried at every character took about 25 s on a line this long; a hang detector.
    expect(performance.now() - t0).toBeLessThan(5_000);
  });
});
