import type { IngestStage, JobStatus } from '../../../contract/library';
/**
 * A persisted step of a job, by name: one of the pipeline's steps (pipeline/steps.ts). The queue stores and
 * returns it as it is; the pipeline knows what each name means.
 */
export type ChunkStep = string;
export type TaskStatus = 'pending' | 'running' | 'done' | 'failed';

/** Document-level steps use this chunk index. */
export const DOC_LEVEL = -1;

export interface ChunkState {
  chunkIndex: number;
  step: ChunkStep;
  status: TaskStatus;
  attempts: number;
  nextRunAt: number;
  error: string | null;
  /** The step's persisted output (JSON-able), with the model that produced it. */
  output: StepOutput | null;
}

export interface StepOutput {
  model: string;
  value: unknown;
}

export interface JobPayload {
  fileName: string;
  kind: 'pdf' | 'txt' | 'md';
  originalPath: string;
  stage: IngestStage;
  /** Known once the document is chunked; the chunks themselves live in the graph. */
  chunksTotal: number | null;
  sections: { name: string; page: number }[];
  addedAt: number;
  /**
   * Set when the job starts with progressive ingestion on (the `draft-refine` flow, pipeline/flows.ts) and kept across
   * restarts, so a changed setting never switches a document between flows halfway: the chat model that
   * refines, and how far the document is (drafting, refining passage by passage, all refined).
   */
  progressive?: { model: string; phase: ProgressivePhase };
}

export type ProgressivePhase = 'draft' | 'refine' | 'refined';

export interface Job {
  id: string;
  docId: string;
  status: JobStatus;
  /** Job-level attempts (whole-job failures such as an unreachable Ollama), not chunk retries. */
  attempts: number;
  nextRunAt: number;
  error: string | null;
  payload: JobPayload;
  createdAt: number;
  /** Keyed by `${chunkIndex}:${step}`. */
  tasks: Map<string, ChunkState>;
}

export const ACTIVE_STATUSES: readonly JobStatus[] = ['queued', 'running'];
export const TERMINAL_STATUSES: readonly JobStatus[] = [
  'done',
  'partially_failed',
  'failed',
  'cancelled',
  'dead_lettered',
];

export const taskKey = (chunkIndex: number, step: ChunkStep) => `${chunkIndex}:${step}`;
