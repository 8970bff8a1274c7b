/**
 * Domain shapes of the graph and job stores, shared by every backend. Ids are strings; times are epoch
 * milliseconds from the injected clock.
 */

export interface DocumentInput {
  /** sha256 of the original file (the originals/ id). */
  id: string;
  title: string;
  authors?: string[];
  year?: number | null;
  doi?: string | null;
  pages?: number | null;
  status: string;
  parserVersion?: string;
  fileName?: string;
  /** Where the researcher's file was when imported (informational; the copy lives in originals/). */
  originalPath?: string;
}

export interface DocumentRecord extends Required<Omit<DocumentInput, 'year' | 'doi' | 'pages'>> {
  year: number | null;
  doi: string | null;
  pages: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface ChunkInput {
  index: number;
  text: string;
  forwardSummary?: string;
  pageStart: number;
  pageEnd: number;
  /** Character span in the parsed document text. */
  charStart: number;
  charEnd: number;
  /** pageOffsets[k] = offset inside `text` where page pageStart+k begins; pageOffsets[0] is 0. */
  pageOffsets?: number[];
}

export interface ChunkRecord extends Required<ChunkInput> {
  id: string;
  docId: string;
}

export interface EntityMentionInput {
  /** Canonical key from entity resolution (normalised name + type). Creates the entity when new. */
  key: string;
  /** An existing entity chosen by resolution; wins over `key` for attaching the evidence. */
  id?: string;
  /** The name as written in this chunk. */
  name: string;
  type: string;
  description?: string;
  confidence?: number;
  /** [start, end) of the sentence naming the entity, in the document text. */
  span?: TextSpan;
}

/** Half-open character span `[start, end)` in a document's assembled text. */
export interface TextSpan {
  start: number;
  end: number;
}

export interface RelationInput {
  /** Canonical keys (or ids) of two entities listed in the same ChunkEvidence. */
  source: string;
  target: string;
  keywords?: string[];
  description?: string;
  confidence?: number;
  /** Page of the supporting sentence; defaults to the chunk's first page. */
  page?: number;
  /** Last page of the supporting sentence, when it crosses a page break. */
  pageEnd?: number;
  /** [start, end) of the supporting sentence in the document text. */
  span?: TextSpan;
}

/** Everything extraction found in one chunk. Re-adding a chunk replaces its previous evidence (idempotent). */
export interface ChunkEvidence {
  docId: string;
  chunkIndex: number;
  entities: EntityMentionInput[];
  relations: RelationInput[];
}

export interface EvidenceResult {
  /** Resolved entity id for every input key (and id), so vectors can be keyed by graph id. */
  entityIds: Record<string, string>;
  /** Entities whose name/description changed or that were created: their vectors need (re)embedding. */
  touchedEntityIds: string[];
  /** Entities deleted because the replaced evidence was their last. */
  removedEntityIds: string[];
}

/** An entity's fields that its mentions decide (derived in store/domain/entity-fields.ts). */
export interface EntityFields {
  name: string;
  type: string;
  description: string;
  aliases: string[];
  confidence: number;
  evidenceCount: number;
}

export interface EntityRecord extends EntityFields {
  id: string;
  canonicalKey: string;
}

/** What one piece of evidence says and where it is cited, in every shape evidence is read or written. */
export interface EvidenceCitation {
  keywords: string[];
  description: string;
  confidence: number;
  chunkId: string;
  docId: string;
  page: number;
  /** Last page of the supporting sentence (page when it does not cross a page break); -1 when not recorded. */
  pageEnd: number;
  /** [spanStart, spanEnd) of the supporting sentence in the document text; -1 when not recorded. */
  spanStart: number;
  spanEnd: number;
}

export interface EvidenceRow extends EvidenceCitation {
  id: string;
  sourceId: string;
  sourceName: string;
  targetId: string;
  targetName: string;
  docTitle: string;
  docYear: number | null;
}

export type Direction = 'out' | 'in' | 'both';

export interface PathFilters {
  /** Keep a hop only if one of its evidence rows carries one of these keywords. */
  keywords?: string[];
  /** Intermediate (and end) entities must be of one of these types. */
  entityTypes?: string[];
  direction?: Direction;
  /** Minimum number of evidence rows behind a hop. */
  minEvidence?: number;
}

export interface Hop {
  from: string;
  to: string;
  /** Evidence rows supporting the hop in the direction(s) allowed. */
  evidence: number;
  keywords: string[];
}

export interface Neighbour {
  entity: EntityRecord;
  /** 'out' = the entity is a target of evidence from the start; 'in' = a source. */
  direction: 'out' | 'in' | 'both';
  evidence: number;
  keywords: string[];
}

export interface Expansion {
  entities: EntityRecord[];
  hops: Hop[];
  /** Hop distance of each entity from the seeds. */
  depth: Record<string, number>;
  truncated: boolean;
}

export interface GraphPath {
  entityIds: string[];
  hops: Hop[];
  length: number;
}

export interface Subgraph {
  nodes: (EntityRecord & { degree: number })[];
  edges: Hop[];
}

export interface QuestionInput {
  id: string;
  docId: string;
  chunkIndex: number;
  text: string;
}

export interface CommunityInput {
  id: string;
  level: number;
  title: string;
  summary: string;
  stale?: boolean;
  parentId?: string | null;
  memberIds: string[];
}

export interface CommunityRecord {
  id: string;
  level: number;
  title: string;
  summary: string;
  stale: boolean;
  parentId: string | null;
  size: number;
}

export interface MergeRecord {
  id: string;
  survivorId: string;
  mergedId: string;
  at: number;
  undoneAt: number | null;
}

/** A merge not undone: the merged key resolves to the survivor. */
export interface ActiveMerge {
  mergedKey: string;
  mergedId: string;
  survivorId: string;
}

export interface DeleteResult {
  chunkIds: string[];
  questionIds: string[];
  /** Entities that lost their last evidence and were deleted: remove their vectors. */
  removedEntityIds: string[];
  /** Surviving entities whose name, aliases or description changed: re-embed them. */
  changedEntityIds: string[];
}

export interface EntityListFilter {
  /** Only entities mentioned in this document; their mention counts are then that document's. */
  docId?: string;
  type?: string;
  /** Case-insensitive substring of the name or an alias. */
  search?: string;
  limit?: number;
}

export interface EntityListItem extends EntityRecord {
  /** Passages (MENTIONS rows) naming the entity, over the listed documents. */
  mentionCount: number;
  documents: { id: string; title: string; mentions: number }[];
}

export interface PathOptions extends PathFilters {
  /** Longest path considered (hops), at most 6. */
  maxLength?: number;
  /** Also return paths up to this many hops longer than the shortest (1 = "next-shortest"). */
  extraLength?: number;
  limit?: number;
  /** Safety valve for hub-heavy graphs: stop expanding after this many entities. */
  maxVisited?: number;
}

/** Every entity and every related pair (each once, either direction) with its evidence count. */
export interface EntityGraph {
  entities: string[];
  pairs: { a: string; b: string; weight: number }[];
}

/** Kinds of graph rows that have a vector, for reconciliation with the vector tables. */
export type GraphIdKind = 'chunks' | 'entities' | 'questions' | 'communities';

export interface GraphCounts {
  documents: number;
  chunks: number;
  entities: number;
  mentions: number;
  evidence: number;
  questions: number;
  communities: number;
}

/** The queue's persisted records. Deliberately generic: the ingestion layer owns their meaning. */
export interface JobRecord {
  id: string;
  kind: string;
  docId: string;
  status: string;
  attempts: number;
  nextRunAt: number;
  error: string | null;
  /** JSON text. */
  payload: string;
  createdAt: number;
  updatedAt: number;
}

export type JobInput = Omit<JobRecord, 'createdAt' | 'updatedAt'>;

export interface ChunkTaskRecord {
  jobId: string;
  chunkIndex: number;
  step: string;
  status: string;
  attempts: number;
  nextRunAt: number;
  error: string | null;
  /** JSON text. */
  output: string | null;
  updatedAt: number;
}

export type ChunkTaskInput = Omit<ChunkTaskRecord, 'updatedAt'>;

/** An entity's names and weight: what name matching needs, without descriptions. */
export interface EntityName {
  id: string;
  name: string;
  aliases: string[];
  evidenceCount: number;
}

/** One MENTIONS row: a chunk names an entity (one row per surface form). */
export interface MentionPair {
  chunkId: string;
  entityId: string;
}

/** A chunk with the title and year of its document (citations). */
export interface ChunkWithDocument {
  id: string;
  docId: string;
  index: number;
  text: string;
  /** Offset of the chunk's first character in the document text. */
  charStart: number;
  pageStart: number;
  pageEnd: number;
  pageOffsets: number[];
  title: string;
  year: number | null;
}

/** One evidence row between two entities, as stored (source → target), keyed for its details. */
export interface EvidenceLink {
  /** Library-wide key of the evidence row. */
  key: number;
  source: string;
  target: string;
  confidence: number;
}

/** What one evidence row says and where it was read. */
export interface EvidenceDetail extends EvidenceCitation {
  key: number;
  id: string;
}

/** What a document contributed to the graph. */
/** One document citing another: `ref` is the index of the citing document's reference entry. */
export interface CitationRow {
  from: string;
  to: string;
  ref: number;
}

export interface DocumentStats {
  /** Distinct entities its chunks mention. */
  entities: number;
  /** Evidence rows extracted from its chunks. */
  relationships: number;
}

/**
 * Everything the graph holds, id-sorted and without timestamps or storage keys, so two graphs can be compared
 * with a deep equality. Orphan details and chunk evidence lists expose leaks a comparison should catch.
 */
export interface CanonicalGraph {
  documents: Omit<DocumentRecord, 'createdAt' | 'updatedAt'>[];
  chunks: ChunkRecord[];
  chunkIds: string[];
  entities: Record<string, unknown>[];
  mentions: Record<string, unknown>[];
  evidence: Record<string, unknown>[];
  orphanDetails: string[];
  chunkEvidence: string[];
  structure: Record<string, unknown>[];
  questions: Record<string, unknown>[];
  communities: Record<string, unknown>[];
}
