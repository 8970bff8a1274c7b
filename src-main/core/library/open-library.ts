import fs from 'node:fs';
import path from 'node:path';
import type { Clock, Logger } from '../deps';
import { graphBackendOf, openGraphBackend, openVectorBackend, type OpenedGraph } from '../store/backends';
import type { GraphStore } from '../store/graph-store';
import type { JobStore } from '../store/job-store';
import { deferVectorIndex, type DeferredVectorIndex } from '../store/deferred-vector-index';
import type { VectorIndex } from '../store/vector-index';
import type { DeleteResult } from '../store/types';
import { AriadneError } from '../../contract/errors';
import { openGeometryFiles, type GeometryFiles } from './geometry-files';
import { openDocumentFacts, type DocumentFactsFiles } from './document-facts';
import { acquireLock } from './lock';
import { openOriginals, type Originals } from './originals';
import { reconcile, type ReconcileReport } from './reconcile';
import { openSettings, type SettingsStore } from './settings';
import { openReferences, type ReferenceStore } from './references';
import { openParseNotes, type ParseNotes } from './parse-notes';
import { applyPendingRestore } from './snapshots';

export interface Library {
  readonly dataDir: string;
  /** The graph backend holding this library (store/backends.ts), as its settings record it. */
  readonly graphBackend: string;
  readonly graph: GraphStore;
  /** The ingestion queue's persisted records (kept by the graph backend). */
  readonly jobs: JobStore;
  /**
   * The vector index, opened (and reconciled with the graph) on first use: reading the queue or the
   * documents never opens it; `vectors.ready()` opens it ahead of need (serve does, once it is up).
   */
  readonly vectors: DeferredVectorIndex;
  readonly settings: SettingsStore;
  readonly originals: Originals;
  /** Reference-manager metadata (Zotero) per document; it wins over metadata parsed from the file. */
  readonly references: ReferenceStore;
  /** How each document was read: its language, OCR, a refusal at import (`parse-notes.json`). */
  readonly parseNotes: ParseNotes;
  /** Where each line of a parsed PDF was printed, for highlighting passages in the viewer. */
  readonly geometry: GeometryFiles;
  /** What is true of each whole document (authors, page map, sections, abbreviations, non-prose spans). */
  readonly facts: DocumentFactsFiles;
  /** What reconciliation found when the vector index was opened; opens it if nothing has yet. */
  reconciled(): Promise<ReconcileReport>;
  /** Deletes a document from the graph (source of truth) and then its vectors and orphaned entities' vectors. */
  deleteDocument(id: string): Promise<DeleteResult>;
  /** Idempotent; waits for queued writes, closes LanceDB (if it was opened), then Kùzu (all results already closed), then unlocks. */
  close(): Promise<void>;
}

export interface OpenLibraryOptions {
  dataDir: string;
  clock: Clock;
  log: Logger;
  /** WAL size that triggers a graph checkpoint (see store/kuzu/checkpoint-guard.ts); tests make it tiny. */
  checkpointWalBytes?: number;
  /**
   * Graph backend by registered name (store/backends.ts) for a new library; Kùzu by default. A library
   * records its backend in its settings and keeps it; asking for another is refused.
   */
  graphBackend?: string;
}

/**
 * Layout of a library folder:
 *   library.lock    owner process id
 *   settings.json   atomically written settings, including the embedding model and dimension
 *   graph.kuzu(.wal) the Kùzu database (source of truth)
 *   vectors/        LanceDB tables (derived)
 *   originals/      content-addressed copies of imported files
 *   references.json Zotero metadata of imported items, by document
 *   parse-notes.json how each document was read: language, OCR pages and confidence
 *   geometry/       per parsed PDF, where each line of its text was printed (viewer highlights)
 *   facts/          per parsed document, its facts (library/document-facts.ts), read by ingestion's steps
 */
/**
 * A vector index that does not open or reconcile (damaged Lance files, a table the graph cannot be matched
 * with): one message that says what to do, instead of LanceDB's own words in a 500. A dimension mismatch
 * and errors the store already explained keep their code.
 */
function vectorsDamaged(e: unknown): AriadneError {
  if (e instanceof AriadneError && e.code !== 'internal') return e;
  const first = (e instanceof Error ? e.message : String(e)).split('\n')[0]?.slice(0, 200) ?? '';
  return new AriadneError(
    'library_damaged',
    `The vector index (vectors/) does not open (${first}). Repair the library: the index is set aside and ` +
      'rebuilt from the graph.',
    { cause: e },
  );
}

export async function openLibrary(opts: OpenLibraryOptions): Promise<Library> {
  const dataDir = path.resolve(opts.dataDir);
  const log = opts.log.child({ library: dataDir });
  fs.mkdirSync(dataDir, { recursive: true });
  // A snapshot chosen in Settings ("Restore…") is put back before anything opens.
  const restored = applyPendingRestore(dataDir);
  if (restored)
    log.log('warn', 'library restored from a snapshot', {
      snapshot: restored.snapshot.id,
      replacedFilesIn: restored.setAside,
    });
  const lock = acquireLock(dataDir);
  let opened: OpenedGraph | undefined;
  let vectors: DeferredVectorIndex | undefined;
  try {
    const settings = openSettings(dataDir);
    const originals = openOriginals(path.join(dataDir, 'originals'));
    const references = openReferences(dataDir);
    const parseNotes = openParseNotes(dataDir);
    const geometry = openGeometryFiles(path.join(dataDir, 'geometry'));
    const facts = openDocumentFacts(path.join(dataDir, 'facts'));
    const graphBackend = graphBackendOf(dataDir, settings.get().graphBackend, opts.graphBackend);
    if (settings.get().graphBackend !== graphBackend) await settings.update({ graphBackend });
    opened = await openGraphBackend(graphBackend, dataDir, {
      clock: opts.clock,
      log,
      checkpointWalBytes: opts.checkpointWalBytes,
    });
    const g = opened.graph;
    let report: ReconcileReport | undefined;
    // Kùzu is the source of truth and vectors are derived: the index is reconciled with the graph as it
    // opens, before any call reaches it (the deferred index holds every call until its opener returns), so
    // a write that lands meanwhile cannot be mistaken for an orphan.
    const v = deferVectorIndex(
      async () => {
        let index: VectorIndex | undefined;
        try {
          index = await openVectorBackend(path.join(dataDir, 'vectors'), {
            log,
            record: {
              get: () => settings.get().embedding,
              set: async (embedding) => void (await settings.update({ embedding })),
            },
          });
          report = await reconcile({ graph: g, vectors: index });
        } catch (e) {
          await index?.close().catch(() => undefined);
          throw vectorsDamaged(e);
        }
        if (report.inconsistencies) {
          log.log('warn', 'reconciled on open', {
            deleted: Object.values(report.deleted).reduce((s, x) => s + x.length, 0),
            missing: Object.values(report.missing).reduce((s, x) => s + x.length, 0),
          });
        }
        return index;
      },
      () => settings.get().embedding,
    );
    vectors = v;
    let closing: Promise<void> | undefined;
    return {
      dataDir,
      graphBackend,
      graph: g,
      jobs: opened.jobs,
      vectors: v,
      settings,
      originals,
      references,
      parseNotes,
      geometry,
      facts,
      async reconciled() {
        await v.ready();
        if (!report) throw new AriadneError('internal', 'The vector index opened without reconciling.');
        return report;
      },
      async deleteDocument(id) {
        const res = await g.deleteDocument(id);
        // A crash between here and the end leaves vector orphans, which reconciliation deletes.
        await v.deleteByDocument(id);
        await v.deleteIds('entities', res.removedEntityIds);
        await geometry.remove(id);
        await facts.remove(id);
        await parseNotes.remove(id);
        return res;
      },
      close() {
        closing ??= (async () => {
          try {
            await v.close();
            await g.close();
          } finally {
            lock.release();
          }
        })();
        return closing;
      },
    };
  } catch (e) {
    await vectors?.close().catch(() => undefined);
    await opened?.graph.close().catch(() => undefined);
    lock.release();
    throw e;
  }
}
