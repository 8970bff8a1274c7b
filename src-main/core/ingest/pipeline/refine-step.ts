import { at } from '../../at';
import { CallPriority } from '../../llm/provider';
import { chunkId } from '../../store/ids';
import { commitDocument, resolveDocument } from './commit';
import type { PipelineContext } from './context';
import { applyPasses } from './passes';
import { writeReading } from './passage-step';
import { documentMeta, type ChunkStep, type DocumentState } from './step';
import type { ChunkRecord } from '../../store/types';
import type { GroundedExtraction } from '../ground/grounding';

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
 * passages". Its calls wait at `CallPriority.chain`, behind new documents' drafts.
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
  async run(ctx, c, { state, signal, attempt, previous, carry }) {
    const r = await ctx.models.readPassage(
      {
        text: c.text,
        previousSummary: previous,
        entityTypes: ctx.opts.entityTypes,
        attempt,
        meta: documentMeta(state.facts),
        priority: CallPriority.chain,
      },
      signal,
    );
    carry(r.summary);
    const grounded = await applyPasses(
      ctx,
      state,
      c,
      await ctx.pool.run((api) => api.ground(r.extraction, c.text)),
    );
    const counts = await swapPassage(ctx, state, c, grounded, signal);
    const questions = r.questions.slice(0, 10);
    await writeReading(ctx, state.job.docId, c, r.summary, questions);
    await embedQuestions(ctx, state, c, questions, signal);
    return { summary: r.summary, ...counts, questions: questions.length };
  },
  settle: (_state, _c, out) => out.summary,
};

/**
 * The commit turn held for one passage, as a document's commit holds it: resolution sees a library no other
 * write changes meanwhile. The swap itself is the one `addEvidence` transaction inside `commitDocument`,
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
  try {
    const resolution = await resolveDocument(ctx, [c], x, state.facts, signal, CallPriority.chain);
    return await commitDocument(ctx, state.job, [c], x, resolution, state.facts, signal, CallPriority.chain);
  } finally {
    release();
  }
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
