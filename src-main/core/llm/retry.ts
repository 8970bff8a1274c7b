import { AriadneError, isAriadneError } from '../../contract';
import type { Clock } from '../deps';
import { systemClock } from '../deps';
import { createAbortWatch } from '../abort-listener';

/**
 * The retry policy of model calls, in one place: how many attempts, how long between them, and which
 * failures are worth another attempt at all.
 *
 * Where it applies. A failed model call is retried at exactly one level:
 * - Ingestion retries at the **step** (ingest/pipeline/run-step.ts): every attempt is persisted with the job, so a
 *   restart neither repeats nor forgets them, and each retry varies the sampling seed (at temperature 0 a
 *   schema failure repeats itself otherwise). The task layer below it therefore makes a single attempt
 *   (`INGEST_TASK_ATTEMPTS`): retrying there too multiplied the calls (3 × 4 per passage).
 * - Questions, community reports and other calls outside ingestion have no persisted step: they retry in
 *   the task layer (`withRetry`, `MODEL_CALL_RETRY`).
 * - A failure that says nothing about the passage (`SERVICE_DOWN_CODES`: Ollama unreachable, a model
 *   missing, a full disk) is not retried per call at all: the step gives it to the **job**, which waits
 *   with a longer backoff (`INGEST_RETRY.jobBackoffFactor`) and starts again, instead of burning every
 *   passage's retries in the seconds Ollama takes to restart.
 */
export interface RetryPolicy {
  /** Total attempts including the first. */
  attempts: number;
  baseMs: number;
  maxMs: number;
}

/** Calls with no persisted step (QA, community reports, probes). */
export const MODEL_CALL_RETRY: RetryPolicy = { attempts: 3, baseMs: 500, maxMs: 8000 };

/** Ingestion's task layer: one attempt, the step retries (see above). */
export const INGEST_TASK_ATTEMPTS = 1;

/** Ingestion's step and job retries (the ingest options and tests may override each). */
export const INGEST_RETRY = {
  /** Retries of one step after its first attempt; then the passage is failed. */
  stepRetries: 3,
  /** Whole-job restarts for service-down failures before the job is dead-lettered. */
  jobRetries: 3,
  baseMs: 1000,
  maxMs: 60_000,
  /** A job waits this many times longer than a step: it waits for a service, not for a better reply. */
  jobBackoffFactor: 4,
} as const;

/** Failures that say nothing about the call's input: the job waits for the service (see above). */
const SERVICE_DOWN_CODES = new Set([
  'server_unreachable',
  'server_refused',
  'model_missing',
  'disk_full',
  'dimension_mismatch',
]);

export function isServiceDown(e: unknown): e is AriadneError {
  return isAriadneError(e) && SERVICE_DOWN_CODES.has(e.code);
}

export function isCancelled(e: unknown, signal?: AbortSignal): boolean {
  return Boolean(signal?.aborted) || (isAriadneError(e) && e.code === 'cancelled');
}

export interface Backoff {
  baseMs: number;
  maxMs: number;
  /** Injected so backoff jitter is reproducible in tests. */
  random?: () => number;
}

/**
 * Exponential backoff with "equal jitter": half the delay is fixed, half random, so retries of many calls
 * that failed together (Ollama restarting) spread out instead of arriving in one burst.
 */
export function backoffDelay(attempt: number, o: Backoff): number {
  const exp = Math.min(o.maxMs, o.baseMs * 2 ** Math.max(0, attempt - 1));
  const r = (o.random ?? Math.random)();
  return Math.round(exp / 2 + (exp / 2) * r);
}

export interface RetryOptions extends Partial<RetryPolicy> {
  clock?: Clock;
  signal?: AbortSignal;
  random?: () => number;
  onRetry?: (e: AriadneError, attempt: number, delayMs: number) => void;
}

/**
 * Retries retryable AriadneErrors with the policy's backoff (`MODEL_CALL_RETRY` unless given);
 * everything else propagates.
 */
export async function withRetry<T>(fn: (attempt: number) => Promise<T>, opts: RetryOptions): Promise<T> {
  const clock = opts.clock ?? systemClock;
  const attempts = opts.attempts ?? MODEL_CALL_RETRY.attempts;
  const backoff = {
    baseMs: opts.baseMs ?? MODEL_CALL_RETRY.baseMs,
    maxMs: opts.maxMs ?? MODEL_CALL_RETRY.maxMs,
    random: opts.random,
  };
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (e) {
      if (!(e instanceof AriadneError) || !e.retryable || attempt >= attempts || opts.signal?.aborted)
        throw e;
      const delay = backoffDelay(attempt, backoff);
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
