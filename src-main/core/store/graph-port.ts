import type {
  ChunkRecord,
  ChunkWithDocument,
  CitationRow,
  CommunityInput,
  CommunityRecord,
  Direction,
  DocumentRecord,
  DocumentStats,
  EntityGraph,
  EntityFields,
  EntityName,
  EvidenceCitation,
  EntityRecord,
  EvidenceDetail,
  EvidenceLink,
  GraphCounts,
  GraphIdKind,
  MentionPair,
} from './types';

/**
 * The storage port of the graph: what a backend implements, in rows of the domain (documents, chunks,
 * entities, mentions, evidence, questions, communities, merges) read and written inside a transaction. The
 * rules — how extraction becomes rows, entity fields derived from mentions, merges and their undo, what a
 * delete takes with it — live once above it, in `store/domain/`, which turns a port into a `GraphStore`.
 *
 * A backend keeps its storage's workarounds below this line (Kùzu: store/kuzu/) and nothing of the domain's
 * rules: a method does what its name says to the rows it is given, and validates nothing the domain checks.
 *
 * Reads come in two sizes. The least a backend provides is `TableReader`: every row of a table, and rows
 * by key; the domain answers every read from those (store/domain/scan-reads.ts), which is right but scans.
 * A backend with a query engine provides the named reads of `GraphReader` instead, each as one anchored
 * query (Kùzu provides them all).
 */
export interface GraphPort {
  /** Runs `fn` on one consistent state of the graph. */
  read<T>(fn: (tx: PortReader) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` in one transaction: every write it made, or none when it throws. Writes run one at a time.
   * `bulk`: a large batch, for which a backend may use a faster path (Kùzu: COPY under its checkpoint guard).
   */
  write<T>(fn: (tx: PortReader & GraphWrites) => Promise<T>, opts?: { bulk?: boolean }): Promise<T>;
  /** Copies the backend's files between two transactions into `dir` (see GraphStore.copyFilesTo). */
  copyFilesTo?(dir: string): Promise<void>;
  /** Waits for work in flight and closes the backend; idempotent. */
  close(): Promise<void>;
}

/** What a backend reads with: every named read, or the tables to scan (and any named reads it has). */
export type PortReader = GraphReader | (TableReader & Partial<GraphReader>);

/** What the domain reads and writes with inside a transaction. */
export type GraphWriter = GraphReader & GraphWrites;

/** The rows of each table, as `TableReader` returns them. */
export interface GraphTables {
  documents: DocumentRecord;
  chunks: ChunkRecord;
  entities: EntityRow;
  mentions: MentionRow;
  evidence: EvidenceRowFull;
  questions: QuestionRow;
  communities: CommunityRow;
  merges: MergeRow & { snapshot: string };
  /** Keyed by `<from>|<to>`. */
  citations: CitationRow;
}

/**
 * The least a backend reads: whole tables, and rows by key (`k` for mentions and evidence, `<from>|<to>`
 * for citations, else `id`).
 */
export interface TableReader {
  rows<T extends keyof GraphTables>(table: T): Promise<GraphTables[T][]>;
  /** In the order given; unknown keys are skipped. */
  byKey<T extends keyof GraphTables>(table: T, keys: (string | number)[]): Promise<GraphTables[T][]>;
}

/** An atomic question, answered in a chunk. */
export interface QuestionRow {
  id: string;
  docId: string;
  chunkId: string;
  text: string;
}

/** A community with its members and parent. */
export interface CommunityRow extends Omit<CommunityRecord, 'size'> {
  memberIds: string[];
}

/** An entity as stored: the derived fields of EntityRecord and the user's overrides beside them. */
export interface EntityRow extends EntityRecord {
  /** A name set by hand; derived names do not replace it ('' when none). */
  pinnedName: string;
  /** Aliases added by hand or by a merge, kept beside the derived ones. */
  extraAliases: string[];
  createdAt: number;
}

/** An entity's fields derived from its mentions (store/domain/entity-fields.ts), to be stored. */
export interface DerivedEntityRow extends EntityFields {
  id: string;
}

/** A MENTIONS row: chunk → entity, with its key. */
export interface MentionLink {
  k: number;
  chunkId: string;
  entityId: string;
  confidence: number;
}

/** A MENTIONS row with everything it says: a surface form of an entity in a chunk. */
export interface MentionRow {
  k: number;
  /** `<chunk id>#m<i>`. */
  id: string;
  chunkId: string;
  docId: string;
  entityId: string;
  surface: string;
  /** The type the reading gave; '' for mentions written before types were kept per mention. */
  type: string;
  description: string;
  confidence: number;
  /** [spanStart, spanEnd) of the sentence of the mention in the document text; -1 when not recorded. */
  spanStart: number;
  spanEnd: number;
}

/** What a mention says, by key (what refresh derives entity fields from). */
export interface MentionText {
  id: string;
  surface: string;
  type: string;
  description: string;
}

/** A RELATED row: `src` → `dst`, with its key. */
export interface RelatedLink {
  k: number;
  src: string;
  dst: string;
  confidence: number;
}

/** A RELATED row with its endpoints' names (an entity's evidence, as listed). */
export interface RelatedRow extends RelatedLink {
  srcName: string;
  dstName: string;
}

/** A RELATED row with everything it says and where: the evidence that `src` relates to `dst`. */
export interface EvidenceRowFull extends EvidenceCitation {
  k: number;
  /** `<chunk id>#r<i>`. */
  id: string;
  src: string;
  dst: string;
}

/** A recorded merge, without its snapshot. */
export interface MergeRow {
  id: string;
  survivorId: string;
  mergedId: string;
  mergedKey: string;
  at: number;
  undoneAt: number | null;
}

/** Evidence rows between an entity and one neighbour, for walks: `out` entity → neighbour, `in` the reverse. */
export interface NeighbourCount {
  out: number;
  in: number;
  /** The neighbour's entity type. */
  type: string | undefined;
  /** With a keyword filter: the filter's keywords these rows carry. */
  keywords?: Set<string>;
}

/**
 * Everything a backend holds, as stored, for the canonical comparison (CanonicalGraph): rows a link names
 * but cannot find come with their text missing, and `orphanDetails` names text rows no link names, so a
 * backend that stores links and text apart shows its leaks.
 */
export interface GraphDump {
  documents: DocumentRecord[];
  /** Chunks reached from their documents. */
  chunks: ChunkRecord[];
  /** Every chunk id, reachable or not. */
  chunkIds: string[];
  entities: EntityRow[];
  mentions: (Partial<MentionText> & { chunkId: string; entityId: string; confidence: number })[];
  evidence: (Partial<EvidenceRowFull> & { src: string; dst: string; confidence: number })[];
  orphanDetails: string[];
  /** `<chunk id>|<evidence id>` for every piece of evidence a chunk lists as its own. */
  chunkEvidence: string[];
  /** Structural links: HAS_CHUNK, NEXT, ANSWERS_IN, IN_COMMUNITY, PARENT. */
  structure: { rel: string; from: string; to: string }[];
  questions: { id: string; chunkId: string; docId: string; text: string }[];
  communities: { id: string; level: number; title: string; summary: string; stale: boolean }[];
}

/** Which merges to read; every condition given must hold. */
export interface MergeFilter {
  /** Only merges not undone. */
  active?: boolean;
  /** Merges whose survivor or merged entity this is. */
  entityId?: string;
  mergedKeys?: string[];
  mergedIds?: string[];
}

/** Reads, in domain rows. Lists of ids may be empty and may repeat; unknown ids are skipped. */
export interface GraphReader {
  // Documents and chunks
  getDocument(id: string): Promise<DocumentRecord | null>;
  /** Oldest first. */
  listDocuments(): Promise<DocumentRecord[]>;
  /** Every CITES row (document → document), by citing then cited id. */
  citations(): Promise<CitationRow[]>;
  documentTitles(ids: string[]): Promise<Map<string, { title: string; year: number | null }>>;
  /** Per document (one, or all with chunks): distinct entities mentioned and evidence rows. */
  documentStats(id?: string): Promise<Map<string, DocumentStats>>;
  /** Ids of a document's chunks; with `among`, only those of these ids it has. */
  chunkIds(docId: string, among?: string[]): Promise<string[]>;
  /** In reading order. */
  getChunks(docId: string): Promise<ChunkRecord[]>;
  chunksById(ids: string[]): Promise<ChunkRecord[]>;
  chunksWithDocuments(ids: string[]): Promise<ChunkWithDocument[]>;

  // Entities
  /** In the order given. */
  entities(ids: string[]): Promise<EntityRow[]>;
  /** Which of these ids exist. */
  existingEntityIds(ids: string[]): Promise<Set<string>>;
  /** Entities whose name or an alias is `lowerName` (lower case), best-evidenced first, at most 20. */
  entitiesNamed(lowerName: string): Promise<EntityRow[]>;
  /** Entities whose name or alias text contains `lowerWord`, best-evidenced first (ties by id). */
  entitiesContaining(lowerWord: string, limit: number): Promise<EntityRow[]>;
  /** Best-evidenced first (ties by id): all entities, or one community's members. */
  topEntities(limit: number, communityId?: string): Promise<EntityRow[]>;
  entityNames(): Promise<EntityName[]>;
  /** Entities mentioned in these documents, best-evidenced first (ties by id). */
  entitiesInDocuments(docIds: string[], limit: number): Promise<string[]>;
  /**
   * MENTIONS rows counted per (entity, document), over entities of `type`, in document `docId`, whose
   * name or alias text contains `search` (lower case).
   */
  mentionCounts(f: {
    docId?: string;
    type?: string;
    search?: string;
  }): Promise<{ entityId: string; docId: string; n: number }[]>;

  // Mentions and evidence
  mentionLinks(entityIds: string[]): Promise<MentionLink[]>;
  mentionTexts(keys: number[]): Promise<Map<number, MentionText>>;
  mentionPairs(of: { chunkIds?: string[]; entityIds?: string[] }, limit: number): Promise<MentionPair[]>;
  /** RELATED rows of an entity in both directions (a self-loop once), or of the pair with `otherId`. */
  relatedOf(entityId: string, otherId?: string): Promise<RelatedRow[]>;
  evidenceFrom(sourceIds: string[]): Promise<EvidenceLink[]>;
  evidenceBetween(pairs: { a: string; b: string }[]): Promise<EvidenceLink[]>;
  evidenceDetails(keys: number[]): Promise<Map<number, EvidenceDetail>>;

  // Walks
  /**
   * Per entity, its neighbours (never itself) with the evidence rows between them; with `keywords`, only
   * rows carrying one of them, read in `direction`.
   */
  neighbourCounts(
    ids: string[],
    f?: { keywords?: string[]; direction?: Direction },
  ): Promise<Map<string, Map<string, NeighbourCount>>>;
  entityGraph(): Promise<EntityGraph>;

  // Merges, communities, questions
  merges(f: MergeFilter): Promise<MergeRow[]>;
  /** A merge with its snapshot (JSON written by the domain), or null. */
  mergeWithSnapshot(id: string): Promise<(MergeRow & { snapshot: string }) | null>;
  /** By level, then id. */
  listCommunities(level?: number): Promise<CommunityRecord[]>;
  /** Community memberships of entities (of one level, or all). */
  memberships(entityIds: string[], level?: number): Promise<{ entityId: string; communityId: string }[]>;
  communityChunks(communityId: string, limit: number): Promise<{ chunkId: string; mentions: number }[]>;
  /** By id. */
  questionsOf(chunkId: string): Promise<{ id: string; text: string }[]>;
  questionChunk(questionId: string): Promise<string | null>;

  // Whole graph
  counts(): Promise<GraphCounts>;
  listIds(kind: GraphIdKind): Promise<string[]>;
  changeStamp(): Promise<string>;
  dump(): Promise<GraphDump>;
}

/** Writes, in domain rows, inside the transaction of `GraphPort.write`; reads see the writes before them. */
export interface GraphWrites {
  /** Inserts or replaces a document; `createdAt` is kept when it exists (else `updatedAt`). */
  putDocument(doc: Omit<DocumentRecord, 'createdAt'>): Promise<DocumentRecord>;
  /** False when there is no such document. */
  setDocumentStatus(id: string, status: string, now: number): Promise<boolean>;
  /** A document without chunks, with the citations to and from it. */
  deleteDocument(id: string): Promise<void>;
  /** Replaces the CITES rows of a citing document with these (the domain has checked them). */
  putCitations(from: string, cites: { to: string; ref: number }[]): Promise<void>;
  /**
   * Inserts or replaces chunks of a document. `reorder` when the document's set of chunks changed:
   * `added` are new, and reading order follows the indexes again.
   */
  putChunks(docId: string, rows: ChunkRecord[], reorder: { added: string[] } | null): Promise<void>;
  /** Chunks without evidence, with their questions; returns the question ids. */
  deleteChunks(ids: string[]): Promise<string[]>;
  /** Deletes the mentions and evidence of chunks; returns the entities they mentioned. */
  removeChunkEvidence(chunkIds: string[]): Promise<string[]>;
  /** Reserves `n` consecutive mention / evidence keys; returns the first. */
  allocateKeys(n: number): Promise<number>;
  insertMentions(rows: MentionRow[]): Promise<void>;
  insertEvidence(rows: EvidenceRowFull[]): Promise<void>;
  /** New entities, their derived fields empty until a refresh. */
  createEntities(
    rows: Pick<
      EntityRow,
      'id' | 'canonicalKey' | 'name' | 'type' | 'pinnedName' | 'extraAliases' | 'createdAt'
    >[],
  ): Promise<void>;
  updateEntities(rows: DerivedEntityRow[]): Promise<void>;
  /** Entities left without mentions or evidence, with their community memberships. */
  deleteEntities(ids: string[]): Promise<void>;
  /** Sets the overrides given; false when there is no such entity. */
  setEntityOverrides(id: string, o: { pinnedName?: string; extraAliases?: string[] }): Promise<boolean>;
  /** Deletes an entity with its mentions, its evidence and memberships; returns the entities it was related to. */
  purgeEntity(id: string): Promise<string[]>;
  /**
   * Moves `mentions` and `relations` (rows of `mergedId`, as read) to `survivorId` and deletes `mergedId`
   * with its memberships.
   */
  foldEntity(
    mergedId: string,
    survivorId: string,
    rows: { mentions: MentionLink[]; relations: RelatedLink[] },
  ): Promise<void>;
  /** Points mention rows still where `entityId` says at `to`; returns the keys moved. */
  moveMentions(rows: (MentionLink & { to: string })[]): Promise<number[]>;
  /** Points evidence rows still from `src` at new endpoints; returns the keys moved. */
  moveEvidence(rows: (RelatedLink & { toSrc: string; toDst: string })[]): Promise<number[]>;
  /** Adds an entity to existing communities, which become stale. */
  addMemberships(entityId: string, communityIds: string[]): Promise<void>;
  /** Marks stale the communities given, or those of these entities. */
  markStale(f: { entityIds?: string[]; communityIds?: string[] }): Promise<void>;
  insertMerge(row: MergeRow & { snapshot: string }): Promise<void>;
  setMergeUndone(id: string, at: number): Promise<void>;
  /** Replaces the questions of these chunks with `rows`. */
  replaceQuestions(chunkIds: string[], rows: QuestionRow[]): Promise<void>;
  /** Inserts or replaces communities with their members (existing entities) and parents (existing ones). */
  putCommunities(items: CommunityInput[], now: number): Promise<void>;
  deleteCommunities(ids: string[]): Promise<void>;
}
