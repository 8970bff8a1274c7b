import type { Clock, Logger } from '../../deps';
import type { Library } from '../../library';
import type { Parser } from '../parse/parse-in-worker';
import type { JobQueue } from '../queue/job-queue';
import type { Job } from '../queue/types';
import type { PipelineStep } from './steps';
import type { LazyEntityIndex } from '../runtime/lazy-index';
import type { StepRunner } from '../runtime/step-runner';
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
   * (pipeline/progressive.ts). Only ever true with a model configured; read when a job first runs.
   */
  readonly progressive: boolean;
  random: () => number;
}

/** Everything a job driver needs; built once by the ingest service. */
export interface PipelineContext {
  library: Library;
  queue: JobQueue;
  runner: StepRunner;
  pool: WorkerPool;
  parser: Parser;
  index: LazyEntityIndex;
  clock: Clock;
  log: Logger;
  opts: PipelineOptions;
  /** Resolves when ingestion is not paused. */
  whenRunning(signal: AbortSignal): Promise<void>;
  /**
   * A turn to parse. Parsed one after the other (one per spare core) rather than all at once, the first
   * document's passage chain starts while the others parse: with three PDFs on two cores every chain used
   * to wait for every parse (first model call 20-25 s after the import under this machine's load, 5 s
   * after). A cancelled job stops waiting.
   */
  parseTurn(signal: AbortSignal): Promise<() => void>;
  /** Serialises commits in queue order, so resolution is the same on every run. */
  commitTurn(job: Job, signal: AbortSignal): Promise<() => void>;
  /** Records the library's embedding model on the first vectors. */
  ensureEmbedding(dimension: number): Promise<void>;
  progress(job: Job): void;
  /** The document's graph changed while its job goes on (a progressive draft was committed). */
  documentChanged(job: Job): void;
  /** A chunk step finished (for throughput and ETA). */
  stepDone(job: Job): void;
}

/** Raised when a step ran out of retries: the chunk is failed, the rest of the job goes on. */
export class StepFailed extends Error {
  constructor(
    readonly chunkIndex: number,
    readonly step: PipelineStep,
    message: string,
  ) {
    super(message);
  }
}

/** Raised when a step cannot run yet because an earlier step of its chunk chain failed. */
export class StepBlocked extends Error {}
