import { z } from 'zod';
import { method } from './define';

/** A copy of the library taken before an import batch, on a schedule, by hand or before a repair. */
export const SnapshotInfo = z.object({
  id: z.string(),
  createdAt: z.string(),
  reason: z.enum(['import', 'schedule', 'manual', 'repair']),
  documents: z.number().int().nonnegative(),
  generation: z.number().int().nullable(),
  bytes: z.number().int().nonnegative(),
});
export type SnapshotInfo = z.infer<typeof SnapshotInfo>;

export const SnapshotList = z.object({
  snapshots: z.array(SnapshotInfo),
  /** The snapshot the library goes back to at its next start, when one was chosen. */
  pendingRestore: z.string().nullable(),
  /** The last restore done at a start, for Settings to say what happened and where the replaced files are. */
  lastRestore: z
    .object({
      id: z.string(),
      createdAt: z.string(),
      documents: z.number().int().nonnegative(),
      restoredAt: z.string(),
      setAside: z.string(),
    })
    .nullable()
    .optional(),
});

export const snapshotMethods = {
  'library:snapshots': method({
    input: z.object({}).strict(),
    output: SnapshotList,
    summary: 'The library’s snapshots, newest first, and the one chosen to restore at the next start.',
  }),
  'library:snapshot': method({
    input: z.object({}).strict(),
    output: SnapshotInfo.nullable(),
    summary: 'Take a snapshot of the library now; null when the library keeps no files to copy.',
  }),
  'library:restore': method({
    // Null cancels a restore chosen before.
    input: z.object({ id: z.string().min(1).max(200).nullable() }).strict(),
    output: SnapshotList,
    summary:
      'Choose a snapshot to go back to: the library is restored when Ariadne next starts (what it replaces is set aside, not deleted).',
  }),
};
