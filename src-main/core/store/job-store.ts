import type { ChunkTaskInput, ChunkTaskRecord, JobInput, JobRecord } from './types';

/**
 * What the ingestion queue persists: jobs and their per-chunk tasks. Plain upserts and filters; the queue
 * owns states and transitions. A backend may keep these next to the graph (Kùzu does, so a job and the
 * evidence it wrote commit in the same database).
 */
export interface JobStore {
  /** Inserts or updates jobs by id; `createdAt` is kept from the first insert. */
  upsertJobs(jobs: JobInput[]): Promise<void>;
  /** One job, or null. */
  getJob(id: string): Promise<JobRecord | null>;
  /** Jobs, optionally filtered by status, kind or document, oldest first. */
  listJobs(f?: { status?: string[]; kind?: string; docId?: string }): Promise<JobRecord[]>;
  /** Deletes jobs with their chunk tasks. */
  deleteJobs(ids: string[]): Promise<void>;
  /** Inserts or updates chunk tasks keyed by (job, chunk index, step). */
  upsertChunkTasks(tasks: ChunkTaskInput[]): Promise<void>;
  /** A job's chunk tasks, optionally filtered, by chunk index then step. */
  listChunkTasks(jobId: string, f?: { status?: string[]; step?: string }): Promise<ChunkTaskRecord[]>;
  /**
   * The chunk tasks of many jobs in one read, per job in `listChunkTasks` order (jobs without tasks are
   * absent): the queue loads every job's tasks when a library opens, and one read per job cost a quarter
   * of a second at 300 documents. `outputs: false` leaves every `output` null and does not read it: a
   * finished job's step outputs (most of the bytes) are needed only if it runs again.
   */
  chunkTasksOf(jobIds: string[], opts?: { outputs?: boolean }): Promise<Map<string, ChunkTaskRecord[]>>;
}
