import * as lancedb from '@lancedb/lancedb';
import { AriadneError } from '../../../contract/errors';
import type { Logger } from '../../deps';
import {
  checkQueryDimension,
  checkRowDimensions,
  embeddingChange,
  fusedSearch,
  recordedDimension,
} from '../vector-checks';
import { chunked, sqlIn, sqlString } from './sql';
import {
  FTS_TABLES,
  VECTOR_TABLES,
  type EmbeddingInfo,
  type EmbeddingRecord,
  type StoredVector,
  type VectorHit,
  type VectorIndex,
  type VectorRow,
  type VectorTableName,
} from '../vector-index';
import {
  COMPACT_QUIET_MS,
  NPROBES,
  compactIfFragmented,
  createTable,
  maintain,
  openTables,
  removeUnfinishedTables,
  vectorSchema,
  type ManagedTable,
} from './tables';

/** Opens (or creates) the LanceDB vector index in `dir`; tables are created on their first write. */
export async function openVectorStore(
  dir: string,
  deps: { record: EmbeddingRecord; log: Logger },
): Promise<VectorIndex> {
  const { record, log } = deps;
  removeUnfinishedTables(dir, log);
  const conn = await lancedb.connect(dir);
  let tables = await openTables(conn, record.get()?.dimension ?? null, log);
  let closed = false;

  const check = () => {
    if (closed) throw new AriadneError('internal', 'The vector store is closed.');
  };
  const dimension = () => recordedDimension(record);
  const creating = new Map<VectorTableName, Promise<ManagedTable>>();
  const tableFor = async (name: VectorTableName, create: boolean): Promise<ManagedTable | null> => {
    check();
    const t = tables.get(name);
    if (t || !create) return t ?? null;
    // Concurrent first writes must share one creation: two ManagedTables (two writers) for one table let
    // merge-inserts race and lose rows.
    let pending = creating.get(name);
    if (!pending) {
      pending = createTable(conn, name, dimension()).then(
        (made) => {
          tables.set(name, made);
          creating.delete(name);
          return made;
        },
        (e: unknown) => {
          creating.delete(name);
          throw e;
        },
      );
      creating.set(name, pending);
    }
    return pending;
  };
  /**
   * Runs `fn` on the table's writer, in call order. `batch` marks the write of an upsert batch; any other
   * write closes the open batch, so upserts called after it land after it.
   */
  const write = async (
    name: VectorTableName,
    fn: (t: lancedb.Table) => Promise<unknown>,
    batch?: UpsertBatch,
  ) => {
    if (openBatches.get(name) !== batch) openBatches.delete(name);
    const t = await tableFor(name, true);
    if (!t) throw new AriadneError('internal', `The vector table ${name} was not created.`);
    await t.writer.run(async () => {
      await fn(t.table);
      await maintain(t, log);
    });
    written.add(name);
    compactWhenQuiet(name);
  };

  /**
   * Compaction in the background (see COMPACT_MIN_FRAGMENTS): a table is checked once writes pause for
   * COMPACT_QUIET_MS, and the tables this process wrote are checked again at close, so a command-line
   * import ends compacted when its fragments reach the threshold. Tables found at open are checked after
   * the same pause (a library left fragmented compacts once the app has been open a moment), but not at
   * close: a short look such as `status` never pays for a compaction.
   */
  const written = new Set<VectorTableName>();
  const due = new Set<VectorTableName>();
  let quiet: ReturnType<typeof setTimeout> | null = null;
  const compactDue = async (names: Iterable<VectorTableName>) => {
    const runs = [...names].flatMap((name) => {
      const t = tables.get(name);
      if (!t) return [];
      return t.writer
        .run(() => compactIfFragmented(t, log))
        .catch((e: unknown) =>
          log.log('warn', 'vector table compaction failed', { table: name, error: String(e) }),
        );
    });
    await Promise.all(runs);
  };
  const compactWhenQuiet = (name?: VectorTableName) => {
    if (name) due.add(name);
    if (quiet) clearTimeout(quiet);
    quiet = setTimeout(() => {
      quiet = null;
      const names = [...due];
      due.clear();
      void compactDue(names);
    }, COMPACT_QUIET_MS);
    // A pending check never keeps a process alive.
    quiet.unref?.();
  };
  for (const name of tables.keys()) due.add(name);
  if (due.size) compactWhenQuiet();

  type Row = { id: string; docId: string; text: string; vector: number[] };
  interface UpsertBatch {
    rows: Map<string, Row>;
    written: Promise<void>;
  }
  /**
   * Upserts waiting for their table's writer, per table: rows of upserts called while the batch waits join
   * it, and the batch is written as one merge-insert. Each merge-insert joins its rows with the whole table
   * and makes a new Lance version, so a document's passages (two upserts each) cost one write per table
   * instead of one each. A row upserted twice before the write keeps the later values, as two writes would.
   */
  const openBatches = new Map<VectorTableName, UpsertBatch>();

  const api: VectorIndex = {
    embedding: (): EmbeddingInfo | null => record.get(),

    /**
     * Records the embedding model. Same model and dimension: no-op. Different dimension (or model): refuses
     * with dimension_mismatch unless `rebuild`, which drops every vector table; reconciliation then reports
     * every graph row as needing an embedding, and ingestion re-embeds them.
     */
    async setEmbedding(info: EmbeddingInfo, opts: { rebuild?: boolean } = {}): Promise<{ rebuilt: boolean }> {
      check();
      const change = embeddingChange(record.get(), info, opts.rebuild);
      if (change === 'same') return { rebuilt: false };
      if (change === 'first') {
        // First embedding of this library: nothing to drop. Dropping here would race with writers that
        // already saw the recorded model and created their table.
        await record.set(info);
        return { rebuilt: false };
      }
      // Settings first: if we crash mid-way, the next open drops tables that disagree with the record.
      await record.set(info);
      for (const t of tables.values()) {
        await t.writer.idle();
        t.table.close();
      }
      for (const name of await conn.tableNames())
        if ((VECTOR_TABLES as readonly string[]).includes(name)) await conn.dropTable(name);
      tables = new Map();
      return { rebuilt: true };
    },

    /** Idempotent upsert by id (merge-insert). Vectors must have the library's dimension. */
    async upsert(name: VectorTableName, rows: VectorRow[]): Promise<void> {
      if (!rows.length) return;
      const dim = dimension();
      checkRowDimensions(rows, dim);
      let batch = openBatches.get(name);
      if (!batch) {
        const schema = vectorSchema(dim);
        const b: UpsertBatch = { rows: new Map(), written: Promise.resolve() };
        openBatches.set(name, b);
        b.written = write(
          name,
          async (t) => {
            // From here the batch is being written: later upserts start the next one.
            if (openBatches.get(name) === b) openBatches.delete(name);
            for (const part of chunked([...b.rows.values()], 5000))
              await t
                .mergeInsert('id')
                .whenMatchedUpdateAll()
                .whenNotMatchedInsertAll()
                .execute(lancedb.makeArrowTable(part, { schema }));
          },
          b,
        );
        // A batch that failed before it was written (its table could not be created) takes no more rows.
        b.written.catch(() => openBatches.get(name) === b && openBatches.delete(name));
        batch = b;
      }
      for (const r of rows) {
        batch.rows.delete(r.id);
        batch.rows.set(r.id, { id: r.id, docId: r.docId ?? '', text: r.text, vector: Array.from(r.vector) });
      }
      await batch.written;
    },

    async deleteIds(name: VectorTableName, ids: string[]): Promise<void> {
      if (!ids.length || !tables.has(name)) return;
      await write(name, async (t) => {
        for (const part of chunked(ids, 500)) await t.delete(sqlIn('id', part));
      });
    },

    /** Removes the rows of one document from every table that carries a document id. */
    async deleteByDocument(docId: string): Promise<void> {
      for (const name of ['chunks', 'questions'] as const) {
        if (tables.has(name)) await write(name, (t) => t.delete(`docId = ${sqlString(docId)}`));
      }
    },

    async search(
      name: VectorTableName,
      vector: ArrayLike<number>,
      opts: { k?: number; docIds?: string[] } = {},
    ): Promise<VectorHit[]> {
      const t = await tableFor(name, false);
      if (!t) return [];
      checkQueryDimension(vector, dimension());
      let q = t.table
        .vectorSearch(Array.from(vector))
        .distanceType('cosine')
        .nprobes(NPROBES)
        .limit(opts.k ?? 10);
      if (opts.docIds?.length) q = q.where(sqlIn('docId', opts.docIds));
      const rows = await q.select(['id', 'docId', 'text', '_distance']).toArray();
      return rows.map((r) => ({ id: r.id, docId: r.docId, text: r.text, score: 1 - Number(r._distance) }));
    },

    /** BM25 full-text search (chunks and entities only). */
    async textSearch(name: VectorTableName, text: string, opts: { k?: number } = {}): Promise<VectorHit[]> {
      if (!FTS_TABLES.has(name)) throw new AriadneError('invalid_input', `No full-text index on ${name}.`);
      const t = await tableFor(name, false);
      if (!t || !t.hasFts || !text.trim()) return [];
      const rows = await t.table
        .search(text, 'fts')
        .limit(opts.k ?? 10)
        .select(['id', 'docId', 'text', '_score'])
        .toArray();
      return rows.map((r) => ({ id: r.id, docId: r.docId, text: r.text, score: Number(r._score) }));
    },

    /** Vector and full-text results fused with reciprocal rank fusion. */
    hybridSearch: (name, q) => fusedSearch(api, name, q),

    async listIds(name: VectorTableName): Promise<string[]> {
      const t = await tableFor(name, false);
      if (!t) return [];
      const rows = await t.table.query().select(['id']).toArray();
      return rows.map((r) => String(r.id));
    },

    /** Full rows (for dumps and diagnostics). */
    async rows(name: VectorTableName): Promise<StoredVector[]> {
      const t = await tableFor(name, false);
      if (!t) return [];
      const rows = await t.table.query().select(['id', 'docId', 'text', 'vector']).toArray();
      return rows.map((r) => ({
        id: r.id,
        docId: r.docId,
        text: r.text,
        vector: Array.from(r.vector as ArrayLike<number>),
      }));
    },

    async count(name: VectorTableName): Promise<number> {
      const t = await tableFor(name, false);
      return t ? t.table.countRows() : 0;
    },

    /** Waits for queued writes (and the index upkeep they triggered). */
    async flush(): Promise<void> {
      for (const t of tables.values()) await t.writer.idle();
    },

    async close(): Promise<void> {
      if (closed) return;
      if (quiet) clearTimeout(quiet);
      quiet = null;
      due.clear();
      await compactDue(written);
      for (const t of tables.values()) await t.writer.idle();
      closed = true;
      for (const t of tables.values()) t.table.close();
      conn.close();
    },
  };
  return api;
}
