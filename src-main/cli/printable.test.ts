import { describe, expect, it } from 'vitest';
import { printable } from './printable';

describe('printable', () => {
  // Regression: a file named with CR and ANSI escapes reached the terminal raw and forged a `done …` line.
  it('shows control characters and bidi overrides as escapes, leaving other text alone', () => {
    expect(printable('x\r\x1b[2Kdone  y.pdf')).toBe('x\\u{d}\\u{1b}[2Kdone  y.pdf');
    expect(printable('a\u009bb\u202ec\u0007')).toBe('a\\u{9b}b\\u{202e}c\\u{7}');
    expect(printable('Müller – α-synuclein 🧪.pdf')).toBe('Müller – α-synuclein 🧪.pdf');
  });

  // Regression: marks, zero-width characters and line separators passed through.
  it('escapes bidi marks, zero-width characters and line separators too', () => {
    expect(printable('a\u200eb\u200fc\u061cd')).toBe('a\\u{200e}b\\u{200f}c\\u{61c}d');
    expect(printable('x\u2028y\u2029z')).toBe('x\\u{2028}y\\u{2029}z');
    expect(printable('p\u200bq\u200dr\ufeffs\u2060t')).toBe('p\\u{200b}q\\u{200d}r\\u{feff}s\\u{2060}t');
  });
});
