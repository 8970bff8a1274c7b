import { describe, expect, it } from 'vitest';
import { printable } from './printable';

describe('printable', () => {
  // Regression: a file named with CR and ANSI escapes reached the terminal raw and forged a `done …` line.
  it('shows control characters and bidi overrides as escapes, leaving other text alone', () => {
    expect(printable('x\r\x1b[2Kdone  y.pdf')).toBe('x\\u{d}\\u{1b}[2Kdone  y.pdf');
    expect(printable('a\u009bb\u202ec\u0007')).toBe('a\\u{9b}b\\u{202e}c\\u{7}');
    expect(printable('Müller – α-synuclein 🧪.pdf')).toBe('Müller – α-synuclein 🧪.pdf');
  });
});
