import { type ChildProcessByStdio, spawn } from 'node:child_process';
import path from 'node:path';
import type { Readable } from 'node:stream';
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

/** Starts the crash child on `dataDir` against the simulator at `simUrl`, ingesting `paths`. */
export function spawnCrashChild(
  bundle: CrashBundle,
  args: {
    dataDir: string;
    simUrl: string;
    paths: string[];
    blockTokens: number;
    env?: Record<string, string>;
  },
): ChildProcessByStdio<null, Readable, Readable> {
  return spawn(process.execPath, [bundle.child, args.dataDir, args.simUrl, ...args.paths], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ARIADNE_CRASH_WORKERS: JSON.stringify(bundle.workers),
      ARIADNE_CRASH_BLOCK_TOKENS: String(args.blockTokens),
      ...args.env,
    },
  });
}
