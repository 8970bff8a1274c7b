/**
 * Runs `fn` once when `signal` aborts and returns a function that removes the listener. Every wait on a
 * long-lived signal (a job's, a session's) must call it when the wait ends: a listener left behind per LLM
 * call piled up to Node's MaxListenersExceededWarning ("11 abort listeners") in a four-file folder ingest.
 */
export function onAbort(signal: AbortSignal | undefined, fn: () => void): () => void {
  if (!signal) return () => undefined;
  signal.addEventListener('abort', fn, { once: true });
  return () => signal.removeEventListener('abort', fn);
}
