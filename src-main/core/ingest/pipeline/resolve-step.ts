import type { GroundedExtraction } from '../ground/grounding';
import type { Resolution } from '../resolve/resolve';
import { embedEntitiesAhead, resolveDocument } from './commit';
import type { DocumentState, DocumentStep } from './step';

/** The readings of `passages` by chunk index, for resolution and the commit. */
export function groundedOf(
  state: DocumentState,
  passages: { index: number }[],
): Map<number, GroundedExtraction> {
  const out = new Map<number, GroundedExtraction>();
  for (const c of passages) {
    const r = state.readings.get(c.index);
    if (r) out.set(c.index, r.grounded);
  }
  return out;
}

/** A document step's key: the reading's model, the embedding model and the passages it covers. */
export const documentKey = (state: DocumentState, embedModel: string, passages: { index: number }[]) =>
  `${state.readBy}|${embedModel}|${passages.map((c) => c.index).join(',')}`;

/**
 * `resolve`: the document's distinct entities against the library (names, abbreviations from the document's
 * facts, vectors against the resolution index), under the commit turn so documents resolve in queue order.
 */
export const resolve: DocumentStep<Resolution> = {
  name: 'resolve',
  level: 'document',
  stage: 'resolving',
  turn: true,
  model: (ctx, state, passages) => documentKey(state, ctx.models.embedModel, passages),
  beforeTurn: (ctx, passages, { state, signal, priorities }) =>
    embedEntitiesAhead(ctx, passages, groundedOf(state, passages), signal, priorities.document),
  run: (ctx, passages, { state, signal, priorities }) =>
    resolveDocument(ctx, passages, groundedOf(state, passages), state.facts, signal, priorities.document),
  settle(state, out) {
    state.resolution = out;
  },
};
