import type { ApiHandlers } from '../../contract';
import type { Library } from './open-library';
import { chooseRestore, lastRestore, listSnapshots, pendingRestore, takeSnapshot } from './snapshots';

type SnapshotHandlers = Pick<ApiHandlers, 'library:snapshots' | 'library:snapshot' | 'library:restore'>;

/** Listing, taking and choosing snapshots (snapshots.ts) for every client: the CLI, `serve`, the app. */
export function createSnapshotHandlers(library: Library, keep: () => number): SnapshotHandlers {
  const list = () => ({
    snapshots: listSnapshots(library.dataDir),
    pendingRestore: pendingRestore(library.dataDir),
    lastRestore: lastRestore(library.dataDir),
  });
  return {
    'library:snapshots': async () => list(),
    // By hand, one is kept even when the setting keeps none.
    'library:snapshot': () => takeSnapshot(library, 'manual', { keep: Math.max(1, keep()) }),
    async 'library:restore'({ id }) {
      chooseRestore(library.dataDir, id);
      return list();
    },
  };
}
