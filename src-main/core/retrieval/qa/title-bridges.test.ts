import { describe, expect, it } from 'vitest';
import type { ChunkInfo } from '../graph-reads';
import { TitleIndex } from '../title-index';
import { followTitles } from './title-bridges';
import type { QaContext } from './types';

const DOCS = {
  a: ['Dick Humbert', 'Dick Humbert played for the Philadelphia Eagles.'],
  b: ['Philadelphia Eagles', 'The Eagles play their home games at Lincoln Financial Field.'],
  c: ['Lincoln Financial Field', 'The stadium opened in 2003.'],
  d: ['Dallas Texans', 'The Dallas Texans played one season.'],
} as const;

const chunkOf = (docId: keyof typeof DOCS): ChunkInfo => ({
  id: `${docId}:0`,
  docId,
  index: 0,
  text: DOCS[docId][1],
  pageStart: 1,
  pageEnd: 1,
  pageOffsets: [0],
  title: DOCS[docId][0],
  year: null,
});

const ctx = {
  lib: {},
  data: {
    titles: async () => new TitleIndex(Object.entries(DOCS).map(([id, [title]]) => ({ id, title }))),
    chunks: async (_lib: unknown, ids: string[]) =>
      new Map(ids.map((id) => [id, chunkOf(id.split(':')[0] as keyof typeof DOCS)])),
  },
} as unknown as QaContext;

describe('following titles from passage to passage', () => {
  it('follows the middle of a three-hop chain at the score its bridge gave it, not at its walk score', async () => {
    // The walk put the middle article (b) among the top three at a low score before the first hop
    // lifted it; the third article (c) is reached from b's lifted score and stays above the distractor.
    const ranked = [
      { id: 'a:0', score: 1, via: 'walk' },
      { id: 'd:0', score: 0.2, via: 'walk' },
      { id: 'b:0', score: 0.15, via: 'walk' },
    ];
    const known = new Map(['a', 'b', 'd'].map((d) => [`${d}:0`, chunkOf(d as keyof typeof DOCS)]));
    const { ranked: out } = await followTitles(ctx, 'When was his team’s ground built?', ranked, known);
    expect(out.map((r) => r.id)).toEqual(['a:0', 'b:0', 'c:0', 'd:0']);
    expect(out[2]!.via).toBe('title named in "Philadelphia Eagles": Lincoln Financial Field');
    expect(out[2]!.score).toBeGreaterThan(0.8);
  });

  it('a title named in the question brings its article in just below the best passage', async () => {
    const ranked = [
      { id: 'c:0', score: 1, via: 'walk' },
      { id: 'a:0', score: 0.6, via: 'walk' },
    ];
    const { ranked: out } = await followTitles(ctx, 'Where did the Dallas Texans play?', ranked, new Map());
    expect(out.map((r) => r.id).slice(0, 3)).toEqual(['c:0', 'd:0', 'a:0']);
    expect(out[1]!.via).toBe('title named in the question: Dallas Texans');
  });
});
