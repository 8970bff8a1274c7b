import { describe, expect, it } from 'vitest';
import { splitReferences } from './references';
import type { Line } from './types';

const line = (text: string, x0 = 54): Line => ({
  text,
  x0,
  x1: 290,
  y: 0,
  size: 8,
  fontName: 'f',
  page: 0,
  colX0: 54,
});

describe('splitReferences', () => {
  it('splits numbered lists only at the next number in sequence', () => {
    const refs = splitReferences(
      [
        line('1.'),
        line('Kudsk KA: Silent deep vein thrombosis.', 66),
        line('Am J Surg 1989,', 66),
        line('158:515-9.', 66),
        line('2. Geerts WH: A prospective', 54),
        line('study. N Engl J Med 1994.', 66),
      ],
      new Set(),
    );
    expect(refs).toEqual([
      '1. Kudsk KA: Silent deep vein thrombosis. Am J Surg 1989, 158:515-9.',
      '2. Geerts WH: A prospective study. N Engl J Med 1994.',
    ]);
  });
  it('splits author-year lists at the hanging indent', () => {
    const refs = splitReferences(
      [
        line('Yang Z. 2007. PAML 4: phylogenetic analysis by maxi-'),
        line('mum likelihood. Mol Biol Evol 24:1586-91.', 66),
        line('Webb AE, Walsh TA. 2017. VESPA. PeerJ CS 3:e118.'),
      ],
      new Set(),
    );
    expect(refs).toEqual([
      'Yang Z. 2007. PAML 4: phylogenetic analysis by maximum likelihood. Mol Biol Evol 24:1586-91.',
      'Webb AE, Walsh TA. 2017. VESPA. PeerJ CS 3:e118.',
    ]);
  });
});
