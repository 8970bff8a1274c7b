import type { Library } from '../library';

/**
 * Edits of entities, by hand (the explorer) or by ingestion (resolution folds): each writes the graph, then
 * keeps the entity vectors in step. Each returns the ids of the entities it touched, so the caller can
 * update what follows them (the resolution index, caches).
 *
 * A rename or an undo keeps the vectors as they are: a pinned name is a label, and a restored entity gets
 * its vector back through reconciliation or the next commit that touches it.
 */
type Stores = Pick<Library, 'graph' | 'vectors'>;

/** Pins an entity's display name. */
export async function renameEntity(lib: Stores, entityId: string, name: string): Promise<string[]> {
  await lib.graph.renameEntity(entityId, name);
  return [entityId];
}

/** Folds entities into a survivor by hand; one merge record each, in order. */
export async function mergeEntities(
  lib: Stores,
  survivorId: string,
  mergedIds: string[],
): Promise<{ mergeIds: string[]; touched: string[] }> {
  const mergeIds: string[] = [];
  for (const m of mergedIds) mergeIds.push((await lib.graph.mergeEntities(survivorId, m)).id);
  await lib.vectors.deleteIds('entities', mergedIds);
  return { mergeIds, touched: [survivorId, ...mergedIds] };
}

/** Undoes merges, newest first (the reverse of the order they were made in). */
export async function undoMerges(lib: Stores, mergeIds: string[]): Promise<string[]> {
  const touched: string[] = [];
  for (const id of [...mergeIds].reverse()) {
    const r = await lib.graph.undoMerge(id);
    touched.push(r.survivorId, r.restoredId);
  }
  return touched;
}

/** Removes an entity with its mentions and evidence, and its vector. */
export async function deleteEntity(lib: Stores, entityId: string): Promise<string[]> {
  await lib.graph.deleteEntity(entityId);
  await lib.vectors.deleteIds('entities', [entityId]);
  return [entityId];
}

/** One fold decided by entity resolution: `from` becomes part of `into` (created from `intoKey` if new). */
export interface EntityFold {
  from: string;
  into: string;
  intoKey: string;
}

/**
 * Applies resolution's folds, each an automatic, undoable merge. A fold whose source is gone was applied
 * before a crash and is skipped, so a resumed commit replays this safely. Vectors follow in the commit
 * (refreshEntityVectors), which embeds the survivors together with the rest of the document's entities.
 */
export async function foldEntities(
  lib: Stores,
  folds: EntityFold[],
): Promise<{ removed: string[]; into: string[] }> {
  const removed: string[] = [];
  const into = new Set<string>();
  for (const f of folds) {
    if (!(await lib.graph.getEntity(f.from))) continue;
    await lib.graph.mergeEntities(f.into, f.from, { automatic: true, survivorKey: f.intoKey });
    removed.push(f.from);
    into.add(f.into);
  }
  for (const id of removed) into.delete(id);
  return { removed, into: [...into] };
}
