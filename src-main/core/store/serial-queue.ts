/**
 * Runs async tasks one at a time, in submission order. Both stores funnel their writes through one of these:
 * Kùzu allows a single write transaction at a time and LanceDB commits conflict when two writers race on a
 * table, so serialising here turns "maybe a conflict error" into "wait your turn".
 */
export interface SerialQueue {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Resolves when everything submitted so far has settled. */
  idle(): Promise<void>;
}

export function createSerialQueue(): SerialQueue {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      const next = tail.then(task, task);
      // The chain must never reject, or every later task would inherit the failure.
      tail = next.catch(() => undefined);
      return next;
    },
    async idle() {
      await tail;
    },
  };
}
