import { chunkId } from '../../store/ids';
import type { ChunkRecord } from '../../store/types';
import type { PipelineContext } from './context';
import { applyPasses } from './passes';
import { documentMeta, type ChunkStep, type DocumentState, type Reading, type StepRun } from './step';
import type { PassageReading } from '../../llm/schemas';
import type { GroundedExtraction } from '../ground/grounding';

/**
 * `passage` (one-pass flow): one model call per passage, in reading order — passage n+1's call takes passage
 * n's summary (seed 000's forward chain) and goes out as soon as that reply is in, while passage n is
 * grounded and written. One call returns the summary, entities, relationships and atomic questions; the
 * summary and the questions are written at once, the evidence at the document's commit.
 */
export const passage: ChunkStep<Reading> = {
  name: 'passage',
  level: 'chunk',
  stage: 'extracting',
  chain: true,
  onFailure: 'skip-passage',
  reads: true,
  model: (ctx) => ctx.models.chatModel,
  async run(ctx, c, run) {
    const { state } = run;
    const t0 = ctx.clock.now();
    const { summary, grounded, questions } = await readPassage(ctx, c, run);
    await writeReading(ctx, state.job.docId, c, summary, questions);
    ctx.log.log('info', 'passage read', {
      chunk: chunkId(state.job.docId, c.index),
      entities: grounded.entities.length,
      relationships: grounded.relations.length,
      questions: questions.length,
      dropped: grounded.dropped,
      droppedRelations: grounded.droppedRelations ?? 0,
      latencyMs: ctx.clock.now() - t0,
    });
    return { summary, grounded, questions };
  },
  settle(state, c, out) {
    state.readings.set(c.index, out);
    return out.summary;
  },
};

/**
 * One passage read by the model along the forward-summary chain (the summary handed on as soon as it is
 * in), its extraction grounded in the text, and its first ten atomic questions. `priority` (a
 * `CallPriority`) is the model call's place in the limiter's queue when not the default.
 */
export async function readPassage(
  ctx: PipelineContext,
  c: ChunkRecord,
  { state, signal, attempt, previous, carry }: StepRun & { previous: string; carry(v: string): void },
  priority?: number,
  early?: Promise<PassageReading>,
): Promise<{ summary: string; grounded: GroundedExtraction; questions: string[] }> {
  const r = await (early ?? askModel(ctx, state, c, { previous, attempt, signal, priority }));
  carry(r.summary);
  const grounded = await applyPasses(
    ctx,
    state,
    c,
    await ctx.pool.run((api) => api.ground(r.extraction, c.text, ctx.models.reads)),
  );
  return { summary: r.summary, grounded, questions: r.questions.slice(0, 10) };
}

/**
 * The model's reading of one passage (one call, journaled), given the previous passage's summary. `early`
 * in `readPassage` is this call made ahead of the step (refine-step.ts reads a draft's passages while the
 * draft waits to commit).
 */
export function askModel(
  ctx: PipelineContext,
  state: DocumentState,
  c: ChunkRecord,
  o: { previous: string; attempt: number; signal: AbortSignal; priority?: number | undefined },
): Promise<PassageReading> {
  return ctx.models.readPassage(
    {
      text: c.text,
      previousSummary: o.previous,
      entityTypes: ctx.opts.entityTypes,
      attempt: o.attempt,
      meta: documentMeta(state.facts),
      ...(o.priority !== undefined ? { priority: o.priority } : {}),
    },
    o.signal,
  );
}

/** A passage's forward summary and atomic questions, as its reading gives them. */
export async function writeReading(
  ctx: PipelineContext,
  docId: string,
  c: ChunkRecord,
  summary: string,
  questions: string[],
): Promise<void> {
  const cid = chunkId(docId, c.index);
  await ctx.library.graph.upsertChunks(docId, [{ ...c, forwardSummary: summary }]);
  await ctx.library.graph.setQuestions(
    questions.map((text, i) => ({ id: `${cid}#q${i}`, docId, chunkIndex: c.index, text })),
  );
}
