import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findAbbreviations } from './grounding';

// Property tests, bounded in time: fast-check prints the seed and the shrunk input when one fails.
const budget = { numRuns: 2_000, interruptAfterTimeLimit: 8_000 };

/** The pattern scanned at every character, as findAbbreviations did before it started from "(ABBR)". */
function reference(text: string): { short: string; long: string }[] {
  const out = new Map<string, { short: string; long: string }>();
  const re = /((?:[\p{L}\p{N}-]+\s+){1,8}?)\(([\p{Lu}][\p{L}\p{N}-]{1,9})\)/gu;
  for (const m of text.matchAll(re)) {
    const short = m[2]!;
    const words = m[1]!.trim().split(/\s+/);
    const letters = short.replace(/[^\p{L}]/gu, '').toLowerCase();
    if (letters.length < 2) continue;
    for (let n = 1; n <= Math.min(words.length, letters.length + 2); n++) {
      const cand = words.slice(-n);
      if (cand[0]![0]?.toLowerCase() !== letters[0]) continue;
      let i = 0;
      for (const ch of cand.join(' ').toLowerCase()) if (ch === letters[i]) i++;
      if (i === letters.length) {
        out.set(short.toLowerCase(), { short, long: cand.join(' ') });
        break;
      }
    }
  }
  return [...out.values()];
}

/** Prose made of the pieces that decide a match: words, capitals, spaces, brackets, astral letters. */
const prose = fc
  .array(
    fc.constantFrom(
      'a',
      'b',
      'A',
      'B',
      'C',
      '1',
      '-',
      ' ',
      '\n',
      '\u2003',
      '(',
      ')',
      '.',
      'é',
      'Ω',
      '𝐀',
      '𝑥',
      'renal failure ',
      '(ARF)',
      ' (AB) ',
      'one two three four five six seven eight nine ',
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(''));

describe('findAbbreviations', () => {
  it('pairs a long form with its abbreviation', () => {
    expect(
      findAbbreviations('Patients with acute renal failure (ARF) and low molecular weight heparins (LMWHs).'),
    ).toEqual([
      { short: 'ARF', long: 'acute renal failure' },
      { short: 'LMWHs', long: 'low molecular weight heparins' },
    ]);
  });

  it('finds what the pattern scanned at every character finds', () => {
    fc.assert(
      fc.property(prose, (text) => {
        expect(findAbbreviations(text)).toEqual(reference(text));
      }),
      budget,
    );
  });

  it('stays linear on a long run of words without a definition', () => {
    const text = `${'word '.repeat(200_000)}(no capital) ${'x '.repeat(1000)}(AB)`;
    const t0 = performance.now();
    expect(findAbbreviations(text)).toEqual([]);
    // The scan at every character took seconds here; a hang detector, not a speed check.
    expect(performance.now() - t0).toBeLessThan(5_000);
  });
});
