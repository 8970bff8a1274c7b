import fs from 'node:fs/promises';
import path from 'node:path';
import { kindOfFile } from './parse/parse-in-worker';

/** Which reader a file name gets (pdf, txt, md), or null: what a folder import takes. */
export { kindOfFile };

export interface ImportItem {
  fileName: string;
  originalPath: string;
  /** Bytes, when known before reading: a file over the parser's limit is refused unread. */
  size?: number;
  read(): Promise<Uint8Array>;
}

export interface ExpandedPaths {
  items: ImportItem[];
  rejected: { fileName: string; reason: string }[];
  /** Unsupported files met inside a folder (paths), so a caller can say what it left. */
  skipped: string[];
}

/**
 * Files under the given paths, folders walked recursively; unsupported files are reported, not read:
 * named ones as `rejected`, those met in a folder as `skipped`.
 * Symbolic links are followed, but every folder and file is visited once by its real path: a link back
 * to an ancestor (a loop) walked for ever, growing memory, and two links to one file imported it twice.
 * Inside a named folder, a link is followed only where it stays inside that folder.
 * Only regular files are read (a FIFO named `x.txt` would block the read for good).
 */
/** Kernel and device file systems: their "files" (environ, mem, random) are never documents. */
const SYSTEM_DIRS = ['/proc', '/sys', '/dev'];

const isInside = (file: string, dir: string) =>
  file === dir || file.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);

export async function expandPaths(paths: string[]): Promise<ExpandedPaths> {
  const items: ImportItem[] = [];
  const rejected: ExpandedPaths['rejected'] = [];
  const skipped: string[] = [];
  const seen = new Set<string>();
  const visit = async (p: string, explicit: boolean, root: string | null): Promise<void> => {
    const abs = path.resolve(p);
    const real = await fs.realpath(abs).catch(() => null);
    const st = real ? await fs.stat(real).catch(() => null) : null;
    if (!real || !st) {
      if (explicit) rejected.push({ fileName: p, reason: 'not found' });
      else rejected.push({ fileName: path.basename(abs), reason: 'unreadable or a broken link' });
      return;
    }
    // A dropped folder gives what is in it: a link inside it that leads out (`env.txt -> /proc/self/environ`
    // imported the app's environment, secrets included) is refused, and kernel files never are documents.
    if (root !== null && !isInside(real, root)) {
      rejected.push({
        fileName: path.basename(abs),
        reason: 'a link that leads out of the folder: not imported',
      });
      return;
    }
    if (SYSTEM_DIRS.some((d) => isInside(real, d))) {
      rejected.push({ fileName: path.basename(abs), reason: 'a system file, not a document' });
      return;
    }
    if (seen.has(real)) return;
    seen.add(real);
    if (st.isDirectory()) {
      const names = await fs.readdir(real).catch(() => null);
      if (!names) return void rejected.push({ fileName: path.basename(abs), reason: 'folder not readable' });
      for (const name of names.sort())
        if (!name.startsWith('.')) await visit(path.join(abs, name), false, root ?? real);
      return;
    }
    if (!kindOfFile(abs) || !st.isFile()) {
      if (explicit)
        rejected.push({ fileName: path.basename(abs), reason: 'unsupported file type (PDF, .txt or .md)' });
      else skipped.push(abs);
      return;
    }
    items.push({
      fileName: path.basename(abs),
      originalPath: abs,
      size: st.size,
      read: async () => new Uint8Array(await fs.readFile(real)),
    });
  };
  for (const p of paths) await visit(p, true, null);
  return { items, rejected, skipped };
}
