import { AriadneError } from '../../../contract/errors';
import { commitDocument } from './commit';
import { documentKey, groundedOf } from './resolve-step';
import type { DocumentStep } from './step';

/**
 * `commit`: the evidence of every read passage in one `GraphStore.addEvidence` transaction (each mention and
 * relationship citing its own sentence), entity folds, and the vectors of the entities it touched.
 */
export const commit: DocumentStep<{ entities: number; relations: number }> = {
  name: 'commit',
  level: 'document',
  stage: 'persisting',
  turn: true,
  model: (ctx, state, passages) => documentKey(state, ctx.models.embedModel, passages),
  async run(ctx, passages, { state, signal, priorities }) {
    if (!state.resolution) throw new AriadneError('internal', 'The commit runs after resolution.');
    return commitDocument(
      ctx,
      state.job,
      passages,
      groundedOf(state, passages),
      state.resolution,
      state.facts,
      signal,
      priorities.document,
    );
  },
  settle: () => undefined,
};
