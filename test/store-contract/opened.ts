import type { Clock } from '../../src-main/core/deps';

/** A clock the suite moves by hand, so stamps and orderings are exact. */
export interface ManualClock extends Clock {
  advance(ms: number): void;
}

export function manualClock(start = 1_700_000_000_000): ManualClock {
  let now = start;
  return {
    now: () => now,
    setTimeout: () => ({ cancel: () => undefined }),
    advance: (ms) => void (now += ms),
  };
}

/**
 * A store the suite opened. `reopen` closes it and opens it again on the same data (what a restart sees);
 * `close` closes whatever is open now. Suites call `close` themselves.
 */
export interface Opened<T> {
  store: T;
  reopen(): Promise<T>;
  close(): Promise<void>;
}

/** Opens an empty store of one backend, stamping times from `clock`. */
export type OpenStore<T> = (clock: Clock) => Promise<Opened<T>>;
