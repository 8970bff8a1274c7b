import { AriadneError } from '../../contract';
import type { Clock } from '../deps';
import { systemClock } from '../deps';
import { createAbortWatch } from '../abort-listener';

export interface RetryOptions {
  /** Total attempts including the first. */
  attempts: number;
  baseMs: number;
  maxMs: number;
  clock?: Clock;
  signal?: AbortSignal;
  /** Injected so backoff jitter is reproducible in tests. */
  random?: () => number;
  onRetry?: (e: AriadneError, attempt: number, delayMs: number) => void;
}

/** Retries retryable AriadneErrors with exponential backoff and full jitter; everything else propagates. */
export async function withRetry<T>(fn: (attempt: number) => Promise<T>, opts: RetryOptions): Promise<T> {
  const clock = opts.clock ?? systemClock;
  const random = opts.random ?? Math.random;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (e) {
      if (!(e instanceof AriadneError) || !e.retryable || attempt >= opts.attempts || opts.signal?.aborted)
        throw e;
      const cap = Math.min(opts.maxMs, opts.baseMs * 2 ** (attempt - 1));
      const delay = Math.round(cap / 2 + (random() * cap) / 2);
      opts.onRetry?.(e, attempt, delay);
      await sleep(delay, clock, opts.signal);
    }
  }
}

/** Backoff sleeps of one job's chunks share its signal: one listener for all of them. */
const onAbort = createAbortWatch();

export function sleep(ms: number, clock: Clock = systemClock, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(cancelled());
    const t = clock.setTimeout(() => {
      off();
      resolve();
    }, ms);
    const off = onAbort(signal, () => {
      t.cancel();
      reject(cancelled());
    });
  });
}

export function cancelled() {
  return new AriadneError('cancelled', 'The LLM call was cancelled.');
}
