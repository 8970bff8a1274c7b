import type { ApiHandlers } from '../../contract/handlers';
import type { Library } from '../library';
import { deleteEntity, mergeEntities, renameEntity, undoMerges } from './entity-edits';

type EntityHandlers = Pick<
  ApiHandlers,
  'graph:rename' | 'graph:merge' | 'graph:undo-merge' | 'graph:delete-entity'
>;

/**
 * The graph domain's writes (graph:rename, graph:merge, graph:undo-merge, graph:delete-entity), beside the
 * entity edits they make: retrieval, which serves the other graph:* methods, only reads.
 */
export function createEntityHandlers(deps: {
  /** The library's opened stores. */
  stores(): Promise<Library>;
  /** Entities were edited by hand: resolution, caches and communities follow (RetrievalService.entitiesEdited). */
  edited(ids: string[]): Promise<void>;
}): EntityHandlers {
  return {
    async 'graph:rename'({ entityId, name }) {
      await deps.edited(await renameEntity(await deps.stores(), entityId, name));
      return { ok: true as const };
    },
    async 'graph:merge'({ survivorId, mergedIds }) {
      const { mergeIds, touched } = await mergeEntities(await deps.stores(), survivorId, mergedIds);
      await deps.edited(touched);
      // One id for the whole operation: undo takes it apart again (newest first).
      return { mergeId: mergeIds.join(',') };
    },
    async 'graph:undo-merge'({ mergeId }) {
      await deps.edited(await undoMerges(await deps.stores(), mergeId.split(',')));
      return { ok: true as const };
    },
    async 'graph:delete-entity'({ entityId }) {
      await deps.edited(await deleteEntity(await deps.stores(), entityId));
      return { ok: true as const };
    },
  };
}
