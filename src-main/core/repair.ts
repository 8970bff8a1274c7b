import fs from 'node:fs';
import path from 'node:path';
import { AriadneError } from '../contract/errors';
import type { Core } from './create-core';
import type { Logger } from './deps';
import { checkLibraryGraph, graphFilesOf } from './library/integrity';
import { listSnapshots, restoreSnapshot, setAside } from './library/snapshots';
import type { VectorRebuild } from './ingest/rebuild-vectors';

/** What `ariadne repair` did, step by step, for the report it prints. */
export interface RepairReport {
  graph: 'ok' | 'restored' | 'rebuilt';
  /** The snapshot the graph came back from, when it did. */
  snapshot: string | null;
  /** Documents read again from their stored originals. */
  reread: { id: string; fileName: string; status: string }[];
  vectors: VectorRebuild & { setAside: boolean };
  /** Folders holding what the repair replaced (never deleted here). */
  setAside: string[];
  /** Model calls the repair made (0 when the kept replies answered every one). */
  modelCalls: number;
}

export interface RepairDeps {
  dataDir: string;
  log: Logger;
  /** Opens the library's core, answering model calls from its kept replies first. */
  boot(): Promise<Core>;
}

/**
 * Brings a damaged library back (docs/ARCHITECTURE.md, "Recoverable libraries"):
 *
 * 1. The graph is read in a child process (integrity.ts). Damaged or behind its record, its files are set
 *    aside (`damaged-<time>/`) and the newest snapshot's graph, vectors and settings come back; without a
 *    snapshot the library starts from an empty graph.
 * 2. Every original the library recorded (originals/index.ndjson) that the graph lacks is read again, by
 *    the ordinary pipeline, with the model's kept replies answering what it was asked before.
 * 3. A vector index that does not open is set aside; what the graph needs and the index lacks (all of it
 *    when the embedding model changed) is embedded again, from the same replies.
 *
 * Entity edits made after the snapshot (renames, merges) are not in the originals: a repair without a
 * recent snapshot loses them, and says which snapshot it used.
 */
export async function repairLibrary(deps: RepairDeps): Promise<RepairReport> {
  const { dataDir, log } = deps;
  let modelCalls = 0;
  // Calls that reached the model: the kept replies answer the others before any call is made.
  const closeCounting = async (c: Core) => {
    modelCalls += c.deps.llm.name === 'builtin' ? 0 : c.deps.llm.metrics.snapshot().calls;
    await c.close();
  };
  const asides: string[] = [];
  let graph: RepairReport['graph'] = 'ok';
  let snapshot: string | null = null;
  const check = await checkLibraryGraph(dataDir);
  if (check && !check.ok) {
    log.log('warn', 'repair: graph damaged', { detail: check.detail });
    asides.push(setAside(dataDir, 'damaged', graphFilesOf(dataDir)));
    const newest = listSnapshots(dataDir)[0];
    if (newest) {
      asides.push(restoreSnapshot(dataDir, newest.id).setAside);
      snapshot = newest.id;
      graph = 'restored';
    } else graph = 'rebuilt';
  }

  let core = await deps.boot();
  let vectorsAside = false;
  let done: Omit<RepairReport, 'modelCalls'>;
  try {
    try {
      await core.stores.vectors.ready();
    } catch (e) {
      log.log('warn', 'repair: the vector index does not open', { error: (e as Error).message });
      await closeCounting(core);
      asides.push(setAside(dataDir, 'damaged-vectors', ['vectors']));
      vectorsAside = true;
      core = await deps.boot();
      await core.stores.vectors.ready();
    }
    const present = new Set((await core.stores.graph.listDocuments()).map((d) => d.id));
    const missing = core.stores.originals.recorded().filter((r) => !present.has(r.id));
    const reread: RepairReport['reread'] = [];
    if (missing.length) {
      const res = await core.ingest.importItems(
        missing.map((r) => ({
          fileName: r.fileName,
          originalPath: r.originalPath,
          read: async () => new Uint8Array(await fs.promises.readFile(core.stores.originals.path(r.id))),
        })),
      );
      if (res.rejected.length)
        log.log('warn', 'repair: originals not read again', { rejected: res.rejected });
      const jobs = await core.ingest.waitFor(res.added.map((a) => a.id));
      for (const j of jobs) reread.push({ id: j.docId, fileName: j.payload.fileName, status: j.status });
    }
    const vectors = await core.ingest.rebuildVectors();
    done = { graph, snapshot, reread, vectors: { ...vectors, setAside: vectorsAside }, setAside: asides };
  } finally {
    await closeCounting(core);
  }
  return { ...done, modelCalls };
}

/** A library folder with nothing to repair from: no graph files, no originals, no snapshots. */
export function nothingToRepair(dataDir: string): AriadneError | null {
  const has = (p: string) => fs.existsSync(path.join(dataDir, p));
  if (has('graph.kuzu') || has('originals') || has('snapshots')) return null;
  return new AriadneError('not_found', `No library at ${dataDir}: nothing to repair.`);
}
