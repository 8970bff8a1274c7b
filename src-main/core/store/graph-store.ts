import type {
  ActiveMerge,
  ChunkEvidence,
  ChunkInput,
  CanonicalGraph,
  ChunkRecord,
  CitationRow,
  ChunkWithDocument,
  CommunityInput,
  CommunityRecord,
  DeleteResult,
  DocumentInput,
  DocumentRecord,
  DocumentStats,
  EntityGraph,
  EntityListFilter,
  EntityListItem,
  EntityName,
  EntityRecord,
  EvidenceDetail,
  EvidenceLink,
  EvidenceResult,
  EvidenceRow,
  Expansion,
  GraphCounts,
  GraphIdKind,
  GraphPath,
  MentionPair,
  MergeRecord,
  Neighbour,
  PathFilters,
  PathOptions,
  QuestionInput,
  Subgraph,
} from './types';

/**
 * The graph of a library in domain terms: documents and their chunks, the evidence extraction found in them,
 * the entities that evidence names (with merges), walks over the entity graph, communities and atomic
 * questions. The source of truth of a library; vectors are derived from it. Every backend implements all of
 * it (the Kùzu one lives in `store/kuzu/`), and nothing outside a backend's folder knows its query language.
 *
 * Writes are atomic per call: a call that fails leaves the graph as it was.
 */
export interface GraphStore {
  // Documents and chunks

  /** Inserts or updates a document by id; `createdAt` is kept from the first insert. */
  upsertDocument(doc: DocumentInput): Promise<DocumentRecord>;
  /** Sets a document's status; `not_found` when there is no such document. */
  setDocumentStatus(id: string, status: string): Promise<void>;
  /** One document, or null. */
  getDocument(id: string): Promise<DocumentRecord | null>;
  /** Every document, oldest first. */
  listDocuments(): Promise<DocumentRecord[]>;
  /**
   * Inserts or updates chunks by (document, index) and keeps reading order; with `replace`, chunks of the
   * document not listed go with their evidence and questions (re-chunking).
   */
  upsertChunks(docId: string, chunks: ChunkInput[], opts?: { replace?: boolean }): Promise<ChunkRecord[]>;
  /** A document's chunks in reading order. */
  getChunks(docId: string): Promise<ChunkRecord[]>;
  /** One chunk by id, or null. */
  getChunk(id: string): Promise<ChunkRecord | null>;
  /** Chunks by id, in no particular order; unknown ids are skipped. */
  chunksById(ids: string[]): Promise<ChunkRecord[]>;
  /** Chunks by id with their document's title and year; unknown ids are skipped. */
  chunksWithDocuments(ids: string[]): Promise<ChunkWithDocument[]>;
  /** Title and year of documents by id; unknown ids are skipped. */
  documentTitles(ids: string[]): Promise<Map<string, { title: string; year: number | null }>>;
  /** Distinct entities and evidence rows a document's chunks contributed. */
  documentStats(id: string): Promise<DocumentStats>;
  /**
   * `documentStats` of every document in one read (documents without chunks are absent): the library
   * view of a whole library, which one read per document made take seconds at a few hundred documents.
   */
  documentStatsAll(): Promise<Map<string, DocumentStats>>;
  /**
   * Deletes a document with its chunks, questions and evidence; entities left without evidence go too and
   * communities that lose members are marked stale.
   */
  deleteDocument(id: string): Promise<DeleteResult>;

  // Citations between documents

  /** Replaces the documents `from` cites; citing itself, repeats and unknown documents are skipped. */
  setCitations(from: string, cites: { to: string; ref: number }[]): Promise<void>;
  /** Every citation between documents of the library, by citing then cited id. */
  listCitations(): Promise<CitationRow[]>;

  // Evidence

  /**
   * Writes what extraction found in chunks, replacing those chunks' previous evidence (idempotent per
   * chunk); `bulk` lets a backend use its fast path for large batches.
   */
  addEvidence(items: ChunkEvidence[], opts?: { bulk?: boolean }): Promise<EvidenceResult>;
  /** Evidence rows of an entity, or of a pair in either direction, with citation data. */
  listEvidence(entityId: string, otherId?: string, limit?: number): Promise<EvidenceRow[]>;
  /** Evidence rows stated from these entities (source → any target). */
  evidenceFrom(sourceIds: string[]): Promise<EvidenceLink[]>;
  /** Evidence rows stated from `a` to `b` for each ordered pair. */
  evidenceBetween(pairs: { a: string; b: string }[]): Promise<EvidenceLink[]>;
  /** What evidence rows say and where, by key; unknown keys are skipped. */
  evidenceDetails(keys: number[]): Promise<Map<number, EvidenceDetail>>;
  /** MENTIONS rows of these chunks or of these entities, at most `limit`. */
  mentionPairs(of: { chunkIds?: string[]; entityIds?: string[] }, limit: number): Promise<MentionPair[]>;

  // Entities and merges

  /** Entities by id, in the order given; unknown ids are skipped. */
  getEntities(ids: string[]): Promise<EntityRecord[]>;
  /** One entity, or null. */
  getEntity(id: string): Promise<EntityRecord | null>;
  /** Exact lookup by canonical key (following merges), else by name or alias, case-insensitively. */
  lookupEntity(q: { key?: string; name?: string }): Promise<EntityRecord[]>;
  /** The best-evidenced entities, most evidence first. */
  topEntities(limit: number): Promise<EntityRecord[]>;
  /** Every entity's name, aliases and evidence count (name indexes). */
  entityNames(): Promise<EntityName[]>;
  /** Entities mentioned in these documents, best-evidenced first, at most `limit`. */
  entitiesInDocuments(docIds: string[], limit: number): Promise<string[]>;
  /** Ranked substring search over names and aliases. */
  searchEntities(text: string, limit?: number): Promise<(EntityRecord & { score: number })[]>;
  /** Entities with where they are mentioned, most mentioned first. */
  listEntities(f?: EntityListFilter): Promise<{ entities: EntityListItem[]; total: number }>;
  /** Pins an entity's display name; `not_found` for an unknown id. */
  renameEntity(id: string, name: string): Promise<void>;
  /** Removes an entity with its mentions and evidence; returns the entities it was related to. */
  deleteEntity(id: string): Promise<{ neighbourIds: string[] }>;
  /**
   * Folds `mergedId` into `survivorId`: its mentions and evidence move, its key resolves to the survivor;
   * recorded and undoable. By hand the survivor's name is pinned and the merged name becomes an alias;
   * `automatic` (resolution) pins nothing and may create the survivor from `survivorKey`.
   */
  mergeEntities(
    survivorId: string,
    mergedId: string,
    opts?: { automatic?: boolean; survivorKey?: string },
  ): Promise<MergeRecord & { changedEntityIds: string[] }>;
  /** Restores a merged entity with the evidence that still exists. */
  undoMerge(mergeId: string): Promise<{ restoredId: string; survivorId: string }>;
  /** Merges not undone, oldest first. */
  activeMerges(): Promise<ActiveMerge[]>;
  /** Merges (undone ones too) of one entity or of all, newest first. */
  listMerges(entityId?: string): Promise<MergeRecord[]>;
  /** Number of rows of each kind. */
  counts(): Promise<GraphCounts>;

  // Walks

  /** Entities sharing evidence with `id`, strongest first. */
  neighbours(id: string, filters?: PathFilters, limit?: number): Promise<Neighbour[]>;
  /** Entities within `depth` hops of the seeds (breadth-first, capped), with the hops between them. */
  expand(seeds: string[], depth?: number, filters?: PathFilters, maxEntities?: number): Promise<Expansion>;
  /** Shortest and next-shortest paths between two entities. */
  paths(from: string, to: string, opts?: PathOptions): Promise<GraphPath[]>;
  /** The best-connected entities, or one community's, with the hops among them (the explorer). */
  subgraph(opts?: { top?: number; communityId?: string; minEvidence?: number }): Promise<Subgraph>;
  /** The whole entity graph as weighted pairs (community detection). */
  entityGraph(): Promise<EntityGraph>;

  // Communities

  /** Inserts or replaces communities with their members and parent links. */
  upsertCommunities(items: CommunityInput[], opts?: { bulk?: boolean }): Promise<void>;
  /** Deletes communities with their membership. */
  deleteCommunities(ids: string[]): Promise<void>;
  /** Communities (of one level, or all) with their sizes, by level then id. */
  listCommunities(level?: number): Promise<CommunityRecord[]>;
  /** The community of each entity at one level (entities without one are left out). */
  communitiesOf(entityIds: string[], level: number): Promise<Map<string, string>>;
  /** Chunks mentioning a community's members, most mentions first, at most `limit`. */
  communityChunks(communityId: string, limit: number): Promise<{ chunkId: string; mentions: number }[]>;

  // Questions

  /** Replaces the atomic questions of every chunk named in `items` (idempotent per chunk). */
  setQuestions(items: QuestionInput[]): Promise<void>;
  /** A chunk's questions by id. */
  questionsForChunk(docId: string, chunkIndex: number): Promise<{ id: string; text: string }[]>;
  /** The chunk a question is answered in, or null. */
  questionChunk(questionId: string): Promise<string | null>;

  // Ids

  /** Every id of one kind (reconciliation with the vector tables). */
  listIds(kind: GraphIdKind): Promise<string[]>;

  // Whole graph

  /** A value that changes whenever entities, evidence, documents or communities change (cache checks). */
  changeStamp(): Promise<string>;
  /** Everything the graph holds in comparable form (tests: "the same content however it got there"). */
  canonicalGraph(): Promise<CanonicalGraph>;

  /**
   * Copies the store's files, as they are between two transactions, into `dir` (a snapshot); absent for a
   * backend that keeps nothing on disk.
   */
  copyFilesTo?(dir: string): Promise<void>;

  /** Waits for work in flight and closes the store; idempotent. */
  close(): Promise<void>;
}
