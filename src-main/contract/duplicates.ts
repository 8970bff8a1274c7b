import { z } from 'zod';
import { method } from './define';
import { EntitySummary } from './graph';

export const DuplicateKind = z.enum(['plural', 'abbreviation', 'spelling']);
export type DuplicateKind = z.infer<typeof DuplicateKind>;

/** Two entities that may be one, with the one to keep and why they look alike. */
export const DuplicatePair = z.object({
  a: EntitySummary,
  b: EntitySummary,
  keep: z.enum(['a', 'b']),
  score: z.number(),
  /** "singular and plural", "both disease", "40% shared neighbours", "2 documents name both". */
  reasons: z.array(z.string()),
});
export type DuplicatePair = z.infer<typeof DuplicatePair>;

/** Candidate duplicates of one kind, accepted or rejected together. */
export const DuplicateGroup = z.object({
  kind: DuplicateKind,
  title: z.string(),
  pairs: z.array(DuplicatePair),
});
export type DuplicateGroup = z.infer<typeof DuplicateGroup>;

export const duplicateMethods = {
  'graph:duplicates': method({
    input: z.object({ limit: z.number().int().min(1).max(2000).default(500) }),
    output: z.object({ groups: z.array(DuplicateGroup) }),
    summary:
      'Candidate duplicate entities, scored by type, neighbours, documents and abbreviations, grouped by kind.',
  }),
};
