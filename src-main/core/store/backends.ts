import path from 'node:path';
import { AriadneError } from '../../contract/errors';
import type { Clock, Logger } from '../deps';
import type { GraphStore } from './graph-store';
import type { JobStore } from './job-store';
import { openKuzuGraph } from './kuzu/open-kuzu-graph';
import type { EmbeddingRecord, VectorIndex } from './vector-index';

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

/**
 * Backend name → opener: the one place that names an implementation. Everything else imports the
 * interfaces (graph-store.ts, job-store.ts, types.ts).
 */
export const graphBackends: Record<string, GraphBackendOpener> = {
  // One Kùzu database holds both, so a job and the evidence it wrote commit together.
  kuzu: (dataDir, opts) => openKuzuGraph(path.join(dataDir, 'graph.kuzu'), opts),
  memory: (dataDir, opts) => import('./memory/graph-store').then((m) => m.openMemoryGraph(dataDir, opts)),
};

export const DEFAULT_GRAPH_BACKEND = 'kuzu';

export function openGraphBackend(
  name: string,
  dataDir: string,
  opts: GraphBackendOptions,
): Promise<OpenedGraph> {
  const open = graphBackends[name];
  if (!open) throw new AriadneError('invalid_input', `Unknown graph backend "${name}".`);
  return open(dataDir, opts);
}

/**
 * The vector index of a library folder: LanceDB (`<dataDir>/vectors`). Imported when a library first
 * opens its vectors: LanceDB's native module and Apache Arrow take a few hundred ms of CPU to load, which a
 * command that reads only the graph (`ariadne status`) never needs.
 */
export const openVectorBackend = (
  dir: string,
  deps: { record: EmbeddingRecord; log: Logger },
): Promise<VectorIndex> => import('./lancedb/vector-store').then((m) => m.openVectorStore(dir, deps));
