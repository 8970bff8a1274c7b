import { AriadneError } from '../../contract/errors';
import type { DocumentDetail, DocumentSummary, ReadingState } from '../../contract/library';
import { contentId } from '../library/content-id';
import { refreshEntityVectors } from '../entities';
import { kindOfFile } from './parse/parse-in-worker';
import { pdfRefusal } from './parse/sniff';
import { describeFailure } from './failure';
import type { ParseRequests } from './parse-requests';
import type { PipelineContext } from './pipeline/context';
import { planOf } from './pipeline/flows';
import type { JobQueue } from './queue/job-queue';
import { chunkCounts, type ProgressTracker, stepDoneCount } from './runtime/progress';
import type { ImportedBytes } from './runtime/imported-bytes';
import type { LazyEntityIndex } from './runtime/lazy-index';
import type { ModelCalls } from './runtime/model-calls';
import type { Scheduler } from './runtime/scheduler';
import type { WorkerPool } from './runtime/worker-pool';
import { createReadCache } from './summary-cache';
import { type Job, type JobPayload, TERMINAL_STATUSES } from './queue/types';

import type { ImportItem } from './expand-paths';
import { at } from '../at';

/** The parts the service's operations are built from (ingest-service.ts); never handed out beyond this folder. */
export interface IngestParts {
  queue: JobQueue;
  scheduler: Scheduler;
  models: ModelCalls;
  index: LazyEntityIndex;
  pool: WorkerPool;
  ctx: PipelineContext;
  tracker: ProgressTracker;
  imported: ImportedBytes;
  /** Passwords and OCR asked for a document's next reading, and OCR's progress (memory only). */
  requests: ParseRequests;
}

/** Up to this many summaries a list reads one by one (three small queries each), more in two reads. */
const SUMMARIES_ONE_BY_ONE = 4;

/**
 * The library's documents as ingestion keeps them (the opened library is `Library`, the folder `dataDir`,
 * the RPC domain `library:*`): import (duplicates recognised by content hash; a changed file at a known
 * path replaces its earlier document), delete, re-ingest, retry failed passages, summaries.
 */
export function libraryDocuments(svc: IngestParts) {
  const { library } = svc.ctx;
  const graph = library.graph;
  // Stored parts of the library view (see summary-cache.ts): the document list, changed only by this
  // module (import, delete, re-ingest: `listVersion`), and per document its record and counts.
  let listVersion = 0;
  let editVersion = 0;
  const listCache = createReadCache<Awaited<ReturnType<typeof graph.listDocuments>>>(2000);
  const docCache = createReadCache<Awaited<ReturnType<typeof storedSummary>>>(2000);

  async function storedSummary(id: string) {
    const d = await graph.getDocument(id);
    if (!d) throw new AriadneError('not_found', `No document ${id}.`);
    const { entities, relationships } = await graph.documentStats(id);
    return { d, entities, relationships };
  }

  /**
   * The stored summaries one `list()` has to load, read together: every loader is asked for during the
   * synchronous pass over the documents, so by the next microtask the set is complete. A few are read one
   * by one; more with one read of every document's record and one of every document's counts, since three
   * queries per document made the library view (and `ariadne status`) of 300 documents take over a second.
   * Records are read afresh, as one by one: ingestion rewrites a document's title, authors and status
   * without changing the list's membership, so the cached list may hold older ones.
   */
  function summariesForList(): (id: string) => ReturnType<typeof storedSummary> {
    const wanted: string[] = [];
    let read: Promise<Map<string, Awaited<ReturnType<typeof storedSummary>>>> | undefined;
    const readAll = async () => {
      const [docs, stats] = await Promise.all([graph.listDocuments(), graph.documentStatsAll()]);
      return new Map(
        docs.map((d) => [d.id, { d, ...(stats.get(d.id) ?? { entities: 0, relationships: 0 }) }] as const),
      );
    };
    return (id) => {
      wanted.push(id);
      read ??= Promise.resolve().then(async () =>
        wanted.length > SUMMARIES_ONE_BY_ONE
          ? readAll()
          : new Map(await Promise.all(wanted.map(async (w) => [w, await storedSummary(w)] as const))),
      );
      return read.then((m) => {
        const found = m.get(id);
        if (!found) throw new AriadneError('not_found', `No document ${id}.`);
        return found;
      });
    };
  }

  /**
   * `keepReference`: re-reading keeps the document's Zotero record and its stored original; deleting it
   * forgets both (the original is the file's bytes: a deleted document's must not stay on disk).
   */
  async function removeDocument(id: string, opts: { keepReference?: boolean } = {}) {
    await svc.scheduler.abort(id);
    svc.imported.forget(id);
    if (svc.queue.get(id)) await svc.queue.remove(id);
    const res = await library.deleteDocument(id);
    if (!opts.keepReference) {
      await library.references.remove(id);
      await library.originals.remove(id);
    }
    listVersion++;
    editVersion++;
    docCache.drop(id);
    await svc.index.update((index) => res.removedEntityIds.forEach((e) => index.remove(e)));
    // Survivors' names and descriptions were re-derived without this document: re-embed them. (The
    // vectors of the entities it emptied went with library.deleteDocument.)
    const { entities: changed, vectors: vecs } = await refreshEntityVectors(
      library,
      (texts) => svc.models.embed(texts, new AbortController().signal),
      { changed: res.changedEntityIds },
    );
    if (changed.length)
      await svc.index.update((index) => changed.forEach((e, i) => index.putRecord(e, at(vecs, i))));
  }

  async function enqueueDocument(id: string, fileName: string, originalPath: string) {
    const kind = kindOfFile(fileName) ?? 'txt';
    const now = svc.ctx.clock.now();
    await graph.upsertDocument({ id, title: fileName, status: 'queued', fileName, originalPath });
    listVersion++;
    docCache.drop(id);
    const payload: JobPayload = {
      fileName,
      kind,
      originalPath,
      stage: 'queued',
      chunksTotal: null,
      sections: [],
      addedAt: now,
    };
    const job = await svc.queue.enqueue(id, payload);
    svc.ctx.progress(job);
    svc.scheduler.wake();
  }

  async function documentsByPath(): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    for (const d of await graph.listDocuments())
      if (d.originalPath) out.set(d.originalPath, [...(out.get(d.originalPath) ?? []), d.id]);
    return out;
  }

  /** A file that can only fail (not a PDF, cut short, locked): a failed document at once, with its reason. */
  async function recordRefused(id: string, bytes: Uint8Array, it: ImportItem, reason: string) {
    await library.originals.put(bytes, { fileName: it.fileName, originalPath: it.originalPath });
    await library.parseNotes.put(id, { failedAtImport: reason });
    await graph.upsertDocument({
      id,
      title: it.fileName,
      status: 'failed',
      fileName: it.fileName,
      originalPath: it.originalPath,
    });
    listVersion++;
    docCache.drop(id);
  }

  async function importItems(items: ImportItem[]) {
    const added: { id: string; fileName: string; duplicate: boolean; updated?: boolean }[] = [];
    const rejected: { fileName: string; reason: string }[] = [];
    const failed: { id: string; fileName: string; reason: string }[] = [];
    // Read once per import, not once per file: listing every document for each of a thousand files was
    // quadratic, and each listing waited behind the ingestion writes the import had started.
    let byPath: Map<string, string[]> | null = null;
    for (const it of items) {
      try {
        const refused =
          it.size === undefined
            ? null
            : svc.ctx.parser.sizeRefusal(kindOfFile(it.fileName) ?? 'txt', it.size);
        if (refused) throw refused;
        const bytes = await it.read();
        // Small files are hashed here (microseconds): the pool may be busy for seconds with the documents
        // this import has already queued, and a folder of a thousand notes would wait behind each of them.
        const id =
          bytes.length <= INLINE_HASH_MAX_BYTES
            ? contentId(bytes)
            : await svc.pool.run((api) => api.hash(bytes));
        const known = await graph.getDocument(id);
        if (known && !svc.queue.get(id) && known.status === 'queued') {
          // The process died between recording the document and persisting its job: queue it now, or
          // it would stay "queued" forever with nothing to run it.
          await library.originals.put(bytes, { fileName: it.fileName, originalPath: it.originalPath });
          svc.imported.keep(id, bytes);
          await enqueueDocument(id, it.fileName, it.originalPath);
          added.push({ id, fileName: it.fileName, duplicate: false });
          continue;
        }
        if (known) {
          added.push({ id, fileName: it.fileName, duplicate: true });
          continue;
        }
        if (svc.queue.activeCount >= svc.queue.capacity) {
          throw new AriadneError(
            'capacity',
            `The ingest queue is full (${svc.queue.capacity} documents waiting).`,
          );
        }
        let updated = false;
        if (it.originalPath) {
          // Same path, new content: the earlier version's contribution is pruned before the new one goes in.
          byPath ??= await documentsByPath();
          const earlier = (byPath.get(it.originalPath) ?? []).filter((d) => d !== id);
          for (const d of earlier) await removeDocument(d);
          updated = earlier.length > 0;
          byPath.set(it.originalPath, [id]);
        }
        const refusal = kindOfFile(it.fileName) === 'pdf' ? pdfRefusal(bytes) : null;
        if (refusal) {
          await recordRefused(id, bytes, it, refusal);
          failed.push({ id, fileName: it.fileName, reason: refusal });
          continue;
        }
        await library.originals.put(bytes, { fileName: it.fileName, originalPath: it.originalPath });
        svc.imported.keep(id, bytes);
        await enqueueDocument(id, it.fileName, it.originalPath);
        added.push({ id, fileName: it.fileName, duplicate: false, ...(updated ? { updated } : {}) });
      } catch (e) {
        if (e instanceof AriadneError && e.code === 'capacity') throw e;
        rejected.push({ fileName: it.fileName, reason: (e as Error).message });
      }
    }
    // An import of known documents may be followed by new metadata for them (a Zotero import applies its
    // records to documents already read): their cached records are stale from here.
    if (added.some((a) => a.duplicate)) editVersion++;
    return { added, rejected, failed };
  }

  const refOf = (id: string): DocumentSummary['reference'] => {
    const r = library.references.get(id);
    if (!r) return null;
    const { source, itemKey, tags, collections, journal, volume, issue, pages, url } = r;
    return { source, itemKey, tags, collections, journal, volume, issue, pages, url };
  };

  async function summary(
    id: string,
    load: () => ReturnType<typeof storedSummary> = () => storedSummary(id),
  ): Promise<DocumentSummary> {
    const job = svc.queue.get(id);
    const refined = job?.payload.progressive ? stepDoneCount(job, planOf(job).countedStep) : 0;
    // A refined passage changes the document's counts while its job runs: part of the key.
    const key = `${job?.status}|${job?.payload.stage}|${job?.payload.chunksTotal}|${job?.attempts}|${refined}|${editVersion}`;
    // While the job runs its counts do not change (they do at commit, after which the job is terminal).
    const running = job?.status === 'queued' || job?.status === 'running';
    const { d, entities, relationships } = await docCache.get(id, key, load, running);
    const counts = job ? chunkCounts(job, planOf(job)) : { done: 0, failed: 0, total: 0 };
    const p = job ? svc.tracker.snapshot(job) : null;
    const note = library.parseNotes.get(id);
    const kind = kindOfFile(d.fileName) ?? 'txt';
    const status = job?.status ?? (d.status as DocumentSummary['status']);
    const error = job?.error ?? note?.failedAtImport ?? null;
    return {
      id,
      title: d.title,
      authors: d.authors,
      year: d.year,
      doi: d.doi,
      fileName: d.fileName,
      kind,
      pages: d.pages ?? 0,
      status,
      stage: p?.stage ?? 'done',
      chunksDone: counts.done,
      chunksTotal: counts.total,
      chunksFailed: counts.failed,
      entities,
      relationships,
      etaMs: p?.etaMs ?? null,
      error,
      addedAt: new Date(job?.payload.addedAt ?? d.createdAt).toISOString(),
      reference: refOf(id),
      reading: readingOf(job, refined),
      failure: describeFailure({ status, error, kind, chunksFailed: counts.failed }),
      language: note?.language ?? null,
      ocr: note?.ocr ?? null,
      ocrProgress: running ? (svc.requests.ocrProgress(id) ?? null) : null,
    };
  }

  return {
    importItems,
    summary: (id: string) => summary(id),
    removeDocument,
    async list() {
      const docs = await listCache.get('all', String(listVersion), () => graph.listDocuments());
      const load = summariesForList();
      return Promise.all(docs.map((d) => summary(d.id, () => load(d.id))));
    },
    async detail(id: string): Promise<DocumentDetail> {
      const s = await summary(id);
      const job = svc.queue.get(id);
      const chunkErrors = [...(job?.tasks.values() ?? [])]
        .filter((t) => t.status === 'failed' || (t.error && t.status !== 'done'))
        .map((t) => ({
          chunkIndex: t.chunkIndex,
          step: t.step,
          attempts: t.attempts,
          error: t.error ?? 'failed',
        }));
      return { ...s, chunkErrors, sections: job?.payload.sections ?? [] };
    },
    /** Brings the resolution index in line with entities edited outside ingestion. */
    async syncEntities(ids: string[]) {
      editVersion++;
      const unique = [...new Set(ids)];
      const found = await graph.getEntities(unique);
      const present = new Set(found.map((e) => e.id));
      await svc.index.update((index) => {
        for (const id of unique) if (!present.has(id)) index.remove(id);
        // Each keeps the vector it had; a restored entity gets its own at the next commit.
        for (const e of found) index.putRecord(e, null);
      });
    },
    async reingest(id: string) {
      const d = await graph.getDocument(id);
      if (!d) throw new AriadneError('not_found', `No document ${id}.`);
      await removeDocument(id, { keepReference: true });
      await enqueueDocument(id, d.fileName, d.originalPath);
    },
    async retryFailed(id: string) {
      const job = svc.queue.get(id);
      if (!job) throw new AriadneError('not_found', `No job for document ${id}.`);
      if (!TERMINAL_STATUSES.includes(job.status) || job.status === 'done') return;
      const failed = [...job.tasks.values()].filter((t) => t.status === 'failed');
      await svc.queue.saveTasks(
        job,
        failed.map((t) => ({ ...t, status: 'pending', attempts: 0, nextRunAt: 0, error: null })),
      );
      const again = await svc.queue.enqueue(id, { ...job.payload, stage: 'queued' }, { keepTasks: true });
      svc.ctx.progress(again);
      svc.scheduler.wake();
    },
    async cancel(id: string) {
      const job = svc.queue.get(id);
      if (!job) throw new AriadneError('not_found', `No job for document ${id}.`);
      if (job.status === 'running') await svc.scheduler.abort(id);
      else if (job.status === 'queued') {
        await svc.queue.complete(id, 'cancelled', 'Cancelled.');
        await graph.setDocumentStatus(id, 'cancelled');
        svc.ctx.progress(job);
      }
    },
  };
}

/** "draft → refined by <model>": where a progressively read document is; null for a one-pass reading. */
function readingOf(job: Job | undefined, refined: number): ReadingState | null {
  const p = job?.payload.progressive;
  if (!job || !p) return null;
  const total = job.payload.chunksTotal ?? 0;
  return { state: p.phase === 'refined' ? 'refined' : 'draft', model: p.model, refined, total };
}

/** Files up to this size are hashed on the calling thread; larger ones in the worker pool. */
const INLINE_HASH_MAX_BYTES = 1024 * 1024;
