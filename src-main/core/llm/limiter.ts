import { cancelled } from './retry';

export interface Limiter {
  acquire(signal?: AbortSignal): Promise<() => void>;
  readonly active: number;
  readonly waiting: number;
}

/**
 * Caps calls in flight. Ollama queues what exceeds OLLAMA_NUM_PARALLEL and answers 503 when its queue is
 * full; waiting here instead keeps timeouts meaningful (they start when the call is actually sent).
 */
export function createLimiter(limit: number | (() => number)): Limiter {
  // A function limit is read on every acquire and release, so a changed setting applies without a restart.
  const max = typeof limit === 'number' ? () => limit : limit;
  let active = 0;
  const queue: {
    resolve: (release: () => void) => void;
    reject: (e: unknown) => void;
    signal?: AbortSignal;
  }[] = [];
  const release = () => {
    active--;
    while (queue.length && active < max()) {
      const next = queue.shift()!;
      if (next.signal?.aborted) continue;
      active++;
      next.resolve(once(release));
    }
  };
  return {
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
    acquire(signal) {
      if (signal?.aborted) return Promise.reject(cancelled());
      if (active < max()) {
        active++;
        return Promise.resolve(once(release));
      }
      return new Promise((resolve, reject) => {
        const entry = { resolve, reject, signal };
        queue.push(entry);
        signal?.addEventListener(
          'abort',
          () => {
            const i = queue.indexOf(entry);
            if (i >= 0) queue.splice(i, 1);
            reject(cancelled());
          },
          { once: true },
        );
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
