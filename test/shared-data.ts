import fs from 'node:fs';
import path from 'node:path';

/**
 * The shared real material (papers, BioRED, BC5CDR …): `ARIADNE_SHARED_DATA` when set, else `shared/data`
 * beside the repository (a clone next to `shared/`) or one level further up (a worktree in a folder of
 * worktrees). Null when none exists: benches say so and tests that need it are skipped.
 */
export function sharedDataDir(): string | null {
  const root = path.resolve(import.meta.dirname, '..');
  const candidates = [
    process.env.ARIADNE_SHARED_DATA,
    path.resolve(root, '../shared/data'),
    path.resolve(root, '../../shared/data'),
  ].filter((p): p is string => !!p);
  return candidates.find((p) => fs.existsSync(p)) ?? null;
}

/** A path inside the shared material, or a path that does not exist (so callers print what is missing). */
export function sharedData(...parts: string[]): string {
  return path.join(sharedDataDir() ?? path.resolve(import.meta.dirname, '../../shared/data'), ...parts);
}

/** A folder of the shared material, or null when it is not there (the test or bench says so and skips). */
export function sharedFolder(sub: string): string | null {
  const dir = sharedData(sub);
  return fs.existsSync(dir) ? dir : null;
}
