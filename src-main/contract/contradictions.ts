import { z } from 'zod';
import { method } from './define';
import { EntityId, EntitySummary, Evidence } from './graph';

/** One side of a disagreement: what it claims ("increases", "does not decrease") and the evidence saying so. */
export const ContradictionSide = z.object({
  claim: z.string(),
  /** +1: the source raises the target; -1: it lowers it. */
  sign: z.union([z.literal(1), z.literal(-1)]),
  negated: z.boolean(),
  evidence: z.array(
    Evidence.extend({
      /** The sentence states the claim with a hedge ("may", "suggests"). */
      hedged: z.boolean(),
    }),
  ),
});
export type ContradictionSide = z.infer<typeof ContradictionSide>;

/**
 * Evidence of opposite sign between the same two entities, in the same direction: "X increases Y" against
 * "X decreases Y" (`opposite-sign`), or "X increases Y" against "X does not increase Y" (`denied`).
 */
export const Contradiction = z.object({
  source: EntitySummary,
  target: EntitySummary,
  kind: z.enum(['opposite-sign', 'denied']),
  sides: z.tuple([ContradictionSide, ContradictionSide]),
  /** Distinct documents behind both sides; 1 when a paper disagrees with itself. */
  documents: z.number().int().positive(),
});
export type Contradiction = z.infer<typeof Contradiction>;

export const ContradictionsInput = z.object({
  /** Only disagreements involving this entity. */
  entityId: EntityId.optional(),
  /** Only evidence read from these documents. */
  documentIds: z.array(z.string().min(1)).max(10_000).optional(),
  limit: z.number().int().min(1).max(1000).default(100),
});

export const contradictionMethods = {
  'graph:contradictions': method({
    input: ContradictionsInput,
    output: z.object({ contradictions: z.array(Contradiction) }),
    summary: 'Pairs of entities with evidence of opposite sign (increases against decreases, or denied).',
  }),
};
