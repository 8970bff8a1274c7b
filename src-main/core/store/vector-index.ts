/**
 * The vector index: embeddings of the graph's chunks, entities, questions and communities, kept beside the
 * graph (which is the source of truth) and reconciled with it by id. Every backend (LanceDB in
 * `store/lancedb/`, the in-memory one in `store/memory/`) implements this interface and passes the contract
 * suite in `store/contract/`.
 */

/** One table per kind of graph row that is embedded. */
export const VECTOR_TABLES = ['chunks', 'entities', 'questions', 'communities'] as const;
export type VectorTableName = (typeof VECTOR_TABLES)[number];

/** Tables with lexical search on `text` (it helps for passages and names, not for the rest). */
export const FTS_TABLES: ReadonlySet<VectorTableName> = new Set(['chunks', 'entities']);

export interface EmbeddingInfo {
  model: string;
  dimension: number;
}

export interface VectorRow {
  /** The graph id (chunk, entity, question or community id). */
  id: string;
  /** The owning document, for delete-by-document; omit for entities and communities. */
  docId?: string;
  /** The text that was embedded (also the lexical-search field for chunks and entities). */
  text: string;
  vector: ArrayLike<number>;
}

/** A row as stored: `docId` is empty for rows that belong to no document. */
export interface StoredVector {
  id: string;
  docId: string;
  text: string;
  vector: number[];
}

export interface VectorHit {
  id: string;
  docId: string;
  text: string;
  /** Higher is better: 1 − cosine distance for vector search, BM25 for text, fused RRF score for hybrid. */
  score: number;
  vectorRank?: number | null;
  textRank?: number | null;
}

/** Where the vector index keeps its embedding record (the library settings). */
export interface EmbeddingRecord {
  get(): EmbeddingInfo | null;
  set(info: EmbeddingInfo): Promise<void>;
}

export interface VectorIndex {
  /** The recorded embedding model, or null before the first one is set. */
  embedding(): EmbeddingInfo | null;

  /**
   * Records the embedding model. Same model and dimension: no-op. Different dimension (or model): refuses
   * with dimension_mismatch unless `rebuild`, which drops every table; reconciliation then reports every
   * graph row as needing an embedding, and ingestion re-embeds them.
   */
  setEmbedding(info: EmbeddingInfo, opts?: { rebuild?: boolean }): Promise<{ rebuilt: boolean }>;

  /** Idempotent upsert by id. Vectors must have the recorded dimension (dimension_mismatch otherwise). */
  upsert(name: VectorTableName, rows: VectorRow[]): Promise<void>;

  deleteIds(name: VectorTableName, ids: string[]): Promise<void>;

  /** Removes the rows of one document from every table that carries a document id. */
  deleteByDocument(docId: string): Promise<void>;

  /** Nearest rows by cosine similarity, best first; `docIds` restricts to those documents' rows. */
  search(
    name: VectorTableName,
    vector: ArrayLike<number>,
    opts?: { k?: number; docIds?: string[] },
  ): Promise<VectorHit[]>;

  /** BM25 lexical search, best first (FTS_TABLES only; invalid_input on the others). */
  textSearch(name: VectorTableName, text: string, opts?: { k?: number }): Promise<VectorHit[]>;

  /** Vector and lexical results fused with reciprocal rank fusion. */
  hybridSearch(
    name: VectorTableName,
    q: { vector: ArrayLike<number>; text: string; k?: number },
  ): Promise<VectorHit[]>;

  /** Every id in a table, for reconciliation with the graph. */
  listIds(name: VectorTableName): Promise<string[]>;

  /** Full rows (for dumps, diagnostics and loading the resolution index). */
  rows(name: VectorTableName): Promise<StoredVector[]>;

  count(name: VectorTableName): Promise<number>;

  /** Waits for queued writes (and the index upkeep they triggered). */
  flush(): Promise<void>;

  /** Idempotent; waits for queued writes first. Any later call fails. */
  close(): Promise<void>;
}
