import os from 'node:os';
import path from 'node:path';
import { AriadneError, toRpcError } from '../../contract/errors';
import { AppSettings } from '../../contract/settings';
import { createAbortWatch, onAbort } from '../abort-listener';
import type { Clock, Logger } from '../deps';
import type { EventBus } from '../event-bus';
import type { Library } from '../library';
import { entityTypesFor } from '../llm/schemas';
import { cancelled, INGEST_RETRY } from '../llm/retry';
import type { LlmTasks } from '../llm/task-types';
import { createLimiter } from '../llm/limiter';
import type { IngestService } from './ingest-api';
import { type IngestParts, libraryDocuments } from './library-documents';
import { createParser, kindOfFile, type Parser } from './parse/parse-in-worker';
import { createParseRequests } from './parse-requests';
import type { ParseOutcome } from './parse/worker-api';
import type { PipelineContext, PipelineOptions } from './pipeline/context';
import { planOf } from './pipeline/flows';
import { runJob } from './pipeline/run-flow';
import { JobQueue } from './queue/job-queue';
import { TERMINAL_STATUSES, type Job } from './queue/types';
import { lazyEntityIndex } from './runtime/lazy-index';
import { noJournal, openCallJournal } from './runtime/call-journal';
import { createCommitTurns } from './runtime/commit-turns';
import { ProgressTracker } from './runtime/progress';
import { createScheduler, type SchedulerOptions } from './runtime/scheduler';
import { createModelCalls } from './runtime/model-calls';
import { createImportedBytes } from './runtime/imported-bytes';
import { createWorkerPool } from './runtime/worker-pool';
import { createEstimator } from './estimate/estimate-service';
import { takeSnapshot } from '../library/snapshots';
import { rebuildVectors } from './rebuild-vectors';
import type { LlmMetrics } from '../llm/metrics';

export type { IngestService } from './ingest-api';

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
   * Attempts inside one task call. Default 1 (INGEST_TASK_ATTEMPTS): ingestion retries at the step, with
   * backoff and a varied seed (llm/retry.ts says why); more here would multiply them.
   */
  taskAttempts?: number;
  /**
   * Opens with the queue paused: a command that only looks (status, search, ask, entities, export) starts
   * no job, not even one a killed run left behind (it resumes with the next command that works).
   */
  startPaused?: boolean;
  /**
   * Answers model calls from the library's kept replies too (`ingest-replies.ndjson`): `ariadne repair`
   * reads documents again without asking the model what it answered before.
   */
  replayKeptReplies?: boolean;
}

export interface IngestDeps {
  library: Library;
  tasks: LlmTasks;
  events: EventBus;
  clock: Clock;
  log: Logger;
  workerPaths: WorkerPaths;
  options?: IngestOptions;
  /** The provider's call metrics, from which each model's speed is learnt for estimates. */
  calls?: LlmMetrics;
}

/** Builds the queue, worker pool, scheduler and pipeline around an open library, and resumes its jobs. */
export async function startIngest(deps: IngestDeps): Promise<IngestService> {
  const { library, clock, events } = deps;
  const log = deps.log.child({ domain: 'ingest' });
  const o = deps.options ?? {};
  // Options given by the caller win; otherwise the Settings screen's values, read when they are used.
  const app = () => appSettingsOf(library);
  const opts: PipelineOptions = {
    maxChunkRetries: o.maxChunkRetries ?? INGEST_RETRY.stepRetries,
    maxJobRetries: o.maxJobRetries ?? INGEST_RETRY.jobRetries,
    backoffBaseMs: o.backoffBaseMs ?? INGEST_RETRY.baseMs,
    backoffMaxMs: o.backoffMaxMs ?? INGEST_RETRY.maxMs,
    get blockTokens() {
      return o.blockTokens ?? app().chunkTokens;
    },
    get entityTypes() {
      return o.entityTypes ?? entityTypesFor({ longevity: app().entityTypeSet !== 'biomedical' });
    },
    // Without a model there is nothing to refine with: the built-in reading is the only one.
    get progressive() {
      return deps.tasks.provider !== 'builtin' && (o.progressive ?? app().progressiveIngestion);
    },
    random: o.random ?? Math.random,
  };
  const queue = new JobQueue(library.jobs, clock, o.capacity ?? 10_000);
  const pool = createWorkerPool({
    workerPath: deps.workerPaths.ingest,
    size: o.workers ?? Math.max(1, os.availableParallelism() - 1),
  });
  const baseParser = createParser({
    workerPath: deps.workerPaths.parse,
    timeoutMs: o.parseTimeoutMs,
    textTimeoutMs: o.textParseTimeoutMs,
    parseTextInPool: (text, kind, budget) =>
      pool.run<ParseOutcome>((api) => api.parseText(text, kind as 'txt' | 'md'), budget),
  });
  const requests = createParseRequests();
  // A document's reading takes what the user asked for it (a password, OCR of every page) once, and reports
  // OCR's progress on its row.
  const parser: Parser = {
    ...baseParser,
    async parseBytes(bytes, kind, options = {}) {
      const doc = options.document;
      const asked = requests.take(doc);
      const onOcrProgress = (done: number, total: number) => {
        options.onOcrProgress?.(done, total);
        if (!doc) return;
        requests.setOcrProgress(doc, { done, total });
        const job = queue.get(doc);
        if (job) progress(job);
      };
      try {
        return await baseParser.parseBytes(bytes, kind, { ...options, ...asked, onOcrProgress });
      } finally {
        if (doc) requests.setOcrProgress(doc, null);
      }
    },
  };
  // Documents run four at a time, but their parses take turns (one per spare core, see parseTurn). This
  // limits CPU work, not model calls: those wait in the provider's one limiter (provider.ts `limiter`).
  const parseSlots = createLimiter(Math.max(1, os.availableParallelism() - 1));
  // The built-in rules cost nothing to run again; model calls are journaled (see call-journal.ts).
  const journal =
    deps.tasks.provider === 'builtin'
      ? noJournal
      : openCallJournal(path.join(library.dataDir, 'ingest-journal.ndjson'), {
          archive: path.join(library.dataDir, 'ingest-replies.ndjson'),
          replayArchive: o.replayKeptReplies,
        });
  const models = createModelCalls(deps.tasks, pool, journal);
  const imported = createImportedBytes();
  const index = lazyEntityIndex(library.graph, library.vectors);
  const tracker = new ProgressTracker(() => clock.now(), planOf);
  let paused = o.startPaused ?? false;
  /** Why the queue stopped on its own (a status that could not be written), until it is resumed. */
  let storageFailure: AriadneError | null = null;
  const resumeWaiters = new Set<() => void>();
  // Every step of a paused job waits here on the job's signal: one abort listener for all of them.
  const onResumeAbort = createAbortWatch();
  const listeners = new Set<(job: Job) => void>();

  const progress = (job: Job) => {
    const p = tracker.snapshot(job);
    events.emit('ingest:progress', p);
    for (const l of listeners) l(job);
  };

  // A job refining its draft commits one passage at a time for minutes: documents behind it commit their
  // drafts before its passages instead of waiting for all of them (runtime/commit-turns.ts).
  const turns = createCommitTurns(() => scheduler.running());
  const ctx: PipelineContext = {
    library,
    queue,
    models,
    pool,
    parser,
    index,
    clock,
    log,
    opts,
    takeImported: (docId) => imported.take(docId),
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
      await library.vectors.setEmbedding({ model: models.embedModel, dimension });
    },
    progress,
    documentChanged(job) {
      events.emit('library:changed', { documentIds: [job.docId] });
    },
    stepDone(job) {
      tracker.step(job.id);
      progress(job);
    },
  };

  const jobs = {
    run: (job: Job, signal: AbortSignal) => runJob(ctx, job, signal),
    retry: opts,
    setDocumentStatus: (docId: string, status: Job['status']) =>
      library.graph.setDocumentStatus(docId, status),
  };
  const scheduler = createScheduler(jobs, {
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
    onStorageFailure(error, job) {
      storageFailure = storageError(error);
      paused = true;
      log.log('error', 'ingest stopped: the library could not be written', { error: storageFailure.message });
      // Waiters (the CLI's ingest) hear it through their progress check.
      progress(job);
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

  const parts: IngestParts = { queue, scheduler, models, index, pool, ctx, tracker, imported, requests };
  const ops = libraryDocuments(parts);
  const documentsAtOnce = o.maxActiveJobs ?? 4;
  const estimator = createEstimator({
    library,
    parser,
    tasks: deps.tasks,
    calls: deps.calls,
    clock,
    log,
    blockTokens: () => opts.blockTokens,
    entityTypes: () => opts.entityTypes,
    concurrency: () => o.llmConcurrency ?? app().concurrency,
    confirmAboveMinutes: () => app().confirmAboveMinutes,
    documentsAtOnce,
  });
  // Snapshots (library/snapshots.ts): before each import batch and on a schedule, when the library changed.
  const snapshot = (reason: 'import' | 'schedule') =>
    takeSnapshot(library, reason, { keep: app().snapshotsKept }).catch((e: unknown) => {
      log.log('warn', 'snapshot not taken', { reason, error: e instanceof Error ? e.message : String(e) });
      return null;
    });
  const beforeImport = async () => {
    if (app().snapshotsKept > 0) await snapshot('import');
  };
  let snapshotTimer: { cancel(): void } | null = null;
  const armSnapshots = () => {
    const hours = app().snapshotEveryHours;
    snapshotTimer =
      hours > 0 && app().snapshotsKept > 0
        ? clock.setTimeout(() => void snapshot('schedule').finally(armSnapshots), hours * 3_600_000)
        : null;
  };
  if (!o.startPaused) armSnapshots();
  const service: IngestService = {
    importItems: async (items) => {
      await beforeImport();
      return ops.importItems(items);
    },
    snapshotsKept: () => app().snapshotsKept,
    rebuildVectors: () =>
      rebuildVectors(
        library,
        (texts) => models.embed(texts, new AbortController().signal),
        models.embedModel,
      ),
    estimate: (items, opts) => estimator.estimate(items, opts),
    // Its readers (a BibTeX parser, SQLite in wasm) load when a Zotero import runs, not when a library opens.
    importZotero: async (source) =>
      (await import('./zotero/zotero-import')).importZotero(source, {
        library,
        clock,
        importItems: async (items) => {
          await beforeImport();
          return ops.importItems(items);
        },
      }),
    list: () => ops.list(),
    detail: (id) => ops.detail(id),
    async originalFile(id) {
      const d = await library.graph.getDocument(id);
      if (!d || !library.originals.has(id)) throw new AriadneError('not_found', `No document ${id}.`);
      const bytes = await library.originals.read(id);
      return { fileName: d.fileName, kind: kindOfFile(d.fileName) ?? 'txt', bytes };
    },
    documentGeometry: (id) => library.geometry.read(id),
    remove: (id) => ops.removeDocument(id),
    reingest: (id) => ops.reingest(id),
    async reread(id, request) {
      requests.set(id, request);
      await ops.reingest(id);
    },
    async retry(ids) {
      for (const id of ids) await ops.retryFailed(id);
    },
    cancel: (id) => ops.cancel(id),
    syncEntities: (ids) => ops.syncEntities(ids),
    pause: () => scheduler.pause(),
    resume() {
      storageFailure = null;
      scheduler.resume();
    },
    get paused() {
      return paused;
    },
    status() {
      const jobs = queue.list();
      const count = (...s: string[]) => jobs.filter((j) => s.includes(j.status)).length;
      const c = models.counters;
      return {
        paused,
        queued: count('queued'),
        running: count('running'),
        done: count('done'),
        failed: count('failed', 'partially_failed', 'dead_lettered'),
        capacity: queue.capacity,
        counters: { schemaInvalid: c.schemaInvalid, upstreamErrors: c.upstreamErrors, llmCalls: c.llmCalls },
      };
    },
    busy: () => queue.activeCount > 0,
    onProgress(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    waitFor(ids, signal) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (storageFailure) {
            off();
            offAbort();
            return reject(storageFailure);
          }
          const jobs = ids.map((id) => queue.get(id));
          if (jobs.every((j) => !j || TERMINAL_STATUSES.includes(j.status))) {
            off();
            offAbort();
            resolve(jobs.filter((j): j is Job => Boolean(j)));
          }
        };
        const off = service.onProgress(check);
        const offAbort = onAbort(signal, () => (off(), reject(new AriadneError('cancelled', 'Cancelled.'))));
        check();
      });
    },
    llmConcurrency: () => o.llmConcurrency ?? app().concurrency,
    readingOptions: () => ({ blockTokens: opts.blockTokens, entityTypes: opts.entityTypes }),
    resolutionEntry: async (id) => (await index.loaded()).get(id),
    async close() {
      snapshotTimer?.cancel();
      await scheduler.close();
      await pool.close();
      await parser.close();
      journal.close();
      await estimator.close();
    },
  };
  return service;
}

/**
 * The error a stopped queue reports: a full disk says so (Kùzu's own words are "IO exception: Cannot write
 * to file … graph.kuzu.wal"); anything else keeps its message.
 */
function storageError(e: unknown): AriadneError {
  const err = toRpcError(e);
  if (err.code === 'disk_full')
    return new AriadneError('disk_full', err.message, { retryable: true, cause: e });
  return new AriadneError(
    'internal',
    `The library could not be written (${err.message}); ingestion stopped. Nothing saved before is lost.`,
    { cause: e },
  );
}

/** The Settings screen's values stored in the library; a hand-edited invalid value is ignored, not fatal. */
function appSettingsOf(library: Library): AppSettings {
  const r = AppSettings.safeParse(library.settings.get().app ?? {});
  return r.success ? r.data : AppSettings.parse({});
}
