import type { TextGeometry } from './parse/types';
import type {
  DocumentDetail,
  DocumentSummary,
  QueueStatus,
  ZoteroImportResult,
} from '../../contract/library';
import type { ImportItem } from './expand-paths';
import type { ImportEstimate } from '../../contract/library';
import type { EstimateItem } from './estimate/precount';
import type { VectorRebuild } from './rebuild-vectors';
import type { IndexedEntity } from './resolve/entity-index';
import type { Job } from './queue/types';
import type { ParseRequest } from './parse-requests';

export interface ImportOutcome {
  added: { id: string; fileName: string; duplicate: boolean; updated?: boolean }[];
  rejected: { fileName: string; reason: string }[];
  /** Recorded as failed documents at once (not a PDF, cut short, locked). */
  failed?: { id: string; fileName: string; reason: string }[];
}

/** A document's original file, as the library keeps it. */
export interface OriginalFile {
  fileName: string;
  kind: 'pdf' | 'txt' | 'md';
  bytes: Uint8Array;
}

/**
 * What ingestion offers the rest of the application: operations on documents and on the queue. The
 * queue, scheduler, worker pool and step runner behind them are not part of it, so handlers, the CLI and
 * tests cannot come to depend on how a job is run (the queue may be persisted elsewhere, the pool sized
 * differently) — only on what the service promises.
 */
export interface IngestService {
  /** Adds files: duplicates are recognised by content, a changed file at a known path replaces its document. */
  importItems(items: ImportItem[]): Promise<ImportOutcome>;
  /** Snapshots kept (Settings): each import batch is preceded by one when the library changed. */
  snapshotsKept(): number;
  /**
   * Embeds what the graph holds and the vector index lacks (all of it when the embedding model changed):
   * after the index was lost or damaged, or a crash between a graph write and its vectors.
   */
  rebuildVectors(): Promise<VectorRebuild>;
  /**
   * What importing these files would cost: model calls, tokens and time from the model's measured speed (one
   * real call on the first passage when the model was never timed), and whether the batch should be confirmed.
   */
  estimate(items: EstimateItem[], opts?: { probe?: boolean }): Promise<Omit<ImportEstimate, 'rejected'>>;
  /** A Zotero data folder or export: its attachments are imported and its records kept with them. */
  importZotero(source: string): Promise<ZoteroImportResult>;
  /** Every document with its job's progress. */
  list(): Promise<DocumentSummary[]>;
  detail(documentId: string): Promise<DocumentDetail>;
  /** Throws `not_found` for an unknown document or a missing original. */
  originalFile(documentId: string): Promise<OriginalFile>;
  /** Where each line of a parsed PDF's text was printed (null for text files and older libraries). */
  documentGeometry(documentId: string): Promise<TextGeometry | null>;
  /** Stops the document's job, removes its contribution to the graph and forgets its reference record. */
  remove(documentId: string): Promise<void>;
  /** Reads the document again from its original, keeping its reference record. */
  reingest(documentId: string): Promise<void>;
  /**
   * Reads the document again with a password or with OCR of every page. The password is held in memory for
   * that one reading (ingest/parse-requests.ts) and written nowhere.
   */
  reread(documentId: string, request: ParseRequest): Promise<void>;
  /** Requeues the failed passages of each finished document; a document without failures is left alone. */
  retry(documentIds: string[]): Promise<void>;
  /** Cancels a queued or running job. */
  cancel(documentId: string): Promise<void>;
  /** Brings entity resolution in line with entities edited outside ingestion (rename, merge, delete). */
  syncEntities(entityIds: string[]): Promise<void>;

  /** Stops starting model calls; calls in flight finish. */
  pause(): void;
  resume(): void;
  readonly paused: boolean;
  /** Queue counts, pause state and model-call counters. */
  status(): QueueStatus;
  /** True while any job is queued or running. */
  busy(): boolean;
  /** Notified on every progress change of any job; returns the unsubscribe. */
  onProgress(fn: (job: Job) => void): () => void;
  /** Resolves when every listed document's job has reached a final status. */
  waitFor(documentIds: string[], signal?: AbortSignal): Promise<Job[]>;

  /** Model calls allowed in flight: the caller's option, else the Settings value, read when used. */
  llmConcurrency(): number;
  /** The chunk size and entity types a document read now would use (options, else Settings). */
  readingOptions(): { blockTokens: number; entityTypes: readonly string[] | undefined };
  /** What entity resolution holds for an entity (loads the resolution index on first use). */
  resolutionEntry(entityId: string): Promise<IndexedEntity | undefined>;

  /** Stops the scheduler (running jobs stay `running` and resume on the next open), the workers, the journal. */
  close(): Promise<void>;
}
