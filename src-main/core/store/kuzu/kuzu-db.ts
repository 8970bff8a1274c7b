import { constants, copyFileSync, existsSync, mkdirSync, statfsSync, statSync } from 'node:fs';
import nodePath from 'node:path';
import kuzu, { type Connection, type KuzuValue, type PreparedStatement, type QueryResult } from 'kuzu';
import { AriadneError } from '../../../contract/errors';
import { createSerialQueue, type SerialQueue } from '../serial-queue';
import {
  type BackupOutcome,
  restoreInterruptedCheckpoint,
  underCheckpointGuard,
  walBytes,
} from './checkpoint-guard';
import {
  filesChanged,
  readGraphState,
  statePath,
  walDiffers,
  walPathOf,
  writeGraphState,
} from './graph-state';
import { probeGraph } from './integrity-probe';

export type Row = Record<string, unknown>;
export type Params = Record<string, unknown>;

/** One statement runner bound to one Kùzu connection. */
export interface KuzuRunner {
  /** Runs one parametrised statement and returns all rows; the QueryResult is always closed. */
  query(cypher: string, params?: Params): Promise<Row[]>;
  /** Runs one prepared statement once per parameter row (see rels.ts for why). */
  each(cypher: string, rows: Params[]): Promise<void>;
  /** True inside `write(fn, { bulk: true })`: relationships may be created with COPY (see rels.ts). */
  readonly bulk: boolean;
}

/**
 * The single Kùzu Database of this process for one library, with a write connection (serialised, with
 * explicit transactions) and a read connection. Both run through one serial queue (see openKuzu).
 */
export interface KuzuDb {
  read<T>(fn: (r: KuzuRunner) => Promise<T>): Promise<T>;
  /** Folds the WAL into the data file under the checkpoint guard (see checkpoint-guard.ts). */
  checkpoint(): Promise<void>;
  /** Runs fn on the write connection without an explicit transaction (DDL that Kùzu allows only there). */
  autoWrite<T>(fn: (r: KuzuRunner) => Promise<T>): Promise<T>;
  /**
   * Runs fn inside BEGIN/COMMIT on the write connection; rolls back when fn throws. With `bulk`, the
   * transaction may use COPY, whose forced checkpoint runs under the checkpoint guard: for large batches,
   * where COPY is much faster than creating relationships one by one.
   */
  write<T>(fn: (r: KuzuRunner) => Promise<T>, opts?: { bulk?: boolean }): Promise<T>;
  /**
   * Copies the database files into `dir` between two transactions: checkpointed first when there is room
   * (the copy is then one file), else with its WAL, which the copy replays on open.
   */
  copyTo(dir: string): Promise<void>;
  close(): Promise<void>;
}

const LOCK_RE = /could not set lock/i;

export interface KuzuOptions {
  /** A write that leaves more than this in the WAL is followed by a guarded checkpoint. Default 32 MiB. */
  checkpointWalBytes?: number;
  /** Told when an interrupted checkpoint had to be rolled back on open. */
  onRestored?: () => void;
  /** Told when a checkpoint backup that is not this graph's was found and moved aside, unapplied. */
  onSetAside?: (outcome: Extract<BackupOutcome, { kind: 'set-aside' }>) => void;
  /** Writes are refused while the disk has less than this free. Default 32 MiB (see spaceReserve). */
  reserveBytes?: number;
}

/**
 * WAL size past which closing checkpoints (under the guard). Kùzu replays the whole WAL at every open:
 * measured on a 90-document library, a 3.4 MB WAL added ~290 ms of CPU to each open (~85 ms per MB), while
 * checkpointing it once took ~150–230 ms plus the guard's copy of the data file (tens of ms). At 8 MB, the
 * bound this used to be, every `ariadne status` paid about 0.7 s for a WAL nobody folded.
 */
export const CLOSE_CHECKPOINT_WAL_BYTES = 1024 * 1024;

/**
 * Process growth since the last checkpoint past which a write checkpoints a WAL of RSS_CHECKPOINT_MIN_WAL
 * or more. Kùzu 0.11 keeps a copy of the column chunk of every row updated in place until it checkpoints,
 * so memory grows with updates × chunk size, not with the WAL: 1,080 task updates of a 1 MB text took a
 * process to 2.4 GB with a 6 MB WAL, far below the 32 MB checkpoint; checkpointing every 100 transactions
 * kept it at 170 MB. The growth of the whole process is the signal at hand (Kùzu reports no memory figure).
 */
const RSS_CHECKPOINT_BYTES = 256 * 1024 * 1024;
const RSS_CHECKPOINT_MIN_WAL = 256 * 1024;

export async function openKuzu(path: string, opts: KuzuOptions = {}): Promise<KuzuDb> {
  const recorded = readGraphState(path);
  const backup = restoreInterruptedCheckpoint(path, recorded?.generation ?? null);
  if (backup.kind === 'restored') opts.onRestored?.();
  if (backup.kind === 'set-aside') opts.onSetAside?.(backup);
  // A restored backup is the recorded state itself; otherwise files changed behind the store's back are
  // read in a child process first, where a damaged page may crash (graph-state.ts).
  const changed = recorded && backup.kind !== 'restored' ? filesChanged(path, recorded) : null;
  if (recorded && changed) {
    if (walDiffers(path, recorded))
      throw graphDamaged(`${changed}: its contents differ from those recorded when it was closed`);
    const probe = await probeGraph(path);
    if (!probe.ok) throw graphDamaged(`${changed}, and ${probe.problem ?? 'it could not be read'}`);
    if ((probe.generation ?? -1) < recorded.generation)
      throw graphDamaged(`${changed}: it opens with ${lostCommits(probe.generation, recorded.generation)}`);
  }
  // Automatic checkpoints off (the 6th argument): see checkpoint-guard.ts.
  const db = new kuzu.Database(path, 0, true, false, 0, false);
  const walLimit = opts.checkpointWalBytes ?? 32 * 1024 * 1024;
  try {
    await db.init();
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    if (LOCK_RE.test(msg))
      throw new AriadneError('library_locked', `The graph database is in use by another process (${path}).`, {
        cause: e,
      });
    throw new AriadneError('internal', `Cannot open the graph database: ${msg}`, { cause: e });
  }
  const writeConn = new kuzu.Connection(db);
  const readConn = new kuzu.Connection(db);
  await writeConn.init();
  await readConn.init();
  let generation = await readGeneration(readConn);
  if (recorded && generation < recorded.generation) {
    await writeConn.close();
    await readConn.close();
    await db.close();
    throw graphDamaged(`it opens with ${lostCommits(generation, recorded.generation)}`);
  }
  if (generation < 0) {
    // The counter's table belongs to this store, not to the domain schema: created once, by the store.
    const res = await writeConn.query(COMMIT_TABLE);
    for (const r of Array.isArray(res) ? res : [res]) r.close();
    generation = 0;
  }
  // Closing would checkpoint without the guard; close() checkpoints through it instead.
  const setting = await writeConn.query('CALL force_checkpoint_on_close=false');
  for (const r of Array.isArray(setting) ? setting : [setting]) r.close();
  // One queue for both connections: Kùzu 0.11's Node binding crashed the process (SIGSEGV) when a read on
  // one connection overlapped a write transaction on the other under many small concurrent pipeline writes.
  // Serialising costs little here (statements are short) and keeps a scientist's library process alive.
  const writeQ = createSerialQueue();
  const readQ = writeQ;
  const writer = runnerFor(writeConn, false, path);
  const bulkWriter = runnerFor(writeConn, true, path);
  const reader = runnerFor(readConn, false, path);
  let closed = false;

  const guard = (q: SerialQueue) => {
    if (closed) throw new AriadneError('internal', 'The graph store is closed.');
    return q;
  };

  const reserve = opts.reserveBytes ?? DEFAULT_RESERVE_BYTES;
  let rssAtCheckpoint = process.memoryUsage.rss();
  const checkpointIfLarge = async (limit: number) => {
    const wal = walBytes(path);
    if (wal <= limit) return;
    // The guard copies the data file and the WAL aside first: without room for both, the WAL waits.
    const free = freeBytes(path);
    if (free !== null && free < reserve + wal + fileBytes(path)) return;
    // The counter needs only its last row.
    await transaction(writer, (r) =>
      r.query('MATCH (c:GraphCommit) WHERE c.n < $n DELETE c', { n: generation }),
    );
    await underCheckpointGuard(path, () => writer.query('CHECKPOINT'), generation);
    rssAtCheckpoint = process.memoryUsage.rss();
    writeGraphState(path, generation);
  };
  // Every transaction adds a row to the commit counter (graph-state.ts): a row inserted, never a value
  // updated, because Kùzu 0.11 keeps each in-place update of a STRING in memory until the next checkpoint
  // (a counter in Meta updated 5,000 times: +130 MB; 5,000 inserts: +0).
  const transaction = async <T>(r: KuzuRunner, fn: (r: KuzuRunner) => Promise<T>) => {
    await r.query('BEGIN TRANSACTION');
    let result;
    try {
      result = await fn(r);
      await r.query('CREATE (:GraphCommit {n: $n})', { n: generation + 1 });
    } catch (e) {
      await r.query('ROLLBACK').catch(() => undefined);
      throw e;
    }
    await r.query('COMMIT');
    generation++;
    writeGraphState(path, generation);
    return result;
  };

  return {
    read: (fn) => guard(readQ).run(() => fn(reader)),
    autoWrite: (fn) =>
      guard(writeQ).run(() => {
        refuseWhenFull(path, reserve);
        return fn(writer);
      }),
    write: (fn, o) =>
      guard(writeQ).run(async () => {
        refuseWhenFull(path, reserve);
        // COPY checkpoints inside COMMIT: the guard's copy is the state before this transaction.
        if (o?.bulk) {
          const result = await underCheckpointGuard(path, () => transaction(bulkWriter, fn), generation);
          writeGraphState(path, generation);
          return result;
        }
        const result = await transaction(writer, fn);
        // Committed: a failed checkpoint only leaves the WAL longer, so it must not fail the write. Kùzu
        // holds what was updated since the last checkpoint in memory, more than the WAL says (see
        // RSS_CHECKPOINT_BYTES): a process grown that much checkpoints a short WAL too.
        const grown = process.memoryUsage.rss() - rssAtCheckpoint > RSS_CHECKPOINT_BYTES;
        await checkpointIfLarge(grown ? RSS_CHECKPOINT_MIN_WAL : walLimit).catch(() => undefined);
        return result;
      }),
    checkpoint: () => guard(writeQ).run(() => checkpointIfLarge(0)),
    copyTo: (dir) =>
      guard(writeQ).run(async () => {
        await checkpointIfLarge(0).catch(() => undefined);
        mkdirSync(dir, { recursive: true });
        for (const file of [path, walPathOf(path), statePath(path)])
          if (existsSync(file))
            copyFileSync(file, nodePath.join(dir, nodePath.basename(file)), constants.COPYFILE_FICLONE);
      }),
    async close() {
      if (closed) return;
      closed = true;
      // Order matters: all results are closed inside query(); wait for in-flight work, then connections,
      // then the database. Closing the database under a live result segfaults the process.
      await writeQ.idle();
      await readQ.idle();
      // A short WAL is cheaper to replay on the next open than the data-file copy the guard makes; a longer
      // one is replayed by every open until something checkpoints it, read-only commands included.
      await checkpointIfLarge(Math.min(walLimit / 4, CLOSE_CHECKPOINT_WAL_BYTES)).catch(() => undefined);
      await writeConn.close();
      await readConn.close();
      await db.close();
      writeGraphState(path, generation, true);
    },
  };
}

const COMMIT_TABLE = 'CREATE NODE TABLE IF NOT EXISTS GraphCommit(n INT64 PRIMARY KEY)';

/** The graph's commit counter; 0 before the first counted commit, -1 while it has no table. */
async function readGeneration(conn: Connection): Promise<number> {
  let res: QueryResult | QueryResult[] | undefined;
  try {
    res = await conn.query('MATCH (c:GraphCommit) RETURN max(c.n) AS n');
    const last = Array.isArray(res) ? res.at(-1) : res;
    const rows = last ? ((await last.getAll()) as Row[]) : [];
    const n = rows[0]?.n;
    return n === null || n === undefined ? 0 : Number(n);
  } catch {
    return -1;
  } finally {
    for (const r of Array.isArray(res) ? res : res ? [res] : []) r.close();
  }
}

const lostCommits = (found: number | null, recorded: number) =>
  found === null || found < 0
    ? `none of its ${recorded} recorded commits`
    : `${found} of its ${recorded} recorded commits: the last ${recorded - found} are missing`;

/** The error every command gets from a graph that is damaged or behind its record: nothing opened. */
function graphDamaged(what: string): AriadneError {
  return new AriadneError(
    'library_damaged',
    `The library's graph is damaged (${what}). It was not opened, so nothing more is lost. ` +
      'Repair it, or restore a snapshot.',
  );
}

function runnerFor(conn: Connection, bulk: boolean, dbPath: string): KuzuRunner {
  // Prepared statements are cached per connection: the same few statements run thousands of times.
  const cache = new Map<string, PreparedStatement>();
  const prepared = async (cypher: string) => {
    let ps = cache.get(cypher);
    if (!ps) {
      ps = await conn.prepare(cypher);
      if (!ps.isSuccess()) throw new Error(ps.getErrorMessage());
      cache.set(cypher, ps);
    }
    return ps;
  };
  return {
    bulk,
    async each(cypher, rows) {
      if (!rows.length) return;
      try {
        const ps = await prepared(cypher);
        for (const row of rows) {
          const res = await conn.execute(ps, row as Record<string, KuzuValue>);
          for (const r of Array.isArray(res) ? res : [res]) r.close();
        }
      } catch (e) {
        throw toStoreError(e, cypher, dbPath);
      }
    },
    async query(cypher, params) {
      let res: QueryResult | QueryResult[];
      for (const [k, v] of Object.entries(params ?? {})) {
        // Kùzu 0.11 crashes the process on an empty top-level list parameter (its type cannot be inferred).
        if (Array.isArray(v) && v.length === 0)
          throw new AriadneError('internal', `Empty list parameter $${k}.`);
      }
      try {
        if (params && Object.keys(params).length > 0) {
          res = await conn.execute(await prepared(cypher), params as Record<string, KuzuValue>);
        } else {
          res = await conn.query(cypher);
        }
      } catch (e) {
        throw toStoreError(e, cypher, dbPath);
      }
      const all = Array.isArray(res) ? res : [res];
      try {
        const last = all.at(-1);
        return last ? await readRows(last) : [];
      } finally {
        for (const r of all) r.close();
      }
    },
  };
}

/** Rows read synchronously between two yields to the event loop (a few milliseconds of work). */
const ROWS_PER_SLICE = 2000;

/**
 * Converts a result to JS rows. The binding's async getAll() hops to the thread pool for every row: 100k
 * rows took 9.9 s that way and 0.19 s with getNextSync(). Reading synchronously in slices, yielding between
 * them, keeps that speed without holding the event loop for long on a large result.
 */
async function readRows(res: QueryResult): Promise<Row[]> {
  const rows: Row[] = [];
  res.resetIterator();
  while (res.hasNext()) {
    rows.push(res.getNextSync() as Row);
    if (rows.length % ROWS_PER_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  return rows;
}

/** Below this much free space, a failed read or write of the database is put down to a full disk. */
const FULL_DISK_BYTES = 64 * 1024 * 1024;

/**
 * Free space a write transaction must leave. Kùzu 0.11 does not always fail a write cleanly on a full disk:
 * on a 64 MB tmpfs filled to its last 100–400 KB, an ingest ended in `terminate called after throwing
 * kuzu::common::IOException` (SIGABRT, no message) in 2 of 3 runs; with 1 MB free it failed the transaction.
 * So a transaction is refused, with the reason, before the disk gets that close. The WAL of one document's
 * commit is a few MB at most.
 */
const DEFAULT_RESERVE_BYTES = 32 * 1024 * 1024;

function fileBytes(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

function diskFull(free: number | null, cause?: unknown): AriadneError {
  return new AriadneError(
    'disk_full',
    `The disk holding the library is full${free === null ? '' : ` (${Math.floor(free / 1048576)} MB free)`}: free some space, then run the command again. What was saved before is kept.`,
    { retryable: true, cause },
  );
}

function refuseWhenFull(dbPath: string, reserve: number): void {
  const free = freeBytes(dbPath);
  if (free !== null && free < reserve) throw diskFull(free);
}

/** Free bytes on the file system holding `file`, or null when it cannot be told. */
function freeBytes(file: string): number | null {
  try {
    const s = statfsSync(nodePath.dirname(file));
    return s.bavail * s.bsize;
  } catch {
    return null;
  }
}

function toStoreError(e: unknown, cypher: string, dbPath: string): AriadneError {
  const msg = e instanceof Error ? e.message : String(e);
  // Kùzu names no errno: a full disk reads "IO exception: Cannot write to file … graph.kuzu.wal" (or
  // "Cannot read from file … [CHECKPOINT]" with a megabyte or two left). The free space says which.
  const free = /ENOSPC|no space left|IO exception|Cannot (write|read)/i.test(msg) ? freeBytes(dbPath) : null;
  if (/ENOSPC|no space left/i.test(msg) || (free !== null && free < FULL_DISK_BYTES))
    return diskFull(free, e);
  return new AriadneError('internal', `Graph query failed: ${msg} [${cypher.slice(0, 80)}]`, { cause: e });
}
