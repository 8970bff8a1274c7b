import { expect } from 'vitest';
import { AriadneError } from '../../src-main/contract';

/** The AriadneError a promise fails with; the test fails when it succeeds or fails with anything else. */
export async function ariadneFailure(p: Promise<unknown>): Promise<AriadneError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(AriadneError);
    return e as AriadneError;
  }
  throw new Error('expected a failure');
}
