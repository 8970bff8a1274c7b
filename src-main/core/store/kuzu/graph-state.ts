import { createHash } from 'node:crypto';
import fs from 'node:fs';

/**
 * What the graph held at its last commit, kept outside the database: `graph.kuzu.state.json`.
 *
 * Kùzu opens whatever its files say. Deleting `graph.kuzu.wal` opened an empty library, truncating or
 * damaging it rolled documents back to queued, and a stray `graph.kuzu.checkpoint-backup/` was applied and
 * emptied a library — each silently. So every write transaction also increments a counter inside the graph
 * (a row per commit in `GraphCommit`), and after its COMMIT the store writes this file (atomically, no fsync: a
 * crash can only leave it behind the graph, never ahead) with that count and the size and mtime of the
 * data file and the WAL. On open:
 *
 *   - files as they were left, or a WAL that only grew (commits after the last record, a kill): opened;
 *   - anything else (a WAL shorter, missing or rewritten, a data file changed while closed): the graph is
 *     first opened read-only in a child process (integrity-probe.ts), where a damaged page can crash
 *     without taking the command with it;
 *   - a graph whose counter is below the record has lost commits: it is not opened, and the error says what
 *     happened and what to do (`ariadne doctor`, `repair`, `restore`);
 *   - a WAL whose contents differ from the digest recorded when the library was closed: not opened. The
 *     probe cannot see such damage when it lands inside a string value: Kùzu 0.11 replays the WAL without a
 *     checksum, and a damaged block of a 1 MB WAL opened with junk inside a document's stored JSON.
 */
export interface FileStamp {
  size: number;
  mtimeMs: number;
}

export interface GraphState {
  generation: number;
  data: FileStamp | null;
  wal: FileStamp | null;
  /** sha256 of the WAL, recorded only when the store closed (a commit after that drops it). */
  walSha256?: string;
  at: string;
}

export const statePath = (dbPath: string) => `${dbPath}.state.json`;
export const walPathOf = (dbPath: string) => `${dbPath}.wal`;

export function stampOf(file: string): FileStamp | null {
  try {
    const s = fs.statSync(file);
    return { size: s.size, mtimeMs: s.mtimeMs };
  } catch {
    return null;
  }
}

export function readGraphState(dbPath: string): GraphState | null {
  try {
    const raw = JSON.parse(fs.readFileSync(statePath(dbPath), 'utf8')) as Partial<GraphState>;
    if (typeof raw.generation !== 'number' || !Number.isFinite(raw.generation)) return null;
    return {
      generation: raw.generation,
      data: raw.data ?? null,
      wal: raw.wal ?? null,
      ...(typeof raw.walSha256 === 'string' ? { walSha256: raw.walSha256 } : {}),
      at: typeof raw.at === 'string' ? raw.at : '',
    };
  } catch {
    return null;
  }
}

/** sha256 of a file's bytes, or null when it cannot be read. */
function digestOf(file: string): string | null {
  try {
    return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  } catch {
    return null;
  }
}

/**
 * Records the graph's counter and its files as they are now. Never throws: it is a witness, not data.
 * `closing`: the store has closed, so the WAL is final until the next open and its digest is recorded too
 * (close checkpoints a WAL over 1 MB first, so this reads at most about that much: a few milliseconds).
 */
export function writeGraphState(dbPath: string, generation: number, closing = false): void {
  const walSha256 = closing ? digestOf(walPathOf(dbPath)) : null;
  const state: GraphState = {
    generation,
    data: stampOf(dbPath),
    wal: stampOf(walPathOf(dbPath)),
    ...(walSha256 ? { walSha256 } : {}),
    at: new Date().toISOString(),
  };
  const file = statePath(dbPath);
  const tmp = `${file}.tmp`;
  try {
    fs.writeFileSync(tmp, JSON.stringify(state));
    fs.renameSync(tmp, file);
  } catch {
    fs.rmSync(tmp, { force: true });
  }
}

// Within a millisecond: a copy that keeps timestamps (cp -p, rsync -t) may round the sub-millisecond part.
const sameTime = (a: number, b: number) => Math.abs(a - b) < 1;
const same = (a: FileStamp | null, b: FileStamp | null) =>
  a === b || (a !== null && b !== null && a.size === b.size && sameTime(a.mtimeMs, b.mtimeMs));

/**
 * How the files differ from the record: null when they are as recorded (or the WAL only grew, which a kill
 * after a commit leaves), else what changed, in words.
 */
export function filesChanged(dbPath: string, state: GraphState): string | null {
  const data = stampOf(dbPath);
  const wal = stampOf(walPathOf(dbPath));
  const changes: string[] = [];
  if (!data) changes.push('the data file graph.kuzu is missing');
  else if (!same(data, state.data)) changes.push('graph.kuzu changed while the library was closed');
  if (state.wal && state.wal.size > 0 && !wal)
    changes.push(`the write-ahead log graph.kuzu.wal is missing (it held ${kb(state.wal.size)})`);
  else if (state.wal && wal && wal.size < state.wal.size)
    changes.push(`graph.kuzu.wal is shorter than it was (${kb(wal.size)} of ${kb(state.wal.size)})`);
  else if (state.wal && wal && wal.size === state.wal.size && !sameTime(wal.mtimeMs, state.wal.mtimeMs))
    // A copy that did not keep timestamps touches the file without changing it: the digest tells.
    if (!state.walSha256 || walDiffers(dbPath, state))
      changes.push('graph.kuzu.wal was rewritten while the library was closed');
  return changes.length ? changes.join('; ') : null;
}

/**
 * The WAL's bytes differ from those recorded when the store closed (the size being the same). Such a WAL
 * must not be opened whatever a probe says: see the header.
 */
export function walDiffers(dbPath: string, state: GraphState): boolean {
  const wal = stampOf(walPathOf(dbPath));
  if (!state.walSha256 || !state.wal || !wal || wal.size !== state.wal.size) return false;
  return digestOf(walPathOf(dbPath)) !== state.walSha256;
}

const kb = (n: number) => (n < 10_240 ? `${n} bytes` : `${Math.round(n / 1024)} KB`);
