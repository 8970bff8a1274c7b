import { describe, expect, it } from 'vitest';
import { AriadneError } from '../../contract';
import { backoffDelay, isCancelled, isServiceDown, MODEL_CALL_RETRY, withRetry } from './retry';

const fast = { baseMs: 1, maxMs: 2 };

describe('the retry policy of model calls', () => {
  it('backs off exponentially up to the cap, half fixed and half jittered', () => {
    const o = { baseMs: 100, maxMs: 1000 };
    expect(backoffDelay(1, { ...o, random: () => 0 })).toBe(50);
    expect(backoffDelay(1, { ...o, random: () => 1 })).toBe(100);
    expect(backoffDelay(3, { ...o, random: () => 0 })).toBe(200);
    expect(backoffDelay(10, { ...o, random: () => 1 })).toBe(1000);
  });

  it('retries a retryable failure up to the policy attempts, and nothing else', async () => {
    let calls = 0;
    const flaky = () => {
      calls++;
      return Promise.reject(new AriadneError('upstream', 'busy', { retryable: true }));
    };
    await expect(withRetry(flaky, fast)).rejects.toThrow('busy');
    expect(calls).toBe(MODEL_CALL_RETRY.attempts);

    calls = 0;
    const bad = () => {
      calls++;
      return Promise.reject(new AriadneError('invalid_input', 'no'));
    };
    await expect(withRetry(bad, fast)).rejects.toThrow('no');
    expect(calls).toBe(1);

    calls = 0;
    const thenOk = async (attempt: number) => {
      calls++;
      if (attempt < 2) throw new AriadneError('timeout', 'slow', { retryable: true });
      return attempt;
    };
    await expect(withRetry(thenOk, { ...fast, attempts: 1 })).rejects.toThrow('slow');
    await expect(withRetry(thenOk, fast)).resolves.toBe(2);
  });

  it('tells a service outage and a cancel from a failure of the call itself', () => {
    expect(isServiceDown(new AriadneError('server_unreachable', 'down'))).toBe(true);
    expect(isServiceDown(new AriadneError('schema_invalid', 'bad json'))).toBe(false);
    expect(isServiceDown(new Error('server_unreachable'))).toBe(false);
    expect(isCancelled(new AriadneError('cancelled', 'stop'))).toBe(true);
    expect(isCancelled(new Error('x'), AbortSignal.abort())).toBe(true);
    expect(isCancelled(new Error('x'), new AbortController().signal)).toBe(false);
  });
});
