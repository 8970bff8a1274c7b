import fs from 'node:fs';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '../..');

/**
 * A folder of the shared evaluation data, or null when it is not there. Looked for in ARIADNE_SHARED_DATA,
 * then next to the checkout (`../shared/data`), then next to the folder holding it (a git worktree under
 * `wt/<name>` beside the main checkout).
 */
export function sharedData(sub: string): string | null {
  const roots = [
    process.env.ARIADNE_SHARED_DATA,
    path.join(repo, '../shared/data'),
    path.join(repo, '../../shared/data'),
  ].filter((r): r is string => !!r);
  for (const r of roots) {
    const dir = path.join(r, sub);
    if (fs.existsSync(dir)) return dir;
  }
  return null;
}
