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

function readOwner(file: string): number | null {
  try {
    const pid = Number(JSON.parse(fs.readFileSync(file, 'utf8')).pid);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
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
  const body = JSON.stringify({ pid: process.pid, since: new Date().toISOString() });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, body, { flag: 'wx' });
      heldHere.add(key);
      return lockHandle(key, file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const owner = readOwner(file);
    if (owner !== null && owner !== process.pid && alive(owner)) {
      throw new AriadneError('library_locked', `The library is in use by process ${owner}.`, {
        action: { kind: 'close-other-instance', pid: owner },
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
      if (readOwner(file) === process.pid) fs.rmSync(file, { force: true });
    } catch {
      // The folder is gone or read-only: nothing left to release.
    }
  };
  // Any exit that runs JavaScript (process.exit, an uncaught exception) removes the lock file; only a
  // SIGKILL or a crash leaves it, and the next open takes a lock whose owner is dead over.
  process.on('exit', release);
  return { file, release };
}
