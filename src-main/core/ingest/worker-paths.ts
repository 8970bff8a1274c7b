import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WorkerPaths } from './ingest-service';

/**
 * Where the worker entries are when nobody says: next to the bundle in a build (out/main/<name>.js), the
 * src-worker .ts files when the core itself runs from source (tsx, vitest).
 */
export function defaultWorkerPaths(): WorkerPaths {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) {
    const root = path.resolve(path.dirname(here), '../../..');
    return {
      parse: path.join(root, 'src-worker/parse-worker.ts'),
      ingest: path.join(root, 'src-worker/ingest-worker.ts'),
    };
  }
  let dir = path.dirname(here);
  if (path.basename(dir) === 'chunks') dir = path.dirname(dir);
  return { parse: path.join(dir, 'parse-worker.js'), ingest: path.join(dir, 'ingest-worker.js') };
}
