import type { AppSettings } from '../../contract/settings';
import type { Clock, Logger } from '../deps';
import type { Library } from '../library';
import { takeSnapshot } from '../library/snapshots';

export interface SnapshotSchedule {
  /** Takes a snapshot before an import batch, when Settings keeps any. */
  beforeImport(): Promise<void>;
  cancel(): void;
}

/**
 * Snapshots (library/snapshots.ts): before each import batch and on a schedule, when the library changed.
 * A snapshot that fails is logged, never in the way of the import. `armed: false` (a queue opened paused,
 * for a command that only looks) takes none on the schedule.
 */
export function scheduleSnapshots(opts: {
  library: Library;
  clock: Clock;
  log: Logger;
  app: () => AppSettings;
  armed: boolean;
}): SnapshotSchedule {
  const { library, clock, log, app } = opts;
  const snapshot = (reason: 'import' | 'schedule') =>
    takeSnapshot(library, reason, { keep: app().snapshotsKept }).catch((e: unknown) => {
      log.log('warn', 'snapshot not taken', { reason, error: e instanceof Error ? e.message : String(e) });
      return null;
    });
  let timer: { cancel(): void } | null = null;
  const arm = () => {
    const hours = app().snapshotEveryHours;
    timer =
      hours > 0 && app().snapshotsKept > 0
        ? clock.setTimeout(() => void snapshot('schedule').finally(arm), hours * 3_600_000)
        : null;
  };
  if (opts.armed) arm();
  return {
    async beforeImport() {
      if (app().snapshotsKept > 0) await snapshot('import');
    },
    cancel: () => timer?.cancel(),
  };
}
