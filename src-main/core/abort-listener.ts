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

/**
 * For many waits on one signal at once (a job's chunks queueing for an LLM slot: 11 and more in a four-file
 * ingest): one listener per signal, however many waits, removed with the last of them.
 */
export function createAbortWatch(): (signal: AbortSignal | undefined, fn: () => void) => () => void {
  const watched = new Map<AbortSignal, { fns: Set<() => void>; off: () => void }>();
  return (signal, fn) => {
    if (!signal) return () => undefined;
    let w = watched.get(signal);
    if (!w) {
      const fns = new Set<() => void>();
      const off = onAbort(signal, () => {
        watched.delete(signal);
        for (const f of fns) f();
      });
      w = { fns, off };
      watched.set(signal, w);
    }
    const entry = w;
    entry.fns.add(fn);
    return () => {
      entry.fns.delete(fn);
      if (entry.fns.size || watched.get(signal) !== entry) return;
      entry.off();
      watched.delete(signal);
    };
  };
}
