import type { Clock, Logger } from '../deps';
import type { GraphStore } from './graph-store';
import type { JobStore } from './job-store';

/** A graph backend opened on a library folder: the graph, and the queue records kept beside it. */
export interface OpenedGraph {
  graph: GraphStore;
  /** Closed with `graph`. */
  jobs: JobStore;
}

export interface GraphBackendOptions {
  clock: Clock;
  log: Logger;
  /** Kùzu: WAL size that triggers a checkpoint (see store/kuzu/checkpoint-guard.ts); tests make it tiny. */
  checkpointWalBytes?: number;
}

export type GraphBackendOpener = (dataDir: string, opts: GraphBackendOptions) => Promise<OpenedGraph>;
