import fs from 'node:fs/promises';
import { openReferenceLists } from '../../citations/reference-lists';
import { AriadneError } from '../../../contract/errors';
import type { ChunkRecord } from '../../store/types';
import { chunkId } from '../../store/ids';
import { DOC_LEVEL, type Job, taskKey } from '../queue/types';
import { commitDocument, resolveDocument } from './commit';
import { type PipelineContext, StepFailed } from './context';
import type { GroundedExtraction } from './postprocess';
import { progressiveJob, runProgressive } from './progressive';
import { runStep } from './step';
import { PIPELINE_STEPS } from './steps';
import { CallPriority, EMBED_BATCH_SIZE } from '../../llm/provider';
import { createEmbedWindows } from '../runtime/embed-windows';
import { ParseFailed } from '../parse/worker-api';
import { at } from '../../at';
import { pageAt } from '../../nlp/pages';

export interface JobOutcome {
  failedChunks: number[];
  chunkErrors: { chunkIndex: number; step: string; attempts: number; error: string }[];
}

/** What a passage step persists: the reading, grounded, without the raw model reply. */
interface PassageOutput {
  summary: string;
  grounded: GroundedExtraction;
  questions: string[];
}

/**
 * One document, from the original file to committed evidence: parse (worker) → blocks → one model call per
 * passage, in reading order (passage n+1's call takes passage n's summary: seed 000's forward chain), which
 * returns the summary, entities, relationships and atomic questions together → embeddings of passages and
 * questions, batched across passages → resolution and commit. Each step's output is persisted as it lands,
 * so a restart resumes here.
 */
export async function runJob(ctx: PipelineContext, job: Job, signal: AbortSignal): Promise<JobOutcome> {
  const progressive = progressiveJob(ctx, job);
  const chunks = await ensureChunks(ctx, job, signal);
  if (progressive) {
    const { failedChunks } = await runProgressive(ctx, job, chunks, signal);
    return { failedChunks, chunkErrors: chunkErrorsOf(job) };
  }
  const p = job.payload;
  const { runner } = ctx;
  const failed = new Set<number>();
  // Every chunk promise settles: a chunk that ran out of retries is noted, anything else (cancel, an
  // unreachable Ollama) is kept and rethrown once the others have stopped, never left unhandled.
  let fatal: unknown = null;
  const note = (e: unknown, i: number) => {
    if (e instanceof StepFailed) failed.add(i);
    else fatal ??= e;
  };
  const setStage = (stage: typeof p.stage) => {
    if (p.stage !== stage) {
      p.stage = stage;
      ctx.progress(job);
    }
  };
  setStage(PIPELINE_STEPS.passage.stage);

  const extractions = new Map<number, GroundedExtraction>();
  const embeddings: Promise<void>[] = [];
  // Passage and question embeddings wait behind every chain call (CallPriority.background): nothing else
  // in the document waits for them, and batches fill up meanwhile.
  const windows = createEmbedWindows(
    (texts) => runner.embed(texts, signal, CallPriority.background),
    EMBED_BATCH_SIZE,
  );
  const embedChunk = (c: ChunkRecord, questions: string[]) => {
    const done = job.tasks.get(taskKey(c.index, 'embed'));
    if (done?.status === 'done' && done.output?.model === runner.embedModel) return;
    // Queued now, in passage order, so windows are cut the same way on every run.
    const first = windows.need([c.text, ...questions]);
    first.catch(() => undefined);
    embeddings.push(
      runStep(ctx, job, signal, c.index, 'embed', runner.embedModel, async (attempt) => {
        const vecs = attempt === 1 ? await first : await windows.need([c.text, ...questions]);
        await ctx.ensureEmbedding(at(vecs, 0).length);
        const cid = chunkId(job.docId, c.index);
        await ctx.library.vectors.upsert('chunks', [
          { id: cid, docId: job.docId, text: c.text, vector: at(vecs, 0) },
        ]);
        await ctx.library.vectors.upsert(
          'questions',
          questions.map((text, i) => ({
            id: `${cid}#q${i}`,
            docId: job.docId,
            text,
            vector: at(vecs, i + 1),
          })),
        );
        return vecs.length;
      }).then(
        () => undefined,
        (e: unknown) => note(e, c.index),
      ),
    );
  };

  let previous = '';
  let chainBroken = false;
  const doc = await ctx.library.graph.getDocument(job.docId);
  const meta = doc?.authors.length ? { authors: doc.authors } : undefined;
  // Steps settle in passage order here, so passage texts queue for embedding in reading order.
  let inOrder: Promise<unknown> = Promise.resolve();
  for (const c of chunks) {
    const context = previous;
    // Passage n+1 needs only passage n's summary: its call goes out as soon as that reply is in, while
    // passage n is grounded and written (a worker round trip and two store writes per passage).
    let giveSummary: (s: string) => void = () => undefined;
    const summary = new Promise<string>((resolve) => (giveSummary = resolve));
    const step = runStep(ctx, job, signal, c.index, 'passage', runner.chatModel, async (attempt) => {
      const t0 = ctx.clock.now();
      const r = await runner.readPassage(
        { text: c.text, previousSummary: context, entityTypes: ctx.opts.entityTypes, attempt, meta },
        signal,
      );
      giveSummary(r.summary);
      const grounded = await ctx.pool.run((api) => api.ground(r.extraction, c.text));
      const questions = r.questions.slice(0, 10);
      const cid = chunkId(job.docId, c.index);
      await ctx.library.graph.upsertChunks(job.docId, [{ ...c, forwardSummary: r.summary }]);
      await ctx.library.graph.setQuestions(
        questions.map((text, i) => ({ id: `${cid}#q${i}`, docId: job.docId, chunkIndex: c.index, text })),
      );
      ctx.log.log('info', 'passage read', {
        chunk: cid,
        entities: grounded.entities.length,
        relationships: grounded.relations.length,
        questions: questions.length,
        dropped: grounded.dropped,
        latencyMs: ctx.clock.now() - t0,
      });
      return { summary: r.summary, grounded, questions } satisfies PassageOutput;
    });
    const settled = step.then(
      (read) => ({ read }),
      (e: unknown) => ({ error: e }),
    );
    inOrder = inOrder
      .then(() => settled)
      .then((out) => {
        if ('error' in out) return note(out.error, c.index);
        extractions.set(c.index, out.read.grounded);
        embedChunk(c, out.read.questions);
      });
    // A persisted step (a resumed job) gives its summary without a call.
    const next = await Promise.race([
      summary,
      settled.then((out) => ('read' in out ? out.read.summary : null)),
    ]);
    if (next === null) {
      // No summary: the passages after this one wait for "retry failed passages".
      chainBroken = true;
      break;
    }
    previous = next;
  }
  await inOrder;
  windows.close();
  await Promise.all(embeddings);
  if (fatal) throw fatal;
  if (chainBroken) {
    for (const c of chunks) if (!extractions.has(c.index)) failed.add(c.index);
  }
  if (signal.aborted) throw new AriadneError('cancelled', 'Cancelled.');

  setStage(PIPELINE_STEPS.resolve.stage);
  const ok = chunks.filter((c) => extractions.has(c.index));
  const model = `${runner.chatModel}|${runner.embedModel}|${ok.map((c) => c.index).join(',')}`;
  const release = await ctx.commitTurn(job, signal);
  try {
    const resolution = await runStep(ctx, job, signal, DOC_LEVEL, 'resolve', model, () =>
      resolveDocument(ctx, job, ok, extractions, signal),
    );
    await runStep(ctx, job, signal, DOC_LEVEL, 'commit', model, () =>
      commitDocument(ctx, job, ok, extractions, resolution, signal),
    );
  } finally {
    release();
  }
  return { failedChunks: [...failed].sort((a, b) => a - b), chunkErrors: chunkErrorsOf(job) };
}

function chunkErrorsOf(job: Job): JobOutcome['chunkErrors'] {
  return [...job.tasks.values()]
    .filter((t) => t.status === 'failed')
    .map((t) => ({
      chunkIndex: t.chunkIndex,
      step: t.step,
      attempts: t.attempts,
      error: t.error ?? 'failed',
    }));
}

/** Parses and splits the document once; afterwards the chunks are read back from the graph. */
async function ensureChunks(ctx: PipelineContext, job: Job, signal: AbortSignal): Promise<ChunkRecord[]> {
  const p = job.payload;
  if (p.chunksTotal !== null) {
    const have = await ctx.library.graph.getChunks(job.docId);
    if (have.length === p.chunksTotal) return have;
  }
  p.stage = 'parsing';
  ctx.progress(job);
  const bytes = new Uint8Array(await fs.readFile(ctx.library.originals.path(job.docId)));
  const turn = await ctx.parseTurn(signal);
  const parsed = await ctx.parser
    .parseBytes(bytes, p.kind, { document: job.docId, signal })
    .finally(turn)
    .catch(async (e: unknown) => {
      // A PDF that failed after its pages were counted keeps the count (the view said "0 pages").
      if (e instanceof ParseFailed && e.pages)
        await ctx.library.graph.upsertDocument({
          id: job.docId,
          title: p.fileName,
          pages: e.pages,
          status: 'running',
          fileName: p.fileName,
          originalPath: p.originalPath,
        });
      throw e;
    });
  if (signal.aborted) throw new AriadneError('cancelled', 'Cancelled.');
  // Beside the graph, never in the job payload; a document read again overwrites its old geometry.
  if (parsed.geometry) await ctx.library.geometry.write(job.docId, parsed.geometry);
  else await ctx.library.geometry.remove(job.docId);
  await ctx.library.parseNotes.put(job.docId, { language: parsed.language ?? null, ocr: parsed.ocr ?? null });
  // The reference list, read into fields, for citation matching (core/citations).
  await openReferenceLists(ctx.library.dataDir).write(job.docId, parsed.references);
  // A reference manager's record (Zotero) is curated: it wins over what was read off the first page.
  const ref = ctx.library.references.get(job.docId);
  await ctx.library.graph.upsertDocument({
    id: job.docId,
    title: ref?.title || parsed.title?.trim() || p.fileName,
    authors: ref?.authors.length ? ref.authors : parsed.authors,
    year: ref?.year ?? parsed.year,
    doi: ref?.doi ?? parsed.doi,
    pages: parsed.pages,
    status: 'running',
    parserVersion: parsed.parserVersion,
    fileName: p.fileName,
    originalPath: p.originalPath,
  });
  p.stage = 'chunking';
  ctx.progress(job);
  const blocks = await ctx.pool.run((api) =>
    api.blocks(parsed.text, parsed.pageOffsets, ctx.opts.blockTokens),
  );
  const rows = await ctx.library.graph.upsertChunks(
    job.docId,
    blocks.map((b) => ({
      index: b.index,
      text: b.text,
      pageStart: b.pageStart,
      pageEnd: b.pageEnd,
      charStart: b.start,
      charEnd: b.end,
      pageOffsets: relativePageOffsets(b.start, b.end, b.pageStart, b.pageEnd, parsed.pageOffsets),
    })),
    { replace: true },
  );
  p.chunksTotal = rows.length;
  p.sections = parsed.sections
    .filter((s) => s.name !== 'references')
    .map((s) => ({ name: s.heading || s.name, page: pageAt(s.start, parsed.pageOffsets) }));
  await ctx.queue.savePayload(job);
  return ctx.library.graph.getChunks(job.docId);
}

function relativePageOffsets(
  start: number,
  _end: number,
  first: number,
  last: number,
  offsets: number[],
): number[] {
  const out = [0];
  for (let pg = first + 1; pg <= last; pg++) out.push(Math.max(0, (offsets[pg - 1] ?? start) - start));
  return out;
}
