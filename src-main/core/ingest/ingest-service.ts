import os from 'node:os';
import path from 'node:path';
import { AriadneError } from '../../contract/errors';
import { createAbortWatch } from '../abort-listener';
import { cancelled } from '../llm/retry';
import { createLimiter } from '../llm/limiter';
import type { IngestService } from './ingest-api';
import { appSettingsOf, pipelineOptions, type IngestDeps } from './ingest-options';
import { type IngestParts, libraryDocuments } from './library-documents';
import { createParser, kindOfFile } from './parse/parse-in-worker';
import { createParseRequests, parserTakingRequests } from './parse-requests';
import type { ParseOutcome } from './parse/worker-api';
import type { PipelineContext } from './pipeline/context';
import { planOf } from './pipeline/flows';
import { runJob } from './pipeline/run-flow';
import { JobQueue } from './queue/job-queue';
import type { Job } from './queue/types';
import { lazyEntityIndex } from './runtime/lazy-index';
import { noJournal, openCallJournal } from './runtime/call-journal';
import { createCommitTurns } from './runtime/commit-turns';
import { ProgressTracker } from './runtime/progress';
import { createScheduler } from './runtime/scheduler';
import { createModelCalls } from './runtime/model-calls';
import { createImportedBytes } from './runtime/imported-bytes';
import { createWorkerPool } from './runtime/worker-pool';
import { createEstimator } from './estimate/estimate-service';
import { rebuildVectors } from './rebuild-vectors';
import { storageError, waitForJobs } from './wait-for-jobs';
import { scheduleSnapshots } from './snapshot-schedule';

export type { IngestService } from './ingest-api';
export type { IngestDeps, IngestOptions, WorkerPaths } from './ingest-options';

/** Builds the queue, worker pool, scheduler and pipeline around an open library, and resumes its jobs. */
export async function startIngest(deps: IngestDeps): Promise<IngestService> {
  const { library, clock, events } = deps;
  const log = deps.log.child({ domain: 'ingest' });
  const o = deps.options ?? {};
  // Options given by the caller win; otherwise the Settings screen's values, read when they are used.
  const app = () => appSettingsOf(library);
  const opts = pipelineOptions(o, app, deps.tasks);
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
  const parser = parserTakingRequests(baseParser, requests, (doc) => {
    const job = queue.get(doc);
    if (job) progress(job);
  });
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
  // drafts between its passages instead of waiting for all of them.
  const turns = createCommitTurns(() =>
    scheduler.running().filter((j) => j.payload.progressive?.phase !== 'refine'),
  );
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
      // A draft committed: its job refines now and no longer holds later drafts back from the turn, which
      // otherwise heard of it only at the next passage's request (4 s later in the parallel-reading bench).
      turns.poke();
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
  const snapshots = scheduleSnapshots({ library, clock, log, app, armed: !o.startPaused });
  const service: IngestService = {
    importItems: async (items) => {
      await snapshots.beforeImport();
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
          await snapshots.beforeImport();
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
    waitFor: (ids, signal) =>
      waitForJobs({ queue, onProgress: service.onProgress, stopped: () => storageFailure }, ids, signal),
    llmConcurrency: () => o.llmConcurrency ?? app().concurrency,
    readingOptions: () => ({ blockTokens: opts.blockTokens, entityTypes: opts.entityTypes }),
    resolutionEntry: async (id) => (await index.loaded()).get(id),
    async close() {
      snapshots.cancel();
      await scheduler.close();
      await pool.close();
      await parser.close();
      journal.close();
      await estimator.close();
    },
  };
  return service;
}
