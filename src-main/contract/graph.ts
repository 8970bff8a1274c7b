import { z } from 'zod';
import { Ok, method } from './define';
import { NameText } from './text-safety';

export const EntityId = z.string().min(1).max(256);

export const EntitySummary = z.object({
  id: EntityId,
  name: z.string(),
  type: z.string(),
  description: z.string(),
  aliases: z.array(z.string()),
  evidenceCount: z.number().int().nonnegative(),
  communityId: z.string().nullable(),
});
export type EntitySummary = z.infer<typeof EntitySummary>;

/** Where a fact comes from: enough to print "(Appetite 2019, p. 3)" and open the PDF at the passage. */
export const Citation = z.object({
  documentId: z.string(),
  title: z.string(),
  shortTitle: z.string(),
  year: z.number().int().nullable(),
  page: z.number().int().nullable(),
  chunkId: z.string(),
  quote: z.string(),
  /** [start, end) of the quoted sentence in the document's text; absent when not known. */
  start: z.number().int().nonnegative().optional(),
  end: z.number().int().nonnegative().optional(),
  /** First and last page of the quoted sentence ([4, 5] for a sentence across a page break: "pp. 4–5"). */
  pages: z.array(z.number().int()).min(1).max(2).optional(),
  /** The figure or table the quote is in ("Table 2", "Fig. 3") when it is a caption or table cells. */
  label: z.string().optional(),
});
export type Citation = z.infer<typeof Citation>;

/** One piece of evidence for a relationship: RELATED stores one row per piece. */
export const Evidence = z.object({
  source: EntityId,
  target: EntityId,
  keywords: z.array(z.string()),
  description: z.string(),
  confidence: z.number(),
  citation: Citation,
});
export type Evidence = z.infer<typeof Evidence>;

export const PathEdge = z.object({
  source: EntityId,
  target: EntityId,
  /** True when the stored relationship points target → source. */
  reversed: z.boolean(),
  keywords: z.array(z.string()),
  evidenceCount: z.number().int(),
  /** The best piece of evidence, shown inline; the rest via graph:edge-evidence. */
  best: Evidence,
});
export type PathEdge = z.infer<typeof PathEdge>;

export const GraphPath = z.object({
  nodes: z.array(EntitySummary),
  edges: z.array(PathEdge),
  score: z.number(),
  /** `A --[description (Title Year, p. N)]--> B` lines, as the CLI prints them. */
  text: z.string(),
});
export type GraphPath = z.infer<typeof GraphPath>;

export const GraphFilters = z.object({
  entityTypes: z.array(z.string()).optional(),
  keywords: z.array(z.string()).optional(),
  direction: z.enum(['out', 'in', 'both']).default('both'),
  minEvidence: z.number().int().min(1).default(1),
  documentIds: z.array(z.string()).optional(),
});
export type GraphFilters = z.infer<typeof GraphFilters>;

export const ResolvedTerm = z.object({
  term: z.string(),
  candidates: z.array(
    z.object({
      entity: EntitySummary,
      score: z.number(),
      matchedBy: z.enum(['exact', 'alias', 'abbreviation', 'fulltext', 'fuzzy', 'vector']),
    }),
  ),
  /** Set when the best candidates are too close to choose between: the UI asks, it never guesses. */
  ambiguous: z.boolean(),
});
export type ResolvedTerm = z.infer<typeof ResolvedTerm>;

export const GraphSearchInput = z.object({
  term: z.string().min(1).max(300),
  to: z.string().min(1).max(300).optional(),
  /** Pin the resolution when the user picked a candidate. */
  entityId: EntityId.optional(),
  toEntityId: EntityId.optional(),
  hops: z.number().int().min(1).max(4).default(3),
  limit: z.number().int().min(1).max(200).default(25),
  filters: GraphFilters.default({ direction: 'both', minEvidence: 1 }),
});

/**
 * How the search term was understood. `entity`: an entity is named exactly so (name, alias, or an
 * abbreviation the library defines), and the paths are its own. `closest`: no entity has that name; the
 * candidates are only similar, and no paths are shown as the term's. `passages`: no entity, but passages
 * contain the term. `ambiguous`: several entities share the name. `none`: nothing at all.
 */
export const TermMatch = z.enum(['entity', 'closest', 'passages', 'ambiguous', 'none']);
export type TermMatch = z.infer<typeof TermMatch>;

export const GraphSearchResult = z.object({
  from: ResolvedTerm,
  to: ResolvedTerm.nullable(),
  paths: z.array(GraphPath),
  tookMs: z.number(),
  /** How `from` (and `to`, when given) was understood; the worse of the two. */
  match: TermMatch.default('entity'),
  /** One line saying what was searched, e.g. "no entity 'heart failure'; closest: heart 0.77". */
  note: z.string().default(''),
  /** Passages that contain the term, with their page, when no entity is named by it. */
  passages: z.array(Citation).default([]),
});
export type GraphSearchResult = z.infer<typeof GraphSearchResult>;

export const SubgraphEdge = z.object({
  source: EntityId,
  target: EntityId,
  weight: z.number(),
  keywords: z.array(z.string()),
});
export const Subgraph = z.object({
  nodes: z.array(EntitySummary.extend({ degree: z.number().int() })),
  edges: z.array(SubgraphEdge),
  /** Total entities in the library, so the UI can say "showing 2,000 of 48,113". */
  totalEntities: z.number().int(),
  truncated: z.boolean(),
});
export type Subgraph = z.infer<typeof Subgraph>;

export const SubgraphInput = z.object({
  mode: z.enum(['top', 'community', 'neighbours']).default('top'),
  limit: z.number().int().min(1).max(50_000).default(2000),
  entityId: EntityId.optional(),
  communityId: z.string().optional(),
  filters: GraphFilters.default({ direction: 'both', minEvidence: 1 }),
});

export const EntityDetail = z.object({
  entity: EntitySummary,
  evidence: z.array(Evidence),
  neighbours: z.array(EntitySummary.extend({ evidenceCount: z.number().int() })),
});

export const MergeCandidate = z.object({
  a: EntitySummary,
  b: EntitySummary,
  score: z.number(),
  reason: z.string(),
});

export const CommunitySummary = z.object({
  id: z.string(),
  level: z.number().int(),
  title: z.string(),
  summary: z.string(),
  keyTopics: z.array(z.string()),
  size: z.number().int(),
  stale: z.boolean(),
  parentId: z.string().nullable(),
});

/** Pushed when background community detection or summaries changed: explorers reload their colouring. */
export const graphEvents = {
  'graph:communities-changed': z.object({
    communities: z.number().int().nonnegative(),
    summarised: z.number().int().nonnegative(),
  }),
};

/** One row of `graph:entities`: an entity with the documents that mention it. */
export const EntityListItem = z.object({
  id: EntityId,
  name: z.string(),
  type: z.string(),
  aliases: z.array(z.string()),
  evidenceCount: z.number().int().nonnegative(),
  mentionCount: z.number().int().nonnegative(),
  documents: z.array(z.object({ id: z.string(), title: z.string(), mentions: z.number().int() })),
});
export type EntityListItem = z.infer<typeof EntityListItem>;

export const EntityListInput = z.object({
  documentId: z.string().min(1).optional(),
  type: z.string().min(1).max(100).optional(),
  search: z.string().min(1).max(300).optional(),
  limit: z.number().int().min(1).max(100_000).default(1000),
});

export const graphMethods = {
  'graph:entities': method({
    input: EntityListInput,
    output: z.object({ entities: z.array(EntityListItem), total: z.number().int() }),
    summary: 'Entities with type, aliases, the documents that mention them and mention counts.',
  }),
  'graph:resolve': method({
    input: z.object({ term: z.string().min(1).max(300) }),
    output: ResolvedTerm,
    summary: 'Entities a short term may mean, ranked.',
  }),
  'graph:search': method({
    input: GraphSearchInput,
    output: GraphSearchResult,
    summary: 'Evidence paths from a term, or between two terms.',
  }),
  'graph:subgraph': method({
    input: SubgraphInput,
    output: Subgraph,
    summary: 'Nodes and edges for the explorer (top N by degree, a community, or neighbours).',
  }),
  'graph:entity': method({
    input: z.object({ entityId: EntityId }),
    output: EntityDetail,
    summary: 'An entity with its evidence quotes and neighbours.',
  }),
  'graph:edge-evidence': method({
    input: z.object({ source: EntityId, target: EntityId }),
    output: z.object({ evidence: z.array(Evidence) }),
    summary: 'Every piece of evidence between two entities.',
  }),
  'graph:rename': method({
    input: z.object({ entityId: EntityId, name: NameText(300) }),
    output: Ok,
    summary: 'Rename an entity (the old name stays an alias).',
  }),
  'graph:merge': method({
    input: z.object({ survivorId: EntityId, mergedIds: z.array(EntityId).min(1) }),
    output: z.object({ mergeId: z.string() }),
    summary: 'Merge entities into one; recorded so it can be undone.',
  }),
  'graph:undo-merge': method({
    input: z.object({ mergeId: z.string() }),
    output: Ok,
    summary: 'Undo a recorded merge.',
  }),
  'graph:delete-entity': method({
    input: z.object({ entityId: EntityId }),
    output: Ok,
    summary: 'Delete an entity and its evidence.',
  }),
  'graph:merge-candidates': method({
    input: z.object({ limit: z.number().int().min(1).max(500).default(100) }),
    output: z.object({ candidates: z.array(MergeCandidate) }),
    summary: 'Ambiguous pairs entity resolution left for review.',
  }),
  'graph:communities': method({
    input: z.object({ level: z.number().int().min(0).optional() }),
    output: z.object({ communities: z.array(CommunitySummary) }),
    summary: 'Communities with their summaries.',
  }),
};
