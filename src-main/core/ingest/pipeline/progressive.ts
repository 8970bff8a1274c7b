import { AriadneError } from '../../../contract/errors';
import { at } from '../../at';
import { CallPriority, EMBED_BATCH_SIZE } from '../../llm/provider';
import type { PassageReading } from '../../llm/schemas';
import { chunkId } from '../../store/ids';
import type { ChunkRecord } from '../../store/types';
import { DOC_LEVEL, type Job, taskKey } from '../queue/types';
import { commitDocument, resolveDocument } from './commit';
import { type PipelineContext, StepFailed } from './context';
import type { GroundedExtraction } from './postprocess';
import { runStep } from './step';
import { PIPELINE_STEPS } from './steps';

/** The draft's steps are recorded under this model name: the built-in rules, whatever model refines. */
const DRAFT_MODEL = 'builtin';

/**
 * Calls that make the draft: the document's passage vectors and its entities' vectors. The draft is what
 * the user waits for after dropping a file, so they go before any refinement call (`CallPriority.chain`),
 * as a question does.
 */
const DRAFT_PRIORITY = CallPriority.interactive;

/** Whether this job reads progressively; decided once, when it first runs, and kept in its payload. */
export function progressiveJob(ctx: PipelineContext, job: Job): boolean {
  const p = job.payload;
  if (p.progressive) return true;
  // A job that already ran steps of the one-pass flow (resumed after an upgrade, a retry) stays in it.
  const started = [...job.tasks.values()].some((t) => t.step === 'passage');
  if (!ctx.opts.progressive || started) return false;
  p.progressive = { model: ctx.runner.chatModel, phase: 'draft' };
  return true;
}

/**
 * Progressive ingestion. First the draft: every passage read by the built-in rules in the worker pool (no
 * chat call), the passages embedded with the library's embedding model, the document resolved and
 * committed as in the one-pass flow — searchable and in the graph within seconds. Then the refinement, one
 * journaled `refine` step per passage along the forward-summary chain: the model reads the passage, and
 * its evidence replaces the draft's in one `addEvidence` transaction (the passage never has both, never
 * neither), entities that only the draft named go with their vectors, and the model's questions are
 * written and embedded. A kill at any point leaves the draft (or the refined passages) in place; the
 * restarted job skips what its steps persisted, so the upgrade resumes where it stopped.
 *
 * Vectors: a passage's vector is the embedding model's from the draft on, and is never embedded again (its
 * text does not change). Draft entities are embedded by the same model, since resolution compares them
 * with the library's; the built-in hashed vectors live in another space and are never stored here.
 * Atomic questions come with the refinement only: the draft writes none, so none is embedded twice.
 */
export async function runProgressive(
  ctx: PipelineContext,
  job: Job,
  chunks: ChunkRecord[],
  signal: AbortSignal,
): Promise<{ failedChunks: number[] }> {
  const p = job.payload;
  const state = p.progressive;
  if (!state) throw new AriadneError('internal', 'Not a progressive job.');
  if (state.phase === 'draft') {
    const failed = await draftDocument(ctx, job, chunks, signal);
    // A passage the rules could not read keeps the job from refining: it is failed like a passage step.
    if (failed.length) return { failedChunks: failed };
    state.phase = 'refine';
    p.stage = PIPELINE_STEPS.refine.stage;
    await ctx.queue.savePayload(job);
    ctx.progress(job);
    ctx.documentChanged(job);
  }
  if (state.phase === 'refine') {
    // The model may have changed since the draft: the steps it has not refined yet are its own.
    state.model = ctx.runner.chatModel;
    if (p.stage !== PIPELINE_STEPS.refine.stage) {
      p.stage = PIPELINE_STEPS.refine.stage;
      ctx.progress(job);
    }
    const failed = await refineDocument(ctx, job, chunks, signal);
    if (failed.length) return { failedChunks: failed };
    state.phase = 'refined';
    await ctx.queue.savePayload(job);
  }
  return { failedChunks: [] };
}

interface DraftOutput {
  summary: string;
  grounded: GroundedExtraction;
}

/** The built-in reading of every passage, the passage vectors, resolution and one commit. */
async function draftDocument(
  ctx: PipelineContext,
  job: Job,
  chunks: ChunkRecord[],
  signal: AbortSignal,
): Promise<number[]> {
  const setStage = (stage: typeof job.payload.stage) => {
    job.payload.stage = stage;
    ctx.progress(job);
  };
  setStage(PIPELINE_STEPS.draft.stage);
  const doc = await ctx.library.graph.getDocument(job.docId);
  const meta = doc?.authors.length ? { authors: doc.authors } : undefined;
  const extractions = new Map<number, GroundedExtraction>();
  const failed: number[] = [];
  let previous = '';
  for (const c of chunks) {
    const context = previous;
    try {
      const out = await runStep(ctx, job, signal, c.index, 'draft', DRAFT_MODEL, async () => {
        const r = (await ctx.pool.run((api) =>
          api.builtin('passage', {
            text: c.text,
            previousSummary: context,
            entityTypes: ctx.opts.entityTypes,
            meta,
          }),
        )) as PassageReading;
        const grounded = await ctx.pool.run((api) => api.ground(r.extraction, c.text));
        await ctx.library.graph.upsertChunks(job.docId, [{ ...c, forwardSummary: r.summary }]);
        return { summary: r.summary, grounded } satisfies DraftOutput;
      });
      previous = out.summary;
      extractions.set(c.index, out.grounded);
    } catch (e) {
      if (!(e instanceof StepFailed)) throw e;
      failed.push(c.index);
    }
  }
  if (failed.length) return failed;
  await embedPassages(ctx, job, chunks, signal);
  if (signal.aborted) throw new AriadneError('cancelled', 'Cancelled.');

  setStage(PIPELINE_STEPS.resolve.stage);
  const model = `${DRAFT_MODEL}|${ctx.runner.embedModel}|${chunks.map((c) => c.index).join(',')}`;
  const release = await ctx.commitTurn(job, signal);
  try {
    const opts = { priority: DRAFT_PRIORITY };
    const resolution = await runStep(ctx, job, signal, DOC_LEVEL, 'resolve', model, () =>
      resolveDocument(ctx, job, chunks, extractions, signal, opts),
    );
    await runStep(ctx, job, signal, DOC_LEVEL, 'commit', model, () =>
      commitDocument(ctx, job, chunks, extractions, resolution, signal, opts),
    );
  } finally {
    release();
  }
  return [];
}

/** Passage vectors in requests of the provider's batch size; each passage's upsert is its `embed` step. */
async function embedPassages(ctx: PipelineContext, job: Job, chunks: ChunkRecord[], signal: AbortSignal) {
  const { runner } = ctx;
  const todo = chunks.filter((c) => {
    const t = job.tasks.get(taskKey(c.index, 'embed'));
    return !(t?.status === 'done' && t.output?.model === runner.embedModel);
  });
  for (let i = 0; i < todo.length; i += EMBED_BATCH_SIZE) {
    const window = todo.slice(i, i + EMBED_BATCH_SIZE);
    const vectors = runner.embed(
      window.map((c) => c.text),
      signal,
      DRAFT_PRIORITY,
    );
    await Promise.all(
      window.map((c, j) =>
        runStep(ctx, job, signal, c.index, 'embed', runner.embedModel, async (attempt) => {
          const vecs = attempt === 1 ? await vectors : await runner.embed([c.text], signal, DRAFT_PRIORITY);
          const v = at(vecs, attempt === 1 ? j : 0);
          await ctx.ensureEmbedding(v.length);
          await ctx.library.vectors.upsert('chunks', [
            { id: chunkId(job.docId, c.index), docId: job.docId, text: c.text, vector: v },
          ]);
          return 1;
        }),
      ),
    );
  }
}

interface RefineOutput {
  summary: string;
  entities: number;
  relations: number;
  questions: number;
}

/**
 * The model's reading, passage by passage in reading order (passage n+1's call takes passage n's summary).
 * A passage out of retries stops the chain: it and the passages after it keep their draft and wait for
 * "retry failed passages". Returns them.
 */
async function refineDocument(
  ctx: PipelineContext,
  job: Job,
  chunks: ChunkRecord[],
  signal: AbortSignal,
): Promise<number[]> {
  const { runner } = ctx;
  const doc = await ctx.library.graph.getDocument(job.docId);
  const meta = doc?.authors.length ? { authors: doc.authors } : undefined;
  let previous = '';
  for (const [n, c] of chunks.entries()) {
    const context = previous;
    try {
      const out = await runStep(ctx, job, signal, c.index, 'refine', runner.chatModel, async (attempt) => {
        const r = await runner.readPassage(
          {
            text: c.text,
            previousSummary: context,
            entityTypes: ctx.opts.entityTypes,
            attempt,
            meta,
            priority: CallPriority.chain,
          },
          signal,
        );
        const grounded = await ctx.pool.run((api) => api.ground(r.extraction, c.text));
        const x = new Map([[c.index, grounded]]);
        const opts = { priority: CallPriority.chain, documentChunks: chunks };
        // Under the commit turn, as a document's commit: resolution sees a library no other write changes
        // meanwhile. The swap itself is the one addEvidence transaction inside commitDocument.
        const release = await ctx.commitTurn(job, signal);
        let counts: { entities: number; relations: number };
        try {
          const resolution = await resolveDocument(ctx, job, [c], x, signal, opts);
          counts = await commitDocument(ctx, job, [c], x, resolution, signal, opts);
        } finally {
          release();
        }
        const questions = r.questions.slice(0, 10);
        await writeQuestions(ctx, job, c, r.summary, questions, signal);
        return { summary: r.summary, ...counts, questions: questions.length } satisfies RefineOutput;
      });
      previous = out.summary;
    } catch (e) {
      if (!(e instanceof StepFailed)) throw e;
      return chunks.slice(n).map((x) => x.index);
    }
  }
  return [];
}

/** The refined forward summary and the model's atomic questions of a passage, with their vectors. */
async function writeQuestions(
  ctx: PipelineContext,
  job: Job,
  c: ChunkRecord,
  summary: string,
  questions: string[],
  signal: AbortSignal,
) {
  const { graph, vectors } = ctx.library;
  const cid = chunkId(job.docId, c.index);
  await graph.upsertChunks(job.docId, [{ ...c, forwardSummary: summary }]);
  await graph.setQuestions(
    questions.map((text, i) => ({ id: `${cid}#q${i}`, docId: job.docId, chunkIndex: c.index, text })),
  );
  if (!questions.length) return;
  // Paused, the queue lets calls in flight finish and starts no new one: the passage's step stays open
  // until the queue resumes (its swap above is idempotent if the process stops meanwhile).
  await ctx.whenRunning(signal);
  const vecs = await ctx.runner.embed(questions, signal, CallPriority.background);
  await vectors.upsert(
    'questions',
    questions.map((text, i) => ({ id: `${cid}#q${i}`, docId: job.docId, text, vector: at(vecs, i) })),
  );
}
