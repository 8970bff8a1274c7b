import type { Clock, Logger } from '../../deps';
import type { Library } from '../../library';
import type { Parser } from '../parse/parse-in-worker';
import type { JobQueue } from '../queue/job-queue';
import type { Job } from '../queue/types';
import type { LazyEntityIndex } from '../runtime/lazy-index';
import type { ModelCalls } from '../runtime/model-calls';
import type { WorkerPool } from '../runtime/worker-pool';

export interface PipelineOptions {
  /** Retries of one chunk step after its first attempt; then the chunk is failed. Default 3. */
  maxChunkRetries: number;
  /** Whole-job retries (unreachable Ollama, a store error) before the job is dead-lettered. Default 3. */
  maxJobRetries: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** Block size for chunking, in estimated tokens. Read when a document is chunked (Settings may change it). */
  readonly blockTokens: number;
  /** Entity types extraction asks for; undefined leaves the provider's default set. Read per chunk. */
  readonly entityTypes: readonly string[] | undefined;
  /**
   * Progressive ingestion for jobs that start now: a built-in draft first, then the model's refinement
   * (the `draft-refine` flow). Only ever true with a model configured; read when a job first runs.
   */
  readonly progressive: boolean;
  random: () => number;
}

/** Everything a job's steps need; built once by the ingest service. */
export interface PipelineContext {
  library: Library;
  queue: JobQueue;
  /** The model calls of ingestion (chat and embeddings, journaled, through the one limiter). */
  models: ModelCalls;
  pool: WorkerPool;
  parser: Parser;
  index: LazyEntityIndex;
  clock: Clock;
  log: Logger;
  opts: PipelineOptions;
  /**
   * The bytes of a file imported by this process and not parsed yet, handed over once (then forgotten), so
   * a document just dropped is not read from disk again; undefined after a restart or for a large file.
   */
  takeImported(docId: string): Uint8Array | undefined;
  /** Resolves when ingestion is not paused. */
  whenRunning(signal: AbortSignal): Promise<void>;
  /**
   * A turn to parse. Parsed one after the other (one per spare core) rather than all at once, the first
   * document's passage chain starts while the others parse: with three PDFs on two cores every chain used
   * to wait for every parse (first model call 20-25 s after the import under this machine's load, 5 s
   * after). A cancelled job stops waiting.
   */
  parseTurn(signal: AbortSignal): Promise<() => void>;
  /** Serialises commits in queue order, so resolution is the same on every run (runtime/commit-turns.ts). */
  commitTurn(job: Job, signal: AbortSignal): Promise<() => void>;
  /** Records the library's embedding model on the first vectors. */
  ensureEmbedding(dimension: number): Promise<void>;
  progress(job: Job): void;
  /** The document's graph changed while its job goes on (a progressive draft was committed). */
  documentChanged(job: Job): void;
  /** A chunk step finished (for throughput and ETA). */
  stepDone(job: Job): void;
}
