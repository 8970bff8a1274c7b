import type { Library } from '../library';
import { ChangeTracker } from './cache';
import { createCommunitiesService, type CommunitiesService } from '../communities/communities-service';
import { createConversations, type Conversations } from './conversations';
import type { RetrievalDeps } from './deps';
import { createLibraryData, type LibraryData } from './library-data';
import { RetrievalMetrics } from './metrics';
import type { AskDeps } from './qa/qa-service';
import { NameIndex } from './search/name-index';
import type { SearchContext } from './search/graph-search';

/**
 * The retrieval domain's long-lived state: caches (entities by id, the in-memory name index, community
 * details) that are dropped when the library changes, the community maintainer, conversations and metrics.
 */
export interface RetrievalService {
  readonly tracker: ChangeTracker;
  readonly data: LibraryData;
  readonly communities: CommunitiesService;
  readonly conversations: Conversations;
  readonly metrics: RetrievalMetrics;
  readonly deps: RetrievalDeps;
  /** Everything a search or a question needs, with caches checked against the library first. */
  context(): Promise<SearchContext & AskDeps>;
  /** Call after any write that retrieval did not make itself (ingestion does it through the event bus). */
  changed(): void;
  close(): Promise<void>;
}

export function createRetrievalService(deps: RetrievalDeps): RetrievalService {
  const now = () => deps.clock.now();
  const tracker = new ChangeTracker(now);
  const data = createLibraryData(tracker);
  let names: Promise<NameIndex> | null = null;
  tracker.onChange(() => {
    names = null;
  });
  const communities = createCommunitiesService({
    library: deps.library,
    tasks: deps.tasks,
    log: deps.log,
    onWrite: () => tracker.bump(),
    busy: deps.ingestBusy,
    changed: deps.communitiesChanged,
  });
  const conversations = createConversations(async () => (await deps.library()).dataDir, now);
  const metrics = new RetrievalMetrics();
  let closed = false;

  return {
    tracker,
    data,
    communities,
    conversations,
    metrics,
    deps,
    async context() {
      const lib: Library = await deps.library();
      await tracker.check(lib);
      names ??= NameIndex.load(lib);
      const n = await names.catch((e: unknown) => {
        names = null;
        throw e;
      });
      return { lib, tasks: deps.tasks, data, names: n, now, communities };
    },
    changed() {
      if (closed) return;
      tracker.bump();
      communities.schedule();
    },
    async close() {
      closed = true;
      await communities.close();
    },
  };
}
