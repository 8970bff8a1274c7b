import { AriadneError, isAriadneError } from '../../../contract/errors';
import type { JobStatus } from '../../../contract/library';
import type { Clock, Logger } from '../../deps';
import { backoffDelay, INGEST_RETRY } from '../../llm/retry';
import type { JobQueue } from '../queue/job-queue';
import type { Job } from '../queue/types';
import { createStallWatch } from './stall-watch';
import { message, StepFailed } from './step-errors';

/** How a job ended when it ran to its end: the passages out of retries and every failed step's error. */
export interface JobOutcome {
  failedChunks: number[];
  chunkErrors: { chunkIndex: number; step: string; attempts: number; error: string }[];
}

/** What the scheduler runs: one job's flow (pipeline/run-flow.ts), and the job-level retry policy. */
export interface JobRunner {
  run(job: Job, signal: AbortSignal): Promise<JobOutcome>;
  /** Whole-job retries (unreachable Ollama, a store error) before the job is dead-lettered, and their backoff. */
  retry: { maxJobRetries: number; backoffBaseMs: number; backoffMaxMs: number; random: () => number };
  /** Records the job's final status on its document. */
  setDocumentStatus(docId: string, status: JobStatus): Promise<void>;
}

export interface SchedulerOptions {
  /** Documents processed at the same time. Default 4. */
  maxActiveJobs: number;
  /** The longest the scheduler sleeps without being woken. Default 10 s. */
  pollIntervalMs: number;
  /**
   * The watchdog: a running job whose steps make no progress (no step done, failed or retried, no stage
   * change) for this long is stopped and goes through the job retry path with a message saying so.
   * Paused time does not count. Default 15 min: one model call may take 5 min, then back off and retry.
   */
  stallTimeoutMs?: number;
}

export interface Scheduler {
  wake(): void;
  pause(): void;
  resume(): void;
  readonly paused: boolean;
  running(): Job[];
  /** Aborts a running job; resolves once its driver has stopped. */
  abort(id: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Wakes on enqueue, on every finished job and at the next job's next_run_at (at most every poll interval),
 * starts ready jobs in FIFO order, and turns each job's outcome into its final status: done, partially
 * failed (chunks out of retries), failed (nothing usable), retried with backoff (whole-job errors) or
 * dead-lettered once job retries run out.
 */
export function createScheduler(
  runner: JobRunner,
  deps: {
    queue: JobQueue;
    clock: Clock;
    log: Logger;
    opts: SchedulerOptions;
    onJobStart(job: Job): void;
    onJobEnd(job: Job): Promise<void>;
    /**
     * A job's status could not be written (disk full, a closed or damaged database): the job is back in
     * the queue in memory, as the store still has it, and nothing more starts until the host says so.
     */
    onStorageFailure(error: unknown, job: Job): void;
    isPaused(): boolean;
    setPaused(p: boolean): void;
  },
): Scheduler {
  const { queue, clock, log, opts } = deps;
  const active = new Map<string, { controller: AbortController; done: Promise<void> }>();
  const stallMs = opts.stallTimeoutMs ?? 15 * 60_000;
  const watch = createStallWatch({ clock, stallMs, paused: deps.isPaused, log });
  let timer: { cancel(): void } | null = null;
  let ticking = false;
  let again = false;
  let closed = false;

  const arm = () => {
    timer?.cancel();
    if (closed) return;
    const next = queue.nextRunAt();
    const delay =
      next === null ? opts.pollIntervalMs : Math.min(opts.pollIntervalMs, Math.max(0, next - clock.now()));
    timer = clock.setTimeout(wake, Math.max(1, delay));
  };

  async function tick() {
    if (ticking) return void (again = true);
    ticking = true;
    try {
      do {
        again = false;
        while (!closed && !deps.isPaused()) {
          const job = queue.peekReady(clock.now(), hasSlot);
          if (!job) break;
          try {
            await queue.markRunning(job.id);
          } catch (e) {
            queue.release(job.id);
            deps.onStorageFailure(e, job);
            break;
          }
          start(job);
        }
      } while (again && !closed);
    } catch (e) {
      log.log('error', 'scheduler tick failed', { error: message(e) });
    } finally {
      ticking = false;
      arm();
    }
  }

  /**
   * Refining documents and reading new ones take slots of their own, maxActiveJobs each: documents whose
   * draft the model is refining (progressive ingestion, minutes per document) never keep a new document
   * from its first reading. Their model calls share the one limiter, where the draft's go first.
   */
  const refining = (j: Job) => j.payload.progressive?.phase === 'refine';
  function hasSlot(job: Job): boolean {
    let n = 0;
    for (const id of active.keys()) {
      const j = queue.get(id);
      if (j && refining(j) === refining(job)) n++;
    }
    return n < opts.maxActiveJobs;
  }

  function wake() {
    if (!closed) void tick();
  }

  function start(job: Job) {
    const controller = new AbortController();
    deps.onJobStart(job);
    const stalled = watch.track(job, () => controller.abort(new AriadneError('cancelled', 'Stalled.')));
    // drive() ends every outcome with a write (the job's status); when that write fails too (disk full),
    // nothing may reject unhandled: that ended `serve` and the CLI with a raw Kùzu error.
    const done = drive(job, controller.signal, stalled)
      .catch((e: unknown) => {
        log.log('error', 'job status not saved', { doc: job.docId, error: message(e) });
        queue.release(job.id);
        deps.onStorageFailure(e, job);
      })
      .finally(() => {
        watch.untrack(job.id);
        active.delete(job.id);
        void deps
          .onJobEnd(job)
          .catch((e: unknown) => log.log('error', 'job end failed', { doc: job.docId, error: message(e) }))
          .finally(wake);
      });
    active.set(job.id, { controller, done });
  }

  async function drive(job: Job, signal: AbortSignal, stalled: Promise<never>) {
    try {
      // The watchdog's rejection wins the race even when a step ignores the abort signal.
      const out = await Promise.race([runner.run(job, signal), stalled]);
      const total = job.payload.chunksTotal ?? 0;
      const nFailed = out.failedChunks.length;
      // Passage failures (LLM faults) leave the document partially failed even when every passage failed:
      // what was parsed is kept and "retry failed passages" can finish it. `failed` is for documents that
      // cannot be read at all (parse errors), where a retry would fail the same way.
      const status: JobStatus = nFailed === 0 ? 'done' : 'partially_failed';
      await finish(
        job,
        status,
        nFailed ? `${nFailed} of ${total} passages failed; retry them when the cause is fixed.` : null,
      );
    } catch (e) {
      const isStall = watch.isStall(e);
      if (!isStall && (signal.aborted || (isAriadneError(e) && e.code === 'cancelled'))) {
        if (closed) return; // Shutting down: the job stays running in the store and resumes on restart.
        return finish(job, 'cancelled', 'Cancelled.');
      }
      if (e instanceof StepFailed)
        return finish(job, 'partially_failed', `Could not ${e.step}: ${e.message}`);
      if (isAriadneError(e) && e.code === 'parse_failed') return finish(job, 'failed', e.message);
      const r = runner.retry;
      if (job.attempts < r.maxJobRetries) {
        const delay = backoffDelay(job.attempts + 1, {
          baseMs: r.backoffBaseMs * INGEST_RETRY.jobBackoffFactor,
          maxMs: r.backoffMaxMs * INGEST_RETRY.jobBackoffFactor,
          random: r.random,
        });
        log.log('warn', 'job failed, retrying', {
          doc: job.docId,
          attempt: job.attempts + 1,
          delayMs: delay,
          error: message(e),
        });
        await queue.scheduleRetry(job.id, message(e), delay);
        return;
      }
      log.log('error', 'job dead-lettered', { doc: job.docId, error: message(e) });
      await finish(job, 'dead_lettered', message(e));
    }
  }

  async function finish(job: Job, status: JobStatus, error: string | null) {
    await queue.complete(job.id, status, error);
    await runner.setDocumentStatus(job.docId, status).catch(() => undefined);
  }

  return {
    wake,
    pause: () => deps.setPaused(true),
    resume() {
      deps.setPaused(false);
      wake();
    },
    get paused() {
      return deps.isPaused();
    },
    running: () => [...active.keys()].flatMap((id) => queue.get(id) ?? []),
    async abort(id) {
      const a = active.get(id);
      if (!a) return;
      a.controller.abort(new AriadneError('cancelled', 'Cancelled.'));
      await a.done.catch(() => undefined);
    },
    async close() {
      closed = true;
      timer?.cancel();
      watch.close();
      for (const a of active.values()) a.controller.abort(new AriadneError('cancelled', 'Shutting down.'));
      await Promise.all([...active.values()].map((a) => a.done.catch(() => undefined)));
    },
  };
}
