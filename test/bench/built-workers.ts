import fs from 'node:fs';
import path from 'node:path';
import type { WorkerPaths } from '../../src-main/core/ingest/ingest-service';

/**
 * The worker entries of the build (out/main), as the app runs them; undefined when nothing is built, and
 * the workers then run from source under tsx, compiling TypeScript as each one boots (seconds per parse).
 */
export function builtWorkerPaths(): WorkerPaths | undefined {
  const built = path.resolve(import.meta.dirname, '../../out/main');
  if (!fs.existsSync(path.join(built, 'parse-worker.js'))) {
    console.log('(out/main is not built: workers run from source under tsx and start slower; npm run build)');
    return undefined;
  }
  return { parse: path.join(built, 'parse-worker.js'), ingest: path.join(built, 'ingest-worker.js') };
}
