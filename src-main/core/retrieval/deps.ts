import type { Clock, Logger } from '../deps';
import type { Library } from '../library';
import type { LlmTasks } from '../llm/task-types';

/**
 * What retrieval needs from the rest of the core. The library is reached through a getter because the
 * core may open (or switch) the library after retrieval is built; retrieval never opens one itself.
 */
export interface RetrievalDeps {
  library: () => Promise<Library>;
  tasks: LlmTasks;
  clock: Clock;
  log: Logger;
  /**
   * True while ingestion has documents queued or running. Background community summaries wait for it to
   * clear: every commit makes summaries stale again, so summarising mid-batch pays the model for summaries
   * that are thrown away, and takes model time from the documents being read.
   */
  ingestBusy?: () => boolean;
  /**
   * Entities edited by hand (renamed, merged, unmerged, deleted): ingestion's resolution index learns of it,
   * so the next document never attaches evidence to an entity that no longer exists.
   */
  entitiesEdited?: (ids: string[]) => Promise<void>;
  /** Communities were recomputed or re-summarised in the background (the core pushes an event). */
  communitiesChanged?: (e: { communities: number; summarised: number }) => void;
}
