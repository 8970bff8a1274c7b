import fs from 'node:fs';
import path from 'node:path';

/**
 * Kùzu 0.11.3 checkpoints are not crash-safe: a process killed while Kùzu folds its WAL into the data file
 * can leave a database that no longer opens ("Found duplicated primary key value …" on WAL replay; measured:
 * 20 kills of a writer that checkpoints after every transaction broke the database within 3 rounds). Kùzu
 * writes some pages in place before it logs the checkpoint. Plain commits only append to the WAL and are
 * safe, so the store turns automatic checkpoints off, uses COPY (which forces one at every commit) only in
 * bulk writes, and checkpoints only through `underCheckpointGuard`:
 *
 *   1. copy the data file and the WAL to `<db>.checkpoint-backup/`, then write its `complete` marker;
 *   2. CHECKPOINT;
 *   3. delete the backup.
 *
 * No transaction runs in between, so the backup holds exactly the committed state. If the process dies in
 * step 2, the next open restores both files from the backup and Kùzu replays the WAL: nothing committed is
 * lost whichever moment the kill hit. A backup without its marker was cut short in step 1 and is ignored.
 */
const backupDir = (dbPath: string) => `${dbPath}.checkpoint-backup`;
const MARKER = 'complete';
/** The graph's commit count when the backup was made (see graph-state.ts). */
const GENERATION = 'generation';
const walPath = (dbPath: string) => `${dbPath}.wal`;
const shadowPath = (dbPath: string) => `${dbPath}.shadow`;

/** What an open found in `<db>.checkpoint-backup/`. */
export type BackupOutcome =
  | { kind: 'none' }
  /** An interrupted checkpoint, put back; `generation` is the commit count the backup holds (or null). */
  | { kind: 'restored'; generation: number | null }
  /** A backup that is not this graph's last state, moved aside unapplied (see restoreInterruptedCheckpoint). */
  | { kind: 'set-aside'; movedTo: string; generation: number | null; expected: number };

/**
 * Puts back the files of an interrupted checkpoint. Call before opening. (For a bulk write, the backup
 * predates the transaction: a transaction whose COMMIT never returned is undone.)
 *
 * A backup records the graph's commit count when it was made (graph-state.ts). A backup older than the
 * library's last recorded commit cannot be an interrupted checkpoint of it (nothing commits while one
 * runs): a leftover from another time or another library, applied, rolled a library back to empty. It is
 * moved to `<db>.checkpoint-backup.set-aside-<time>/` instead, never applied, and the caller reports it.
 */
export function restoreInterruptedCheckpoint(
  dbPath: string,
  lastGeneration: number | null = null,
): BackupOutcome {
  const dir = backupDir(dbPath);
  if (!fs.existsSync(dir)) return { kind: 'none' };
  if (!fs.existsSync(path.join(dir, MARKER)) || !fs.existsSync(path.join(dir, path.basename(dbPath)))) {
    fs.rmSync(dir, { recursive: true, force: true });
    return { kind: 'none' };
  }
  const generation = backupGeneration(dir);
  if (lastGeneration !== null && (generation === null || generation < lastGeneration)) {
    const movedTo = `${dir}.set-aside-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(dir, movedTo);
    return { kind: 'set-aside', movedTo, generation, expected: lastGeneration };
  }
  for (const file of [dbPath, walPath(dbPath)]) {
    const saved = path.join(dir, path.basename(file));
    if (fs.existsSync(saved)) copy(saved, file);
    else fs.rmSync(file, { force: true });
  }
  fs.rmSync(shadowPath(dbPath), { force: true });
  fs.rmSync(dir, { recursive: true, force: true });
  return { kind: 'restored', generation };
}

function backupGeneration(dir: string): number | null {
  try {
    const n = Number(fs.readFileSync(path.join(dir, GENERATION), 'utf8'));
    return Number.isFinite(n) ? n : null;
  } catch {
    return null;
  }
}

/** Bytes waiting in the WAL (0 when there is none). */
export function walBytes(dbPath: string): number {
  try {
    return fs.statSync(walPath(dbPath)).size;
  } catch {
    return 0;
  }
}

/**
 * Runs `work` (a CHECKPOINT, or a transaction whose COMMIT checkpoints) with the backup around it. The caller
 * guarantees that nothing else writes meanwhile. Whether `work` succeeds or throws, the backup is gone
 * afterwards: a backup left behind would roll later commits back on the next open.
 */
export async function underCheckpointGuard<T>(
  dbPath: string,
  work: () => Promise<T>,
  generation: number | null = null,
): Promise<T> {
  const dir = backupDir(dbPath);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir);
  try {
    for (const file of [dbPath, walPath(dbPath)]) {
      if (fs.existsSync(file)) copy(file, path.join(dir, path.basename(file)));
    }
    if (generation !== null) fs.writeFileSync(path.join(dir, GENERATION), String(generation));
    const fd = fs.openSync(path.join(dir, MARKER), 'w');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    return await work();
  } finally {
    // The marker goes first: a half-deleted backup must never look complete.
    fs.rmSync(path.join(dir, MARKER), { force: true });
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A copy-on-write clone where the file system offers one (APFS, btrfs, XFS), a plain copy elsewhere. */
function copy(from: string, to: string) {
  fs.copyFileSync(from, to, fs.constants.COPYFILE_FICLONE);
  const fd = fs.openSync(to, 'r+');
  fs.fsyncSync(fd);
  fs.closeSync(fd);
}
