import type { Library } from '../library';
import { ChangeTracker } from './cache';
import { createCommunitiesService, type CommunitiesService } from '../communities/communities-service';
import { createConversations, type Conversations } from './conversations';
import type { RetrievalDeps } from './deps';
import { createGraphReads } from './graph-reads';
import { RetrievalMetrics } from './metrics';
import type { AskDeps } from './qa/qa-service';
import { NameIndex } from './search/name-index';
import type { SearchContext } from './search/graph-search';

/**
 * The retrieval domain's long-lived state: caches (entities by id, the in-memory name index, community
 * details) that are dropped when the library changes, the community maintainer, conversations and metrics.
 */
export interface RetrievalService {
  readonly communities: CommunitiesService;
  readonly conversations: Conversations;
  readonly metrics: RetrievalMetrics;
  /** Everything a search or a question needs, with caches checked against the library first. */
  context(): Promise<SearchContext & AskDeps>;
  /** The library's opened stores, for the hand edits the graph methods make (rename, merge, delete). */
  stores(): Promise<Library>;
  /**
   * Entities were edited by hand: ingestion's resolution learns of it (so the next document never attaches
   * evidence to an entity that no longer exists), and the caches and communities follow.
   */
  entitiesEdited(ids: string[]): Promise<void>;
  /** Call after any write that retrieval did not make itself (ingestion does it through the event bus). */
  changed(): void;
  close(): Promise<void>;
}

export function createRetrievalService(deps: RetrievalDeps): RetrievalService {
  const now = () => deps.clock.now();
  const tracker = new ChangeTracker(now);
  const data = createGraphReads(tracker);
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

  const service: RetrievalService = {
    communities,
    conversations,
    metrics,
    stores: () => deps.library(),
    async entitiesEdited(ids) {
      await deps.entitiesEdited?.(ids);
      service.changed();
    },
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
  return service;
}
