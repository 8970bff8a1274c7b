import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const CACHE = path.resolve('node_modules/.cache/ariadne-test-children');

/**
 * Bundles a TypeScript child-process entry (a crash test's writer) into one ES module, so each of a test's
 * many child starts is a plain `node child.mjs`. Under `node --import tsx` every start transformed the
 * sources again: 2.7–3.9 s to "ready" on a loaded 2-core box, against 0.3–1.0 s bundled (one bundle, 50 ms).
 * Packages stay external (kuzu, LanceDB are native) and resolve from the repository's node_modules, which is
 * why the bundle lives in node_modules/.cache and not in a temp dir. Keyed by the entry and the pid, so
 * parallel test files never share a file half-written.
 */
export async function bundleChild(entry: string): Promise<string> {
  const key = createHash('sha256').update(`${entry}:${process.pid}`).digest('hex').slice(0, 16);
  const outfile = path.join(CACHE, `${path.basename(entry, '.ts')}-${key}.mjs`);
  fs.mkdirSync(CACHE, { recursive: true });
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'inline',
    logLevel: 'warning',
  });
  return outfile;
}
