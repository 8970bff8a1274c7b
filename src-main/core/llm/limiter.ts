import { createAbortWatch } from '../abort-listener';
import { cancelled } from './retry';

export interface Limiter {
  /** A slot; waiters are served by priority (lower first), then in arrival order. */
  acquire(signal?: AbortSignal, priority?: number): Promise<() => void>;
  /** Replaces the limit, e.g. with the library's setting once the library is open. */
  setLimit(limit: number | (() => number)): void;
  readonly active: number;
  readonly waiting: number;
}

interface Waiter {
  priority: number;
  resolve: (release: () => void) => void;
  reject: (e: unknown) => void;
  signal?: AbortSignal;
  /** Removes the abort listener: a job's signal outlives many waits. */
  off: () => void;
}

/**
 * Caps calls in flight. Ollama queues what exceeds OLLAMA_NUM_PARALLEL and answers 503 when its queue is
 * full; waiting here instead keeps timeouts meaningful (they start when the call is actually sent), and
 * lets the caller decide who goes next: the forward-summary chain before work nothing waits for.
 */
export function createLimiter(limit: number | (() => number)): Limiter {
  // A function limit is read on every acquire and release, so a changed setting applies without a restart.
  let max = typeof limit === 'number' ? () => limit : limit;
  let active = 0;
  const onAbort = createAbortWatch();
  const queue: Waiter[] = [];
  const pump = () => {
    while (queue.length && active < max()) {
      const next = queue.shift();
      if (!next) break;
      next.off();
      if (next.signal?.aborted) continue;
      active++;
      next.resolve(once(release));
    }
  };
  const release = () => {
    active--;
    pump();
  };
  return {
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
    setLimit(l) {
      max = typeof l === 'number' ? () => l : l;
      pump();
    },
    acquire(signal, priority = 0) {
      if (signal?.aborted) return Promise.reject(cancelled());
      if (active < max() && !queue.some((w) => w.priority <= priority)) {
        active++;
        return Promise.resolve(once(release));
      }
      return new Promise((resolve, reject) => {
        const entry: Waiter = { priority, resolve, reject, signal, off: () => undefined };
        // After every waiter of the same or a more urgent priority: FIFO within a priority.
        let at = queue.length;
        while (at > 0 && (queue[at - 1]?.priority ?? priority) > priority) at--;
        queue.splice(at, 0, entry);
        entry.off = onAbort(signal, () => {
          const i = queue.indexOf(entry);
          if (i >= 0) queue.splice(i, 1);
          reject(cancelled());
        });
      });
    },
  };
}

function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (!done) {
      done = true;
      fn();
    }
  };
}
