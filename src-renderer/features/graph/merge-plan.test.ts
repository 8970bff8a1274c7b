import { describe, expect, it } from 'vitest';
import type { DuplicatePair } from '../../../src-main/contract/duplicates';
import { mergePlan } from './merge-plan';

const e = (id: string, evidenceCount: number) => ({
  id,
  name: id,
  type: 'disease',
  description: '',
  aliases: [],
  evidenceCount,
  communityId: null,
});
const pair = (a: string, na: number, b: string, nb: number, keep: 'a' | 'b'): DuplicatePair => ({
  a: e(a, na),
  b: e(b, nb),
  keep,
  score: 0.9,
  reasons: [],
});

describe('mergePlan', () => {
  it('merges a chain of pairs into one survivor, the kept entity with the most evidence', () => {
    const plan = mergePlan([pair('seizure', 5, 'seizures', 2, 'a'), pair('seizures', 2, 'Seizures', 1, 'a')]);
    expect(plan).toEqual([
      { survivorId: 'seizure', mergedIds: ['seizures', 'Seizures'], names: expect.any(Array) },
    ]);
  });
  it('keeps separate pairs separate', () => {
    const plan = mergePlan([pair('rat', 3, 'rats', 1, 'a'), pair('mouse', 1, 'mice', 4, 'b')]);
    expect(plan.map((p) => [p.survivorId, p.mergedIds])).toEqual([
      ['rat', ['rats']],
      ['mice', ['mouse']],
    ]);
  });
});
