import fs from 'node:fs';
import path from 'node:path';
import { graphBackendOf, graphBackends, type GraphFilesCheck } from '../store/backends';

/** The backend a library folder's graph is kept by, read from its settings without failing on them. */
function backendOf(dataDir: string): string {
  let recorded: unknown;
  try {
    recorded = (
      JSON.parse(fs.readFileSync(path.join(dataDir, 'settings.json'), 'utf8')) as { graphBackend?: unknown }
    ).graphBackend;
  } catch {
    recorded = undefined;
  }
  try {
    return graphBackendOf(dataDir, recorded);
  } catch {
    return 'kuzu';
  }
}

/**
 * The library's graph checked without opening it in this process (a damaged Kùzu page crashes whoever
 * opens it): null when the backend keeps nothing on disk.
 */
export async function checkLibraryGraph(dataDir: string): Promise<GraphFilesCheck | null> {
  const backend = graphBackends[backendOf(dataDir)];
  return backend?.check ? backend.check(dataDir) : null;
}

/** The files of the library's graph, relative to its folder: what a repair sets aside. */
export function graphFilesOf(dataDir: string): string[] {
  return graphBackends[backendOf(dataDir)]?.files ?? [];
}
