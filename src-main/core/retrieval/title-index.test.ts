import { describe, expect, it } from 'vitest';
import { TitleIndex } from './title-index';

const index = new TitleIndex([
  { id: 'eagles', title: 'Philadelphia Eagles' },
  { id: 'young', title: 'Young, New South Wales' },
  { id: 'howell', title: 'Scott Howell (political consultant)' },
  { id: 'charmed', title: 'Charmed' },
  { id: 'the', title: 'The' },
  { id: 'paper', title: 'Oleoylethanolamide restores Akkermansia muciniphila in mice fed a high-fat diet' },
]);

describe('document titles named in a text', () => {
  it('finds a title as written, across punctuation, and without its parenthetical qualifier', () => {
    const text =
      'He played for the Philadelphia Eagles. She was born in Young, New South Wales; Scott Howell advised him.';
    expect(index.mentions(text).map((m) => m.docId)).toEqual(['eagles', 'young', 'howell']);
    expect(index.mentions(text)[0]!.at).toBe(text.indexOf('Philadelphia'));
  });

  it('wants a capital: the common word a short title also is does not count', () => {
    expect(index.mentions('He was charmed by the eagles of Philadelphia.')).toEqual([]);
    expect(index.mentions('He starred in "Charmed".').map((m) => m.docId)).toEqual(['charmed']);
  });

  it('ignores sentence openers, titles too long to be repeated, and excluded documents', () => {
    expect(
      index.mentions('The Oleoylethanolamide restores Akkermansia muciniphila in mice fed a high-fat diet'),
    ).toEqual([]);
    expect(index.mentions('Philadelphia Eagles won.', { exclude: new Set(['eagles']) })).toEqual([]);
  });

  it('prefers the longest title where two overlap', () => {
    const both = new TitleIndex([
      { id: 'nolan', title: 'Christopher Nolan' },
      { id: 'christopher', title: 'Christopher' },
    ]);
    expect(both.mentions('Directed by Christopher Nolan.').map((m) => m.docId)).toEqual(['nolan']);
  });
});
