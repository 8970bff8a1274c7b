import { AriadneError } from '../../../contract/errors';
import type { JobStatus } from '../../../contract/library';
import type { Clock } from '../../deps';
import type { JobStore } from '../../store/job-store';
import type { ChunkTaskRecord } from '../../store/types';
import {
  ACTIVE_STATUSES,
  type ChunkState,
  type ChunkStep,
  type Job,
  type JobPayload,
  TERMINAL_STATUSES,
  taskKey,
} from './types';
import { atKey } from '../../at';

const JOB_KIND = 'ingest';

/**
 * The persistent job queue (seed 000 "Low Level Impl Details"): a FIFO of ready job ids plus a map for
 * O(1) lookup, mirrored to Job/ChunkTask records in the job store so a restart resumes where it stopped.
 * Callers change jobs only through these helpers, which enforce the status transitions.
 */
export class JobQueue {
  /** Insertion-ordered: a Map gives FIFO iteration and O(1) removal. */
  private readonly fifo = new Map<string, true>();
  private readonly jobs = new Map<string, Job>();
  /**
   * Finished jobs loaded without their step outputs (JSON results, most of what the queue stores: 1.7 MB
   * at 300 documents, all read and parsed at every open). Only a job that runs again reads them, and
   * `withOutputs` loads them first.
   */
  private readonly outputsUnread = new Set<string>();

  constructor(
    private readonly store: JobStore,
    private readonly clock: Clock,
    readonly capacity: number,
  ) {}

  /** Loads persisted jobs; jobs that were running when the process died go back to the queue as they were. */
  async load(): Promise<{ resumed: string[] }> {
    const resumed: string[] = [];
    const records = await this.store.listJobs({ kind: JOB_KIND });
    const finished = records.filter((r) => TERMINAL_STATUSES.includes(r.status as JobStatus));
    const unfinished = records.filter((r) => !TERMINAL_STATUSES.includes(r.status as JobStatus));
    const tasksOf = new Map([
      ...(await this.store.chunkTasksOf(
        finished.map((r) => r.id),
        { outputs: false },
      )),
      ...(await this.store.chunkTasksOf(unfinished.map((r) => r.id))),
    ]);
    for (const r of finished) this.outputsUnread.add(r.id);
    for (const r of records) {
      const job: Job = {
        id: r.id,
        docId: r.docId,
        status: r.status as JobStatus,
        attempts: r.attempts,
        nextRunAt: r.nextRunAt,
        error: r.error,
        payload: JSON.parse(r.payload) as JobPayload,
        createdAt: r.createdAt,
        tasks: toTaskMap(tasksOf.get(r.id) ?? []),
      };
      // Not written back: a record still 'running' is resumed by every load, and a command that only
      // looks (or one on a full disk) must be able to open the library without writing to it.
      if (job.status === 'running') {
        job.status = 'queued';
        resumed.push(job.id);
      }
      this.jobs.set(job.id, job);
      if (job.status === 'queued') this.fifo.set(job.id, true);
    }
    return { resumed };
  }

  get(id: string): Job | undefined {
    return this.jobs.get(id);
  }

  list(): Job[] {
    return [...this.jobs.values()];
  }

  get activeCount(): number {
    let n = 0;
    for (const j of this.jobs.values()) if (ACTIVE_STATUSES.includes(j.status)) n++;
    return n;
  }

  /** Adds a job (or restarts a finished one for the same document). Refused beyond capacity. */
  async enqueue(docId: string, payload: JobPayload, opts: { keepTasks?: boolean } = {}): Promise<Job> {
    const prev = this.jobs.get(docId);
    if (prev && ACTIVE_STATUSES.includes(prev.status)) return prev;
    if (prev && opts.keepTasks) await this.withOutputs(prev);
    if (this.activeCount >= this.capacity) {
      throw new AriadneError(
        'capacity',
        `The ingest queue is full (${this.capacity} documents waiting); wait for some to finish and add the rest.`,
        { retryable: true },
      );
    }
    const job: Job = {
      id: docId,
      docId,
      status: 'queued',
      attempts: 0,
      nextRunAt: this.clock.now(),
      error: null,
      payload,
      createdAt: prev?.createdAt ?? this.clock.now(),
      tasks: opts.keepTasks && prev ? prev.tasks : new Map(),
    };
    if (prev && !opts.keepTasks) await this.store.deleteJobs([prev.id]);
    this.jobs.set(job.id, job);
    this.fifo.delete(job.id);
    this.fifo.set(job.id, true);
    await this.persist(job);
    return job;
  }

  /** The first queued job whose time has come (and that `accept` takes), in FIFO order; null when none is. */
  peekReady(now = this.clock.now(), accept: (job: Job) => boolean = () => true): Job | null {
    for (const id of this.fifo.keys()) {
      // fifo holds only ids of jobs in `jobs`.
      const j = atKey(this.jobs, id);
      if (j.nextRunAt <= now && accept(j)) return j;
    }
    return null;
  }

  /** When the earliest waiting job becomes ready (for the scheduler's timer); null when nothing waits. */
  nextRunAt(): number | null {
    let min: number | null = null;
    for (const id of this.fifo.keys()) {
      const t = atKey(this.jobs, id).nextRunAt;
      if (min === null || t < min) min = t;
    }
    return min;
  }

  async markRunning(id: string): Promise<Job> {
    const job = this.must(id);
    if (job.status !== 'queued')
      throw new AriadneError('conflict', `Job ${id} is ${job.status}, not queued.`);
    job.status = 'running';
    this.fifo.delete(id);
    await this.persist(job);
    return job;
  }

  /** A whole-job failure that may pass: back to the queue after `delayMs`. */
  async scheduleRetry(id: string, error: string, delayMs: number): Promise<Job> {
    const job = this.must(id);
    if (job.status !== 'running')
      throw new AriadneError('conflict', `Job ${id} is ${job.status}, not running.`);
    job.status = 'queued';
    job.attempts++;
    job.error = error;
    job.nextRunAt = this.clock.now() + delayMs;
    this.fifo.set(id, true);
    await this.persist(job);
    return job;
  }

  /** Ends a job in one of the terminal statuses. */
  async complete(id: string, status: JobStatus, error: string | null = null): Promise<Job> {
    const job = this.must(id);
    if (!TERMINAL_STATUSES.includes(status))
      throw new AriadneError('internal', `${status} is not a final status.`);
    if (status !== 'cancelled' && job.status !== 'running') {
      throw new AriadneError('conflict', `Job ${id} is ${job.status}, not running.`);
    }
    job.status = status;
    job.error = error;
    this.fifo.delete(id);
    await this.persist(job);
    return job;
  }

  async savePayload(job: Job): Promise<void> {
    await this.persist(job);
  }

  /** Upserts per-chunk step states (attempts, errors, outputs). */
  async saveTasks(job: Job, states: ChunkState[]): Promise<void> {
    await this.withOutputs(job);
    for (const s of states) job.tasks.set(taskKey(s.chunkIndex, s.step), s);
    await this.store.upsertChunkTasks(
      states.map((s) => ({
        jobId: job.id,
        chunkIndex: s.chunkIndex,
        step: s.step,
        status: s.status,
        attempts: s.attempts,
        nextRunAt: s.nextRunAt,
        error: s.error,
        output: s.output ? JSON.stringify(s.output) : null,
      })),
    );
  }

  /**
   * Puts a job whose new status could not be written back in the queue, in memory only: the store still
   * holds it as queued or running, and a restart resumes it either way.
   */
  release(id: string): void {
    const job = this.jobs.get(id);
    // complete() sets the final status before it writes it: a failed write leaves it here, not in the store.
    if (!job || job.status === 'queued') return;
    job.status = 'queued';
    this.fifo.set(id, true);
  }

  /** Reads the step outputs of a job loaded without them (a finished job about to run again). */
  private async withOutputs(job: Job): Promise<void> {
    if (!this.outputsUnread.delete(job.id)) return;
    // Every change to a job's states is saved as it is made (saveTasks), so the stored ones are current.
    job.tasks = toTaskMap((await this.store.chunkTasksOf([job.id])).get(job.id) ?? []);
  }

  async remove(id: string): Promise<void> {
    this.outputsUnread.delete(id);
    this.jobs.delete(id);
    this.fifo.delete(id);
    await this.store.deleteJobs([id]);
  }

  private must(id: string): Job {
    const job = this.jobs.get(id);
    if (!job) throw new AriadneError('not_found', `No job for document ${id}.`);
    return job;
  }

  private async persist(job: Job): Promise<void> {
    await this.store.upsertJobs([
      {
        id: job.id,
        kind: JOB_KIND,
        docId: job.docId,
        status: job.status,
        attempts: job.attempts,
        nextRunAt: job.nextRunAt,
        error: job.error,
        payload: JSON.stringify(job.payload),
      },
    ]);
  }
}

function toTaskMap(records: ChunkTaskRecord[]): Map<string, ChunkState> {
  const tasks = new Map<string, ChunkState>();
  for (const t of records) {
    const state: ChunkState = {
      chunkIndex: t.chunkIndex,
      step: t.step as ChunkStep,
      // A step that was in flight is simply pending again: its output was never persisted.
      status: t.status === 'running' ? 'pending' : (t.status as ChunkState['status']),
      attempts: t.attempts,
      nextRunAt: t.nextRunAt,
      error: t.error,
      output: t.output ? (JSON.parse(t.output) as ChunkState['output']) : null,
    };
    tasks.set(taskKey(t.chunkIndex, state.step), state);
  }
  return tasks;
}
