import { at } from '../../at';
import { entityText } from '../../entities';
import { CallPriority } from '../../llm/provider';
import { chunkId } from '../../store/ids';
import { refreshTouched, resolveDocument, writeEvidence } from './commit';
import type { PipelineContext } from './context';
import { askModel, readPassage, writeReading } from './passage-step';
import { takeAhead } from './read-ahead';
import type { ChunkStep, DocumentState } from './step';
import type { ChunkRecord } from '../../store/types';
import type { GroundedExtraction } from '../ground/grounding';
import type { PassageReading } from '../../llm/schemas';

interface Refined {
  summary: string;
  entities: number;
  relations: number;
  questions: number;
}

/**
 * `refine` (draft-then-refine flow, after the draft's commit): the model reads each passage along the
 * forward-summary chain, and its evidence replaces the draft's for that passage in one swap (`swapPassage`);
 * then its forward summary and atomic questions are written and the questions embedded. A passage out of
 * retries stops the chain: it and the passages after it keep their draft and wait for "retry failed
 * passages". Its calls wait at `CallPriority.chain`, behind new documents' drafts. Its model calls start
 * when the job does (`ahead`, read-ahead.ts), along the chain, while the draft is read and committed.
 */
export const refine: ChunkStep<Refined> = {
  name: 'refine',
  level: 'chunk',
  stage: 'refining',
  phase: 'refine',
  chain: true,
  onFailure: 'stop-flow',
  reads: false,
  model: (ctx) => ctx.models.chatModel,
  ahead: (ctx, state, c, { previous, signal }) =>
    askModel(ctx, state, c, { previous, attempt: 1, signal, priority: CallPriority.chain }),
  async run(ctx, c, run) {
    const { state, signal } = run;
    // The first attempt's call was made ahead, while the draft waited to commit (read-ahead.ts).
    const early = run.attempt === 1 ? takeAhead<PassageReading>(state, c, run.previous) : undefined;
    const { summary, grounded, questions } = await readPassage(ctx, c, run, CallPriority.chain, early);
    // Resolution's entity vectors and the questions', in one request before the commit turn (the turn and
    // embedQuestions then find them in the cache): the turn is library-wide, and a model call made while
    // holding it kept every other document's refinement waiting. Five papers at --concurrency 4, every call
    // 500 ms: at most 2 chat calls in flight and 0.65 of the wall time of --concurrency 1 before, 3 and 0.57
    // after (test/bench/parallel-reading.ts).
    await ctx.models.embed(
      [...grounded.entities.map((e) => entityText(e.name, e.description)), ...questions],
      signal,
      CallPriority.chain,
    );
    const counts = await swapPassage(ctx, state, c, grounded, signal);
    await writeReading(ctx, state.job.docId, c, summary, questions);
    await embedQuestions(ctx, state, c, questions, signal);
    return { summary, ...counts, questions: questions.length };
  },
  settle: (_state, _c, out) => out.summary,
};

/**
 * The commit turn held for one passage, as a document's commit holds it: resolution sees a library no other
 * write changes meanwhile. The swap itself is the one `addEvidence` transaction inside `writeEvidence`,
 * which replaces the passage's draft mentions and evidence with the model's — a passage never holds both,
 * nor neither — and deletes the entities only the draft named, with their vectors.
 */
async function swapPassage(
  ctx: PipelineContext,
  state: DocumentState,
  c: ChunkRecord,
  grounded: GroundedExtraction,
  signal: AbortSignal,
): Promise<{ entities: number; relations: number }> {
  const x = new Map([[c.index, grounded]]);
  const release = await ctx.commitTurn(state.job, signal);
  let written: { touched: string[]; relations: number };
  try {
    const resolution = await resolveDocument(ctx, [c], x, state.facts, signal, CallPriority.chain);
    written = await writeEvidence(ctx, state.job, [c], x, resolution, state.facts);
  } finally {
    release();
  }
  // The touched entities' new vectors are a model call: made after the turn, so other documents' swaps go on
  // meanwhile. A failure here retries the passage, whose swap is idempotent.
  const entities = await refreshTouched(ctx, written.touched, signal, CallPriority.chain);
  return { entities, relations: written.relations };
}

/** The model's atomic questions of a passage, embedded and stored with their vectors. */
async function embedQuestions(
  ctx: PipelineContext,
  state: DocumentState,
  c: ChunkRecord,
  questions: string[],
  signal: AbortSignal,
) {
  if (!questions.length) return;
  // Paused, the queue lets calls in flight finish and starts no new one: the passage's step stays open
  // until the queue resumes (its swap above is idempotent if the process stops meanwhile).
  await ctx.whenRunning(signal);
  const vecs = await ctx.models.embed(questions, signal, CallPriority.background);
  const docId = state.job.docId;
  const cid = chunkId(docId, c.index);
  await ctx.library.vectors.upsert(
    'questions',
    questions.map((text, i) => ({ id: `${cid}#q${i}`, docId, text, vector: at(vecs, i) })),
  );
}
