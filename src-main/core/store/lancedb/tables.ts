import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import type * as Arrow from 'apache-arrow';
import type { Logger } from '../../deps';
import { createSerialQueue, type SerialQueue } from '../serial-queue';
import { FTS_TABLES, VECTOR_TABLES, type VectorTableName } from '../vector-index';

/**
 * Vector index threshold, measured on this class of machine (2 cores, 384-d, cosine, LanceDB 0.37):
 * brute-force top-10 p50 was 3.0 ms at 2k rows, 5.7 ms at 10k, 10.3 ms at 20k, 25 ms at 40k and 50–100 ms
 * at 100k; an IVF_FLAT index over 40k rows built in 2.9 s and answered in 3.9 ms p50 (recall 1.0 with
 * nprobes 20). Below ~20k rows an exhaustive scan is fast enough that a multi-second build does not pay
 * off; above it, latency grows linearly and the index wins within a few hundred queries.
 */
export const ANN_MIN_ROWS = 20_000;
/**
 * Re-index (optimize) once this many rows have arrived since the indexes were built. Rows not yet in the
 * full-text index are scanned flat, and that is slow: at 100k chunks, full-text search took 500 ms with 15k
 * unindexed rows and 13 ms after an optimize (which took 3.8 s).
 */
export const UNINDEXED_MAX_ROWS = 2000;
export const NPROBES = 20;
/**
 * Compact a table once it holds this many fragments. Every write adds one (a document's passages and
 * questions are one write per table), and each is scanned on its own: at 2,000 documents the questions
 * table had 1,892 of them, and one compaction (4.2 s) made agentic questions 5–6× faster; at 200 documents
 * it took 0.65 s and made QA 4–6× faster. A few dozen fragments cost little, and waiting for them keeps
 * compactions rare.
 */
export const COMPACT_MIN_FRAGMENTS = 32;
/**
 * Compaction waits for the writes to pause this long (the end of an import batch, or a gap while a model
 * reads): it runs on the table's writer, so a write that arrives meanwhile waits for it.
 */
export const COMPACT_QUIET_MS = 3000;

/**
 * Apache Arrow as LanceDB itself loads it (CommonJS). An `import` would load Arrow's ES module build as
 * well — a second copy of the library, ~150 ms of CPU more each time the vector index opens, with classes
 * LanceDB does not share.
 */
const arrow = createRequire(import.meta.url)('apache-arrow') as typeof Arrow;

export function vectorSchema(dimension: number): Arrow.Schema {
  const { Field, FixedSizeList, Float32, Schema, Utf8 } = arrow;
  return new Schema([
    new Field('id', new Utf8(), false),
    // Empty for rows that do not belong to one document (entities, communities).
    new Field('docId', new Utf8(), false),
    new Field('text', new Utf8(), false),
    new Field('vector', new FixedSizeList(dimension, new Field('item', new Float32(), true)), false),
  ]);
}

/** One LanceDB table with its single writer. */
export interface ManagedTable {
  name: VectorTableName;
  table: lancedb.Table;
  writer: SerialQueue;
  hasVectorIndex: boolean;
  hasFts: boolean;
  rowsAtIndex: number;
}

export async function tableDimension(t: lancedb.Table): Promise<number | null> {
  const f = (await t.schema()).fields.find((x) => x.name === 'vector');
  const type = f?.type as { listSize?: number } | undefined;
  return type?.listSize ?? null;
}

/**
 * Removes tables whose creation was cut short: a process killed inside `createEmptyTable` leaves a
 * `<name>.lance` folder with a transaction file but no `_versions` manifest, which LanceDB lists yet cannot
 * open ("Dataset … was not found"), so the library would never open again. Such a table never committed a
 * version, so it holds nothing to lose; it is created again on the first write.
 */
export function removeUnfinishedTables(dir: string, log: Logger): string[] {
  const removed: string[] = [];
  for (const name of VECTOR_TABLES) {
    const folder = path.join(dir, `${name}.lance`);
    if (!fs.existsSync(folder)) continue;
    const versions = path.join(folder, '_versions');
    if (fs.existsSync(versions) && fs.readdirSync(versions).some((f) => f.endsWith('.manifest'))) continue;
    fs.rmSync(folder, { recursive: true, force: true });
    removed.push(name);
    log.log('warn', 'removed a vector table whose creation was interrupted', { table: name });
  }
  return removed;
}

/** Opens every table whose vectors match `dimension`; drops tables written for another dimension. */
export async function openTables(conn: lancedb.Connection, dimension: number | null, log: Logger) {
  const out = new Map<VectorTableName, ManagedTable>();
  const names = new Set(await conn.tableNames());
  for (const name of VECTOR_TABLES) {
    if (!names.has(name)) continue;
    const table = await conn.openTable(name);
    const dim = await tableDimension(table);
    if (dimension === null || dim !== dimension) {
      // Vectors are derivable: a table left from an interrupted re-embed is rebuilt, never mixed.
      table.close();
      await conn.dropTable(name);
      log.log('warn', 'dropped vector table with stale dimension', {
        table: name,
        found: dim,
        expected: dimension,
      });
      continue;
    }
    out.set(name, await manage(name, table));
  }
  return out;
}

export async function createTable(
  conn: lancedb.Connection,
  name: VectorTableName,
  dimension: number,
): Promise<ManagedTable> {
  const table = await conn.createEmptyTable(name, vectorSchema(dimension), { existOk: true });
  return manage(name, table);
}

async function manage(name: VectorTableName, table: lancedb.Table): Promise<ManagedTable> {
  const indices = await table.listIndices();
  const vec = indices.find((i) => i.columns.includes('vector'));
  const fts = indices.find((i) => i.indexType === 'FTS');
  const indexed = vec ?? fts;
  const stats = indexed ? await table.indexStats(indexed.name) : undefined;
  return {
    name,
    table,
    writer: createSerialQueue(),
    hasVectorIndex: Boolean(vec),
    hasFts: Boolean(fts),
    rowsAtIndex: stats?.numIndexedRows ?? 0,
  };
}

/**
 * Index upkeep, run on the table's writer after a write: create the FTS index once there is text, the
 * IVF_FLAT index once the table passes ANN_MIN_ROWS, and fold new rows into it (optimize) as it grows.
 */
export async function maintain(t: ManagedTable, log: Logger): Promise<void> {
  const rows = await t.table.countRows();
  if (FTS_TABLES.has(t.name) && !t.hasFts && rows > 0) {
    await t.table.createIndex('text', { config: lancedb.Index.fts(), replace: true });
    t.hasFts = true;
    if (!t.hasVectorIndex) t.rowsAtIndex = rows;
  }
  const unindexed = rows - t.rowsAtIndex;
  if (!t.hasVectorIndex && rows >= ANN_MIN_ROWS) {
    const started = Date.now();
    await t.table.createIndex('vector', {
      config: lancedb.Index.ivfFlat({
        numPartitions: Math.max(1, Math.round(Math.sqrt(rows))),
        distanceType: 'cosine',
      }),
      replace: true,
    });
    t.hasVectorIndex = true;
    t.rowsAtIndex = rows;
    log.log('info', 'vector index built', { table: t.name, rows, ms: Date.now() - started });
  } else if ((t.hasVectorIndex || t.hasFts) && unindexed > UNINDEXED_MAX_ROWS) {
    await optimize(t, rows);
  }
}

/**
 * Compacts the table when its fragments reach COMPACT_MIN_FRAGMENTS, whichever process wrote them: the
 * count is the table's own, so small batches across many runs of the command line add up. Run on the
 * table's writer. True when it compacted.
 */
export async function compactIfFragmented(t: ManagedTable, log: Logger): Promise<boolean> {
  const { fragmentStats, numRows } = await t.table.stats();
  if (fragmentStats.numFragments < COMPACT_MIN_FRAGMENTS) return false;
  const started = Date.now();
  await optimize(t, numRows);
  log.log('info', 'vector table compacted', {
    table: t.name,
    fragments: fragmentStats.numFragments,
    rows: numRows,
    ms: Date.now() - started,
  });
  return true;
}

/**
 * Every write is a new Lance version and fragment; optimize compacts them (scans stay fast) and folds new
 * rows into the indexes. Versions older than a minute are pruned (nothing here reads old versions).
 */
async function optimize(t: ManagedTable, rows: number): Promise<void> {
  await t.table.optimize({ cleanupOlderThan: new Date(Date.now() - 60_000) });
  t.rowsAtIndex = rows;
}
