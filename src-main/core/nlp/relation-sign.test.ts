import { describe, expect, it } from 'vitest';
import { claimOf, disagree, negatedKeyword, relationSign } from './relation-sign';

describe('relation sign', () => {
  it('reads the sign of the engine keywords and of a model own words', () => {
    expect(relationSign(['increases'])).toEqual({ sign: 1, negated: false, hedged: false });
    expect(relationSign(['inhibits'])).toMatchObject({ sign: -1 });
    expect(relationSign(['treats'])).toMatchObject({ sign: -1 });
    expect(relationSign(['upregulation', 'expression'])).toMatchObject({ sign: 1 });
    expect(relationSign(['binds'])).toMatchObject({ sign: 0 });
    expect(relationSign(['co-occurs with'])).toMatchObject({ sign: 0 });
    expect(relationSign(['does not increase', 'hedged'])).toEqual({ sign: 1, negated: true, hedged: true });
    expect(relationSign(['not associated with'])).toEqual({ sign: 0, negated: true, hedged: false });
  });

  it('says which claims disagree', () => {
    const up = relationSign(['increases']);
    const down = relationSign(['decreases']);
    const notUp = relationSign([negatedKeyword('increases')]);
    const notDown = relationSign([negatedKeyword('decreases')]);
    expect(disagree(up, down)).toBe(true);
    expect(disagree(up, notUp)).toBe(true);
    expect(disagree(down, notDown)).toBe(true);
    expect(disagree(up, relationSign(['activates']))).toBe(false);
    expect(disagree(notUp, notDown)).toBe(false);
    // "does not decrease" is not "increases": no disagreement with an increase.
    expect(disagree(up, notDown)).toBe(false);
    expect(claimOf(notDown)).toBe('does not decrease');
    expect(negatedKeyword('associated with')).toBe('not associated with');
  });
});
