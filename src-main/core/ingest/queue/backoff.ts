export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
  random?: () => number;
}

/**
 * Exponential backoff with "equal jitter": half the delay is fixed, half random, so retries of many chunks
 * that failed together (Ollama restarting) spread out instead of arriving in one burst.
 */
export function backoffDelay(attempt: number, o: BackoffOptions): number {
  const exp = Math.min(o.maxMs, o.baseMs * 2 ** Math.max(0, attempt - 1));
  const r = (o.random ?? Math.random)();
  return Math.round(exp / 2 + (exp / 2) * r);
}
