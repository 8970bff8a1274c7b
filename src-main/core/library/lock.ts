import fs from 'node:fs';
import path from 'node:path';
import { AriadneError } from '../../contract/errors';

/** Directories this process holds: Kùzu must have one Database object per path per process. */
const heldHere = new Set<string>();

export interface LibraryLock {
  readonly file: string;
  release(): void;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

interface Owner {
  pid: number;
  /** The owner's start time as the kernel counts it (Linux), to tell it from a later process with its pid. */
  start: string | null;
}

function readOwner(file: string): Owner | null {
  try {
    const body = JSON.parse(fs.readFileSync(file, 'utf8')) as { pid?: unknown; start?: unknown };
    const pid = Number(body.pid);
    if (!Number.isInteger(pid) || pid <= 0) return null;
    return { pid, start: typeof body.start === 'string' ? body.start : null };
  } catch {
    return null;
  }
}

/** Field 22 of /proc/<pid>/stat (start time in clock ticks since boot), or null where there is no /proc. */
function startOf(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: fields are counted after its last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** Whether a process looks like one that could hold a library (Node, Electron, Ariadne); true without /proc. */
function couldBeAriadne(pid: number): boolean {
  try {
    return /node|electron|ariadne/i.test(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return true;
  }
}

/**
 * Whether the lock's owner still runs. A pid is reused once its process ends: a lock naming pid 1 (or any
 * process started later) locked a library for good. The lock records its owner's start time, so a live
 * process with that pid but another start time is a stranger; a lock from before it recorded one is
 * trusted only to a process that could be Ariadne.
 */
function ownerRuns(owner: Owner): boolean {
  if (!alive(owner.pid)) return false;
  const start = startOf(owner.pid);
  if (owner.start !== null && start !== null) return start === owner.start;
  return couldBeAriadne(owner.pid);
}

/** The process holding the library, when another live one does. */
export function lockHolder(dataDir: string): number | null {
  const owner = readOwner(path.join(path.resolve(dataDir), 'library.lock'));
  return owner && owner.pid !== process.pid && ownerRuns(owner) ? owner.pid : null;
}

/**
 * Takes the library lock: a file naming the owning process. A lock left by a process that no longer
 * exists (a crash, a SIGKILL) is taken over. Kùzu's own file lock backs this up if two processes race
 * for a stale lock at the same instant.
 */
export function acquireLock(dataDir: string): LibraryLock {
  const key = path.resolve(dataDir);
  const file = path.join(key, 'library.lock');
  if (heldHere.has(key)) {
    throw new AriadneError(
      'library_locked',
      `The library at ${key} is already open in this process (${process.pid}).`,
    );
  }
  const body = JSON.stringify({
    pid: process.pid,
    start: startOf(process.pid),
    since: new Date().toISOString(),
  });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, body, { flag: 'wx' });
      heldHere.add(key);
      return lockHandle(key, file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const owner = readOwner(file);
    if (owner !== null && owner.pid !== process.pid && ownerRuns(owner)) {
      throw new AriadneError('library_locked', `The library is in use by process ${owner.pid}.`, {
        action: { kind: 'close-other-instance', pid: owner.pid },
      });
    }
    // Stale (dead owner, or unreadable because the owner died mid-write): remove and retry the exclusive create.
    fs.rmSync(file, { force: true });
  }
  throw new AriadneError('library_locked', `Could not take the library lock at ${file}.`);
}

function lockHandle(key: string, file: string): LibraryLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    heldHere.delete(key);
    process.off('exit', release);
    try {
      if (readOwner(file)?.pid === process.pid) fs.rmSync(file, { force: true });
    } catch {
      // The folder is gone or read-only: nothing left to release.
    }
  };
  // Any exit that runs JavaScript (process.exit, an uncaught exception) removes the lock file; only a
  // SIGKILL or a crash leaves it, and the next open takes a lock whose owner is dead over.
  process.on('exit', release);
  return { file, release };
}
