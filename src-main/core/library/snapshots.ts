import fs from 'node:fs';
import path from 'node:path';
import { AriadneError } from '../../contract/errors';
import { acquireLock } from './lock';

/**
 * Snapshots of a library: `<library>/snapshots/<id>/`, each a consistent copy of what the library holds
 * besides its originals — the graph (copied by the store between two transactions, checkpointed), the
 * vectors, settings, references and geometry — with the originals hard-linked (an original never changes;
 * a link costs no space and outlives the document's deletion). Taken before each import batch and on a
 * schedule when the library changed since the last one, and on demand (`ariadne snapshot`); the newest
 * `keep` are kept. A snapshot is written to `.partial-<id>` and renamed when complete, so a kill never
 * leaves half of one under a real name.
 */
export interface SnapshotInfo {
  id: string;
  createdAt: string;
  reason: SnapshotReason;
  documents: number;
  /** The graph's commit count when it was taken (graph-state), or null for a backend without one. */
  generation: number | null;
  bytes: number;
}

export type SnapshotReason = 'import' | 'schedule' | 'manual' | 'repair';

/** What a snapshot needs of an open library. */
export interface SnapshotSource {
  dataDir: string;
  graph: {
    copyFilesTo?(dir: string): Promise<void>;
    listDocuments(): Promise<unknown[]>;
  };
}

const GRAPH_FILES = ['graph.kuzu', 'graph.kuzu.wal', 'graph.kuzu.state.json'];
const COPIED = ['settings.json', 'references.json'];
const COPIED_DIRS = ['geometry'];

export const snapshotsDir = (dataDir: string) => path.join(dataDir, 'snapshots');
const manifestOf = (dir: string) => path.join(dir, 'snapshot.json');

/** Snapshots on disk, newest first; unreadable ones are skipped. */
export function listSnapshots(dataDir: string): SnapshotInfo[] {
  const root = snapshotsDir(dataDir);
  if (!fs.existsSync(root)) return [];
  const out: SnapshotInfo[] = [];
  for (const name of fs.readdirSync(root)) {
    if (name.startsWith('.')) continue;
    try {
      const info = JSON.parse(fs.readFileSync(manifestOf(path.join(root, name)), 'utf8')) as SnapshotInfo;
      if (info.id === name) out.push(info);
    } catch {
      // Not a snapshot (or a damaged one): not offered.
    }
  }
  return out.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}

function generationOf(dir: string): number | null {
  try {
    const g = (
      JSON.parse(fs.readFileSync(path.join(dir, 'graph.kuzu.state.json'), 'utf8')) as { generation?: unknown }
    ).generation;
    return typeof g === 'number' ? g : null;
  } catch {
    return null;
  }
}

function bytesOf(dir: string): number {
  let n = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) n += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  return n;
}

/**
 * A LanceDB table folder copied so the copy opens at a complete version: its manifests (`_versions`) first,
 * then the data files, which Lance writes before the manifest naming them and never rewrites.
 */
function copyVectors(from: string, to: string): void {
  if (!fs.existsSync(from)) return;
  for (const table of fs.readdirSync(from)) {
    const src = path.join(from, table);
    const dst = path.join(to, table);
    if (!fs.statSync(src).isDirectory()) {
      fs.copyFileSync(src, dst);
      continue;
    }
    fs.mkdirSync(dst, { recursive: true });
    const versions = path.join(src, '_versions');
    if (fs.existsSync(versions)) fs.cpSync(versions, path.join(dst, '_versions'), { recursive: true });
    for (const entry of fs.readdirSync(src))
      if (entry !== '_versions') fs.cpSync(path.join(src, entry), path.join(dst, entry), { recursive: true });
  }
}

/** Every file under `from` hard-linked (copied where links are not possible) into `to`. */
function linkTree(from: string, to: string, skip: (name: string) => boolean = () => false): void {
  if (!fs.existsSync(from)) return;
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    if (skip(entry.name)) continue;
    const src = path.join(from, entry.name);
    const dst = path.join(to, entry.name);
    if (entry.isDirectory()) {
      fs.mkdirSync(dst, { recursive: true });
      linkTree(src, dst);
    } else if (!fs.existsSync(dst)) {
      try {
        fs.linkSync(src, dst);
      } catch {
        fs.copyFileSync(src, dst);
      }
    }
  }
}

/**
 * Room a snapshot must leave free: twice the graph store's reserve (32 MB, below which it refuses writes),
 * so a snapshot is never what stops ingestion on a nearly full disk.
 */
const SNAPSHOT_FREE_MARGIN = 64 * 1024 * 1024;

/** What a snapshot of the library would copy, in bytes (originals are linked, so they cost nothing). */
function copiedBytes(dataDir: string): number {
  let n = 0;
  for (const f of [...GRAPH_FILES, ...COPIED]) {
    const p = path.join(dataDir, f);
    if (fs.existsSync(p)) n += fs.statSync(p).size;
  }
  for (const d of ['vectors', ...COPIED_DIRS]) {
    const p = path.join(dataDir, d);
    if (fs.existsSync(p)) n += bytesOf(p);
  }
  return n;
}

function freeBytes(dir: string): number | null {
  try {
    const s = fs.statfsSync(dir);
    return s.bavail * s.bsize;
  } catch {
    return null;
  }
}

/**
 * Takes a snapshot; null when the backend keeps no files, or (for `import` and `schedule`) when the
 * library is empty, nothing was committed since the newest snapshot, or the disk has no room for one
 * (a snapshot asked for by name says so instead). Older snapshots past `keep` are deleted.
 */
export async function takeSnapshot(
  library: SnapshotSource,
  reason: SnapshotReason,
  opts: { keep: number; now?: Date },
): Promise<SnapshotInfo | null> {
  if (!library.graph.copyFilesTo) return null;
  const root = snapshotsDir(library.dataDir);
  const need = copiedBytes(library.dataDir);
  const free = freeBytes(library.dataDir);
  if (free !== null && free < need + SNAPSHOT_FREE_MARGIN) {
    if (reason === 'import' || reason === 'schedule') return null;
    const mb = (n: number) => Math.ceil(n / 1048576);
    throw new AriadneError(
      'disk_full',
      `No room for a snapshot: it needs about ${mb(need)} MB and ${mb(SNAPSHOT_FREE_MARGIN)} MB must stay free for the library; ${mb(free)} MB are free.`,
    );
  }
  const now = opts.now ?? new Date();
  const id = `${now.toISOString().replace(/[:.]/g, '-')}-${reason}`;
  const partial = path.join(root, `.partial-${id}`);
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });
  try {
    await library.graph.copyFilesTo(partial);
    const generation = generationOf(partial);
    const newest = listSnapshots(library.dataDir)[0];
    const documents = (await library.graph.listDocuments()).length;
    const unchanged = newest && generation !== null && newest.generation === generation;
    if ((reason === 'import' || reason === 'schedule') && (unchanged || documents === 0)) {
      fs.rmSync(partial, { recursive: true, force: true });
      return null;
    }
    copyVectors(path.join(library.dataDir, 'vectors'), path.join(partial, 'vectors'));
    for (const f of COPIED) {
      const src = path.join(library.dataDir, f);
      if (fs.existsSync(src)) fs.copyFileSync(src, path.join(partial, f));
    }
    for (const d of COPIED_DIRS) {
      const src = path.join(library.dataDir, d);
      if (fs.existsSync(src)) fs.cpSync(src, path.join(partial, d), { recursive: true });
    }
    // Originals are linked; their index is appended to, so it is copied.
    const originals = path.join(library.dataDir, 'originals');
    fs.mkdirSync(path.join(partial, 'originals'), { recursive: true });
    linkTree(originals, path.join(partial, 'originals'), (name) => name === 'index.ndjson');
    if (fs.existsSync(path.join(originals, 'index.ndjson')))
      fs.copyFileSync(path.join(originals, 'index.ndjson'), path.join(partial, 'originals', 'index.ndjson'));
    const info: SnapshotInfo = {
      id,
      createdAt: now.toISOString(),
      reason,
      documents,
      generation,
      bytes: bytesOf(partial),
    };
    fs.writeFileSync(manifestOf(partial), JSON.stringify(info, null, 2));
    fs.renameSync(partial, path.join(root, id));
    pruneSnapshots(library.dataDir, opts.keep);
    return info;
  } catch (e) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw e;
  }
}

/** Deletes all but the newest `keep` snapshots (and any left half-written). */
export function pruneSnapshots(dataDir: string, keep: number): void {
  const root = snapshotsDir(dataDir);
  if (!fs.existsSync(root)) return;
  for (const name of fs.readdirSync(root))
    if (name.startsWith('.partial-')) fs.rmSync(path.join(root, name), { recursive: true, force: true });
  for (const s of listSnapshots(dataDir).slice(Math.max(0, keep)))
    fs.rmSync(path.join(root, s.id), { recursive: true, force: true });
}

/** What a library folder holds that a restore replaces (originals stay: they only gain what is missing). */
const REPLACED = [...GRAPH_FILES, 'graph.kuzu.checkpoint-backup', 'vectors', ...COPIED, ...COPIED_DIRS];

/**
 * Moves what a restore or repair replaces into `<library>/<label>-<time>/` (never deleted here: the
 * user can look at it, or delete it) and returns that folder.
 */
export function setAside(dataDir: string, label: string, names: string[] = REPLACED): string {
  const aside = path.join(dataDir, `${label}-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  fs.mkdirSync(aside, { recursive: true });
  for (const name of names) {
    const src = path.join(dataDir, name);
    if (fs.existsSync(src)) fs.renameSync(src, path.join(aside, name));
  }
  return aside;
}

/**
 * Puts a snapshot back in a library nobody has open: what it replaces is set aside (`replaced-<time>/`),
 * the snapshot's files are copied in (the snapshot stays), and originals it needs come back. The copied
 * graph differs from its record on disk, so the next open reads it in the integrity probe first.
 */
export function restoreSnapshot(dataDir: string, id: string): { snapshot: SnapshotInfo; setAside: string } {
  const snapshot = listSnapshots(dataDir).find((s) => s.id === id);
  if (!snapshot)
    throw new AriadneError('not_found', `No snapshot ${id}: \`ariadne snapshot --list\` lists them.`);
  const lock = acquireLock(dataDir);
  try {
    const from = path.join(snapshotsDir(dataDir), id);
    const aside = setAside(dataDir, 'replaced');
    for (const f of [...GRAPH_FILES, ...COPIED]) {
      const src = path.join(from, f);
      if (fs.existsSync(src)) fs.copyFileSync(src, path.join(dataDir, f));
    }
    for (const d of ['vectors', ...COPIED_DIRS]) {
      const src = path.join(from, d);
      if (fs.existsSync(src)) fs.cpSync(src, path.join(dataDir, d), { recursive: true });
    }
    linkTree(
      path.join(from, 'originals'),
      path.join(dataDir, 'originals'),
      (name) => name === 'index.ndjson',
    );
    return { snapshot, setAside: aside };
  } finally {
    lock.release();
  }
}

const pendingFile = (dataDir: string) => path.join(dataDir, 'restore-pending.json');

/** The snapshot chosen to restore at the next start, or null. */
export function pendingRestore(dataDir: string): string | null {
  try {
    const id = (JSON.parse(fs.readFileSync(pendingFile(dataDir), 'utf8')) as { id?: unknown }).id;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

/**
 * Chooses a snapshot to restore when the library next opens (null: none). A library open in this very
 * process (the desktop app, `serve`) cannot swap its files under itself; the next start does it first.
 */
export function chooseRestore(dataDir: string, id: string | null): void {
  if (id === null) return void fs.rmSync(pendingFile(dataDir), { force: true });
  if (!listSnapshots(dataDir).some((s) => s.id === id))
    throw new AriadneError('not_found', `No snapshot ${id}.`);
  fs.writeFileSync(pendingFile(dataDir), JSON.stringify({ id, chosenAt: new Date().toISOString() }));
}

/** The last restore chosen in Settings and done at a start: what the app reports back to whoever chose it. */
export interface LastRestore {
  id: string;
  /** When the snapshot was taken. */
  createdAt: string;
  documents: number;
  restoredAt: string;
  /** The folder, inside the library, that holds what the restore replaced. */
  setAside: string;
}

const lastRestoreFile = (dataDir: string) => path.join(dataDir, 'restore-done.json');

export function lastRestore(dataDir: string): LastRestore | null {
  try {
    return JSON.parse(fs.readFileSync(lastRestoreFile(dataDir), 'utf8')) as LastRestore;
  } catch {
    return null;
  }
}

/**
 * Restores the chosen snapshot, if any, before the library opens; returns what it did and records it for
 * Settings to report. A chosen snapshot deleted since (by hand) is dropped: the library opens as it is.
 */
export function applyPendingRestore(dataDir: string): ReturnType<typeof restoreSnapshot> | null {
  const id = pendingRestore(dataDir);
  if (!id) return null;
  if (!listSnapshots(dataDir).some((s) => s.id === id)) {
    fs.rmSync(pendingFile(dataDir), { force: true });
    return null;
  }
  const done = restoreSnapshot(dataDir, id);
  fs.rmSync(pendingFile(dataDir), { force: true });
  const record: LastRestore = {
    id,
    createdAt: done.snapshot.createdAt,
    documents: done.snapshot.documents,
    restoredAt: new Date().toISOString(),
    setAside: path.basename(done.setAside),
  };
  fs.writeFileSync(lastRestoreFile(dataDir), JSON.stringify(record, null, 2));
  return done;
}
