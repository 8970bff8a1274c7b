import fs from 'node:fs';
import path from 'node:path';
import { AriadneError } from '../../contract/errors';
import type { Logger } from '../deps';
import { openKuzuGraph } from './kuzu/open-kuzu-graph';
import type { GraphBackendOpener, GraphBackendOptions, OpenedGraph } from './backend-types';
import type { EmbeddingRecord, VectorIndex } from './vector-index';

export type { GraphBackendOpener, GraphBackendOptions, OpenedGraph } from './backend-types';

/** A backend's own check of a library's files, run without opening them in the caller's process. */
export interface GraphFilesCheck {
  ok: boolean;
  detail: string;
  changed: string | null;
  setAside: string[];
}

export interface GraphBackend {
  open: GraphBackendOpener;
  /** Reads the whole graph where a damaged file cannot crash the caller (doctor, repair). */
  check?(dataDir: string): Promise<GraphFilesCheck>;
  /** The files that hold the graph, relative to the library folder (what a repair sets aside). */
  files?: string[];
  /** Whether a library folder holds this backend's graph (for libraries made before the choice was recorded). */
  foundIn?(dataDir: string): boolean;
}

const KUZU_FILE = 'graph.kuzu';

/**
 * Backend name → opener: the one place that names an implementation. Everything else imports the
 * interfaces (graph-store.ts, job-store.ts, types.ts).
 */
export const graphBackends: Record<string, GraphBackend> = {
  // One Kùzu database holds both, so a job and the evidence it wrote commit together.
  kuzu: {
    open: (dataDir, opts) => openKuzuGraph(path.join(dataDir, KUZU_FILE), opts),
    foundIn: (dataDir) => fs.existsSync(path.join(dataDir, KUZU_FILE)),
    check: (dataDir) =>
      import('./kuzu/graph-check').then((m) => m.checkKuzuGraph(path.join(dataDir, KUZU_FILE))),
    files: [KUZU_FILE, `${KUZU_FILE}.wal`, `${KUZU_FILE}.state.json`, `${KUZU_FILE}.checkpoint-backup`],
  },
  memory: {
    open: (dataDir, opts) => import('./memory/graph-backend').then((m) => m.openMemoryGraph(dataDir, opts)),
  },
};

export const DEFAULT_GRAPH_BACKEND = 'kuzu';

/**
 * The graph backend of a library folder: the one its settings record, else the one whose data the folder
 * holds, else the one `requested` (from the core's dependencies), else Kùzu. Asking for another backend
 * than the one holding a library is refused: its graph would open empty, and reconciling the vectors with
 * an empty graph deletes them.
 */
export function graphBackendOf(dataDir: string, recorded: unknown, requested?: string): string {
  const known = (name: string) => {
    if (!graphBackends[name])
      throw new AriadneError(
        'invalid_input',
        `Unknown graph backend "${name}" (known: ${Object.keys(graphBackends).join(', ')}).`,
      );
    return name;
  };
  const held =
    typeof recorded === 'string'
      ? known(recorded)
      : Object.keys(graphBackends).find((name) => graphBackends[name]?.foundIn?.(dataDir));
  if (requested !== undefined && held !== undefined && known(requested) !== held)
    throw new AriadneError(
      'invalid_input',
      `This library's graph is kept by the "${held}" backend; it cannot be opened with "${requested}".`,
    );
  return held ?? known(requested ?? DEFAULT_GRAPH_BACKEND);
}

export function openGraphBackend(
  name: string,
  dataDir: string,
  opts: GraphBackendOptions,
): Promise<OpenedGraph> {
  const backend = graphBackends[name];
  if (!backend) throw new AriadneError('invalid_input', `Unknown graph backend "${name}".`);
  return backend.open(dataDir, opts);
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
