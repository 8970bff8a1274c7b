import { describe, expect, it } from 'vitest';
import { chunked, sqlIn, sqlString } from './sql';

describe('sql literals', () => {
  it('doubles quotes so values cannot escape the literal', () => {
    expect(sqlString("o'brien")).toBe("'o''brien'");
    expect(sqlIn('id', ['a', "x') OR (1=1"])).toBe("id IN ('a', 'x'') OR (1=1')");
  });
  it('chunks lists', () => {
    expect(chunked([1, 2, 3], 2)).toEqual([[1, 2], [3]]);
  });
});
