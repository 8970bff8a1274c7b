import type { PassageReading } from '../../llm/schemas';
import { applyPasses } from './passes';
import { documentMeta, type ChunkStep, type Reading } from './step';

/** The draft's steps are recorded under this model name: the built-in rules, whatever model refines. */
export const DRAFT_MODEL = 'builtin';

/**
 * `draft` (draft-then-refine flow): every passage read by the built-in rules in the worker pool, no chat
 * call, so the document is in the library (searchable, in the graph) within seconds of the drop. Its
 * forward summary is written at once; its evidence at the draft's commit; no atomic questions (the model's
 * come with the refinement, so none is embedded twice).
 */
export const draft: ChunkStep<Omit<Reading, 'questions'>> = {
  name: 'draft',
  level: 'chunk',
  stage: 'extracting',
  chain: true,
  // A passage the rules could not read keeps the job from refining: it is failed like a passage step.
  onFailure: 'stop-flow',
  reads: true,
  model: () => DRAFT_MODEL,
  async run(ctx, c, { state, previous, carry }) {
    const r = (await ctx.pool.run((api) =>
      api.builtin('passage', {
        text: c.text,
        previousSummary: previous,
        entityTypes: ctx.opts.entityTypes,
        meta: documentMeta(state.facts),
      }),
    )) as PassageReading;
    carry(r.summary);
    const grounded = await applyPasses(
      ctx,
      state,
      c,
      await ctx.pool.run((api) => api.ground(r.extraction, c.text)),
    );
    await ctx.library.graph.upsertChunks(state.job.docId, [{ ...c, forwardSummary: r.summary }]);
    return { summary: r.summary, grounded };
  },
  settle(state, c, out) {
    state.readings.set(c.index, { ...out, questions: [] });
    return out.summary;
  },
};
