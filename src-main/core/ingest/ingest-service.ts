import os from 'node:os';
import path from 'node:path';
import { AriadneError } from '../../contract/errors';
import { AppSettings } from '../../contract/settings';
import { createAbortWatch, onAbort } from '../abort-listener';
import type { Clock, Logger } from '../deps';
import type { EventBus } from '../event-bus';
import type { Library } from '../library';
import { entityTypesFor } from '../llm/schemas';
import { cancelled } from '../llm/retry';
import type { LlmTasks } from '../llm/tasks';
import { createLimiter } from '../llm/limiter';
import { createParser } from './parse/parse-in-worker';
import type { ParseOutcome } from './parse/worker-api';
import type { PipelineContext, PipelineOptions } from './pipeline/context';
import { JobQueue } from './queue/job-queue';
import { TERMINAL_STATUSES, type Job } from './queue/types';
import { lazyEntityIndex } from './runtime/lazy-index';
import { noJournal, openCallJournal } from './runtime/call-journal';
import { createCommitTurns } from './runtime/commit-turns';
import { ProgressTracker } from './runtime/progress';
import { createScheduler, type SchedulerOptions } from './runtime/scheduler';
import { createStepRunner } from './runtime/step-runner';
import { createWorkerPool } from './runtime/worker-pool';

/** Worker entry points: out/main/<name>.js when built; the src-worker .ts files under tsx and tests. */
export interface WorkerPaths {
  parse: string | URL;
  ingest: string | URL;
}

export interface IngestOptions extends Partial<PipelineOptions>, Partial<SchedulerOptions> {
  /** Worker threads in the pool. Default: cores − 1, at least 1. */
  workers?: number;
  /** Jobs waiting or running before enqueue is refused. Default 10 000. */
  capacity?: number;
  /** Model calls in flight (ingestion and QA together). Default: the Settings value (2). */
  llmConcurrency?: number;
  parseTimeoutMs?: number;
  /** Time budget for parsing one .txt/.md file (default 30 s). */
  textParseTimeoutMs?: number;
  /**
   * Attempts inside one task call. Default 1: the step runner's retries (max_chunk_retries, with backoff,
   * varying the seed) are ingestion's one retry policy; more here would multiply them.
   */
  taskAttempts?: number;
}

export interface IngestDeps {
  library: Library;
  tasks: LlmTasks;
  events: EventBus;
  clock: Clock;
  log: Logger;
  workerPaths: WorkerPaths;
  options?: IngestOptions;
}

export type IngestService = Awaited<ReturnType<typeof startIngest>>;

/** Builds the queue, worker pool, scheduler and pipeline around an open library, and resumes its jobs. */
export async function startIngest(deps: IngestDeps) {
  const { library, clock, events } = deps;
  const log = deps.log.child({ domain: 'ingest' });
  const o = deps.options ?? {};
  // Options given by the caller win; otherwise the Settings screen's values, read when they are used.
  const app = () => appSettingsOf(library);
  const opts: PipelineOptions = {
    maxChunkRetries: o.maxChunkRetries ?? 3,
    maxJobRetries: o.maxJobRetries ?? 3,
    backoffBaseMs: o.backoffBaseMs ?? 1000,
    backoffMaxMs: o.backoffMaxMs ?? 60_000,
    get blockTokens() {
      return o.blockTokens ?? app().chunkTokens;
    },
    get entityTypes() {
      return o.entityTypes ?? entityTypesFor({ longevity: app().entityTypeSet !== 'biomedical' });
    },
    random: o.random ?? Math.random,
  };
  const queue = new JobQueue(library.jobs, clock, o.capacity ?? 10_000);
  const pool = createWorkerPool({
    workerPath: deps.workerPaths.ingest,
    size: o.workers ?? Math.max(1, os.availableParallelism() - 1),
  });
  const parser = createParser({
    workerPath: deps.workerPaths.parse,
    timeoutMs: o.parseTimeoutMs,
    textTimeoutMs: o.textParseTimeoutMs,
    parseTextInPool: (text, kind, budget) =>
      pool.run<ParseOutcome>((api) => api.parseText(text, kind as 'txt' | 'md'), budget),
  });
  // Documents run four at a time, but their parses take turns (one per spare core, see parseTurn).
  const parseSlots = createLimiter(Math.max(1, os.availableParallelism() - 1));
  // The built-in rules cost nothing to run again; model calls are journaled (see call-journal.ts).
  const journal =
    deps.tasks.provider === 'builtin'
      ? noJournal
      : openCallJournal(path.join(library.dataDir, 'ingest-journal.ndjson'));
  const runner = createStepRunner(deps.tasks, pool, journal);
  const index = lazyEntityIndex(library.graph, library.vectors);
  const tracker = new ProgressTracker(() => clock.now());
  let paused = false;
  const resumeWaiters = new Set<() => void>();
  // Every step of a paused job waits here on the job's signal: one abort listener for all of them.
  const onResumeAbort = createAbortWatch();
  const listeners = new Set<(job: Job) => void>();

  const progress = (job: Job) => {
    const p = tracker.snapshot(job);
    events.emit('ingest:progress', p);
    for (const l of listeners) l(job);
  };

  const turns = createCommitTurns(() => scheduler.running());
  const ctx: PipelineContext = {
    library,
    queue,
    runner,
    pool,
    parser,
    index,
    clock,
    log,
    opts,
    whenRunning(signal) {
      if (!paused) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const go = () => {
          off();
          resumeWaiters.delete(go);
          resolve();
        };
        resumeWaiters.add(go);
        const off = onResumeAbort(signal, () => (resumeWaiters.delete(go), reject(cancelled())));
      });
    },
    commitTurn: (job, signal) => turns.take(job, signal),
    parseTurn: (signal) => parseSlots.acquire(signal),
    async ensureEmbedding(dimension) {
      await library.vectors.setEmbedding({ model: runner.embedModel, dimension });
    },
    progress,
    stepDone(job) {
      tracker.step(job.id);
      progress(job);
    },
  };

  const scheduler = createScheduler(ctx, {
    queue,
    clock,
    log,
    opts: {
      maxActiveJobs: o.maxActiveJobs ?? 4,
      pollIntervalMs: o.pollIntervalMs ?? 10_000,
      stallTimeoutMs: o.stallTimeoutMs,
    },
    isPaused: () => paused,
    setPaused(p) {
      paused = p;
      if (!p) for (const go of [...resumeWaiters]) go();
    },
    onJobStart(job) {
      tracker.begin(job.id);
      progress(job);
    },
    async onJobEnd(job) {
      tracker.end(job.id);
      // Every reply in the journal has reached a persisted step once nothing is queued or running.
      if (queue.activeCount === 0) journal.clear();
      turns.poke();
      progress(job);
      events.emit('library:changed', { documentIds: [job.docId] });
    },
  });

  const { resumed } = await queue.load();
  if (resumed.length) log.log('info', 'resuming jobs', { jobs: resumed.length });
  if (queue.activeCount === 0) journal.clear();
  scheduler.wake();

  return {
    queue,
    scheduler,
    runner,
    index,
    pool,
    ctx,
    tracker,
    /** Model calls allowed in flight: the caller's option, else the Settings value, read when used. */
    llmConcurrency: () => o.llmConcurrency ?? app().concurrency,
    get paused() {
      return paused;
    },
    /** Notified on every progress change of any job. */
    onProgress(fn: (job: Job) => void): () => void {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    /** Resolves when every listed document's job has reached a final status. */
    waitFor(ids: string[], signal?: AbortSignal): Promise<Job[]> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const jobs = ids.map((id) => queue.get(id));
          if (jobs.every((j) => !j || TERMINAL_STATUSES.includes(j.status))) {
            off();
            offAbort();
            resolve(jobs.filter((j): j is Job => Boolean(j)));
          }
        };
        const off = this.onProgress(check);
        const offAbort = onAbort(signal, () => (off(), reject(new AriadneError('cancelled', 'Cancelled.'))));
        check();
      });
    },
    async close() {
      await scheduler.close();
      await pool.close();
      await parser.close();
      journal.close();
    },
  };
}

/** The Settings screen's values stored in the library; a hand-edited invalid value is ignored, not fatal. */
function appSettingsOf(library: Library): AppSettings {
  const r = AppSettings.safeParse(library.settings.get().app ?? {});
  return r.success ? r.data : AppSettings.parse({});
}
