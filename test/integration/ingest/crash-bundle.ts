import path from 'node:path';
import { bundleChild } from '../../helpers/bundle-child';

const CHILD = path.resolve(import.meta.dirname, 'crash-child.ts');
const WORKERS = { parse: 'src-worker/parse-worker.ts', ingest: 'src-worker/ingest-worker.ts' };

/** The crash child and its workers as bundled files the kill tests spawn. */
export interface CrashBundle {
  child: string;
  /** Passed to the child as ARIADNE_CRASH_WORKERS. */
  workers: { parse: string; ingest: string };
}

/**
 * Bundles the crash child and its two workers, each once per test file: a restarted child then starts from
 * plain JavaScript instead of transforming the sources again.
 */
export async function bundleCrashChild(): Promise<CrashBundle> {
  return {
    child: await bundleChild(CHILD),
    workers: {
      parse: await bundleChild(path.resolve(WORKERS.parse)),
      ingest: await bundleChild(path.resolve(WORKERS.ingest)),
    },
  };
}
