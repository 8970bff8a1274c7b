import type { GraphStore } from '../../../src-main/core/store/graph-store';
import type { ManualClock, OpenStore } from '../opened';

/** What the parts of the graph contract get from the suite that runs them on one backend. */
export interface GraphContract {
  /** One clock for the backend's suite: tests read times relative to `now()`. */
  clock: ManualClock;
  /** An empty store, closed after the test. */
  fresh(): Promise<GraphStore>;
  /** A store holding both papers of the corpus (graph-corpus.ts). */
  both(): Promise<GraphStore>;
  /** Closes the test's store and opens it again on the same data. */
  reopen(): Promise<GraphStore>;
  /** Opens another empty store; the test closes it. */
  open: OpenStore<GraphStore>;
}

export const sorted = (xs: string[]) => [...xs].sort();
